package conformance

import (
	"encoding/json"
	"strings"
	"testing"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The known answer of lieng, 2 seats, seed 00 01 … ff (256 bytes), client seed "x"×256, nonce 1
// (cardrules/deal_test.go), as a vector's expected response.
const knownLiengDeal = `{
  "hands": [
    {"cards": [{"rank": "RANK_FIVE", "suit": "SUIT_DIAMONDS"}, {"rank": "RANK_JACK", "suit": "SUIT_CLUBS"},
               {"rank": "RANK_FOUR", "suit": "SUIT_CLUBS"}]},
    {"cards": [{"rank": "RANK_TWO", "suit": "SUIT_HEARTS"}, {"rank": "RANK_FIVE", "suit": "SUIT_SPADES"},
               {"rank": "RANK_KING", "suit": "SUIT_SPADES"}]}
  ],
  "commitment": "QK/y6dLYki5Hr9RkjmlnSXFYeF+9Hahw5xECZr+USIA=",
  "algorithm": "cardrules-deal-v1"
}`

func liengDealRequest(seedBytes int) *cardrulesv1.LiengServiceDealRequest {
	seed := make([]byte, seedBytes)
	for i := range seed {
		seed[i] = byte(i)
	}
	return &cardrulesv1.LiengServiceDealRequest{SeatCount: 2, ServerSeed: seed, ClientSeed: strings.Repeat("x", 256), Nonce: 1}
}

func dealMethod(t *testing.T) protoreflect.MethodDescriptor {
	t.Helper()
	method, problem := findMethod("cardrules.v1.LiengService", "Deal")
	if problem != "" {
		t.Fatal(problem)
	}
	return method
}

func expecting(t *testing.T, response string) Case {
	t.Helper()
	var expected map[string]any
	if err := json.Unmarshal([]byte(response), &expected); err != nil {
		t.Fatal(err)
	}
	return Case{Service: "cardrules.v1.LiengService", Method: "Deal", Response: expected}
}

func TestLocalDealAgreesWithAnExpectationTheAlgorithmGives(t *testing.T) {
	if difference := localDealDifference(expecting(t, knownLiengDeal), dealMethod(t), liengDealRequest(256)); difference != "" {
		t.Fatal(difference)
	}
}

func TestLocalDealFailsAnExpectationTheAlgorithmDoesNotGive(t *testing.T) {
	swapped := strings.Replace(knownLiengDeal, `"RANK_FIVE", "suit": "SUIT_DIAMONDS"`, `"RANK_FIVE", "suit": "SUIT_HEARTS"`, 1)
	difference := localDealDifference(expecting(t, swapped), dealMethod(t), liengDealRequest(256))
	if !strings.HasPrefix(difference, "local DealFrom: ") || !strings.Contains(difference, "hands") {
		t.Errorf("a wrong card: %q", difference)
	}
	wrongCommitment := strings.Replace(knownLiengDeal, "QK/y6", "AK/y6", 1)
	if difference := localDealDifference(expecting(t, wrongCommitment), dealMethod(t), liengDealRequest(256)); difference == "" {
		t.Error("a wrong commitment passed")
	}
}

func TestLocalDealRefusesWhatTheCaseExpectsRefused(t *testing.T) {
	refused := Case{Service: "cardrules.v1.LiengService", Method: "Deal", Error: &ExpectedError{Code: "INVALID_ARGUMENT"}}
	if difference := localDealDifference(refused, dealMethod(t), liengDealRequest(31)); difference != "" {
		t.Errorf("a 31-byte seed: %q", difference)
	}
	named := refused
	named.Error = &ExpectedError{Code: "INVALID_ARGUMENT", FieldViolations: []Violation{{"server_seed", "WRONG_LENGTH"}}}
	if difference := localDealDifference(named, dealMethod(t), liengDealRequest(31)); difference != "" {
		t.Errorf("a 31-byte seed, its violation named: %q", difference)
	}
	misnamed := refused
	misnamed.Error = &ExpectedError{Code: "INVALID_ARGUMENT", FieldViolations: []Violation{{"nonce", "OUT_OF_RANGE"}}}
	difference := localDealDifference(misnamed, dealMethod(t), liengDealRequest(31))
	if difference != "local DealFrom refused server_seed WRONG_LENGTH, but the case expects nonce OUT_OF_RANGE" {
		t.Errorf("a 31-byte seed, another violation expected: %q", difference)
	}
	if difference := localDealDifference(refused, dealMethod(t), liengDealRequest(32)); !strings.Contains(difference, "expects error") {
		t.Errorf("a dealable request expected refused: %q", difference)
	}
}

func TestLocalDealLeavesOtherMethodsAlone(t *testing.T) {
	method, _ := findMethod("cardrules.v1.LiengService", "ScoreLieng")
	var request proto.Message = &cardrulesv1.ScoreLiengRequest{}
	if difference := localDealDifference(Case{Response: map[string]any{"x": 1.0}}, method, request); difference != "" {
		t.Error(difference)
	}
}
