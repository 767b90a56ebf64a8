package conformance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The runner's second check of every Deal case: the SDK's own DealFrom recomputes the expected answer from the
// case's request, so the shared vectors test the local verification as well as the server. The expected views are
// left out: they are the server's redaction of the same deal, which DealFrom does not make.

// dealGames is the game each service deals, by the service's full name.
var dealGames = map[protoreflect.FullName]cardrules.DealGame{
	"cardrules.v1.SamLocService": cardrules.GameSamLoc,
	"cardrules.v1.LiengService":  cardrules.GameLieng,
}

// dealRequest is what both games' Deal requests hold.
type dealRequest interface {
	GetSeatCount() int32
	GetServerSeed() []byte
	GetClientSeed() string
	GetNonce() int64
	GetAlgorithm() string
}

// localDealDifference is, for a Deal case, the first difference between the case's expectation and what DealFrom
// computes locally from its request (an expected error must be refused locally too); "" when they agree or the
// case is not a Deal.
func localDealDifference(c Case, method protoreflect.MethodDescriptor, request proto.Message) string {
	game, ok := dealGames[method.Parent().FullName()]
	fields, isDeal := request.(dealRequest)
	if method.Name() != "Deal" || !ok || !isDeal {
		return ""
	}
	deal, err := cardrules.DealFrom(cardrules.DealInput{
		Game: game, ServerSeed: fields.GetServerSeed(), ClientSeed: fields.GetClientSeed(),
		Nonce: fields.GetNonce(), SeatCount: int(fields.GetSeatCount()), Algorithm: fields.GetAlgorithm(),
	})
	var refused *cardrules.DealInputError
	switch {
	case errors.As(err, &refused) && c.Error != nil:
		return refusalDifference(refused, c.Error.FieldViolations)
	case err != nil:
		return fmt.Sprintf("local DealFrom: %v", err)
	case c.Error != nil:
		return fmt.Sprintf("local DealFrom dealt, but the case expects error %s", c.Error.Code)
	}
	actual, err := responseJSON(dealResponse(game, deal))
	if err != nil {
		return err.Error()
	}
	expected := make(map[string]any, len(c.Response))
	for key, value := range c.Response {
		if key != "views" {
			expected[key] = value
		}
	}
	if difference := MatchResponse(expected, actual, c.Unordered); difference != "" {
		return "local DealFrom: " + difference
	}
	return ""
}

func dealResponse(game cardrules.DealGame, deal *cardrules.LocalDeal) proto.Message {
	if game == cardrules.GameLieng {
		return &cardrulesv1.LiengServiceDealResponse{Hands: deal.Hands, Undealt: deal.Undealt,
			Commitment: deal.Commitment, Algorithm: deal.Algorithm}
	}
	return &cardrulesv1.SamLocServiceDealResponse{Hands: deal.Hands, Undealt: deal.Undealt,
		Commitment: deal.Commitment, Algorithm: deal.Algorithm}
}

// refusalDifference: DealFrom reports the first input out of range, which must be one of the violations the case
// expects (when it lists them).
func refusalDifference(refused *cardrules.DealInputError, expected []Violation) string {
	if len(expected) == 0 {
		return ""
	}
	wanted := make([]string, len(expected))
	for i, v := range expected {
		if v.Field == refused.Field && v.Reason == refused.Reason {
			return ""
		}
		wanted[i] = v.Field + " " + v.Reason
	}
	return fmt.Sprintf("local DealFrom refused %s %s, but the case expects %s",
		refused.Field, refused.Reason, strings.Join(wanted, ", "))
}
