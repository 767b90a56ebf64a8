package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/protobuf/proto"
)

// These tests need a live server, named by CARDRULES_TARGET (host:port), and the shared vectors: the folder
// CARDRULES_VECTORS, else tests/vectors of the repository around the working directory. Without
// CARDRULES_TARGET they skip, so `go test ./...` passes anywhere; tests/sdk/test_go_conformance.py sets it and
// checks that none skipped. With it set, a missing server or missing vectors is a failure.

// liveTarget is the server under test; it skips t when none is named.
func liveTarget(t *testing.T) string {
	t.Helper()
	target := os.Getenv("CARDRULES_TARGET")
	if target == "" {
		t.Skip("CARDRULES_TARGET (host:port of a running rules server) is not set")
	}
	return target
}

// vectorsFolder is CARDRULES_VECTORS, else tests/vectors in the first parent folder that has one.
func vectorsFolder() (string, error) {
	if folder := os.Getenv("CARDRULES_VECTORS"); folder != "" {
		return folder, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		folder := filepath.Join(dir, "tests", "vectors")
		if info, err := os.Stat(folder); err == nil && info.IsDir() {
			return folder, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no tests/vectors above the working directory: set CARDRULES_VECTORS")
		}
		dir = parent
	}
}

func dial(t *testing.T, options ...cardrules.Option) *cardrules.Client {
	t.Helper()
	client, err := cardrules.NewClient(liveTarget(t), options...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

func TestSharedVectorsPass(t *testing.T) {
	replayVectors(t, dial(t))
}

// The same vectors, each case a message on its service's Stream (stream mode), with the same expectations.
func TestSharedVectorsPassOnStreams(t *testing.T) {
	replayVectors(t, dial(t, cardrules.WithStreams(2)))
}

func replayVectors(t *testing.T, client *cardrules.Client) {
	t.Helper()
	folder, err := vectorsFolder()
	if err != nil {
		t.Fatal(err)
	}
	result, err := Run(context.Background(), client.Invoker(), folder, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// Printed, not logged: the pytest wrapper reads the summary line from `go test -v` output.
	for _, failure := range result.Failures {
		fmt.Printf("FAIL %s :: %s: %s\n", failure.File, failure.Name, failure.Difference)
	}
	fmt.Println(result.Summary())
	if !result.OK() {
		t.Errorf("conformance: %s", result.Summary())
	}
}

func TestClientScoresCardTextAndReportsFieldViolations(t *testing.T) {
	for name, options := range map[string][]cardrules.Option{"unary": nil, "stream": {cardrules.WithStreams(1)}} {
		t.Run(name, func(t *testing.T) { scoresCardTextAndReportsFieldViolations(t, dial(t, options...)) })
	}
}

func scoresCardTextAndReportsFieldViolations(t *testing.T, client *cardrules.Client) {
	ctx := context.Background()
	response, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{
		Hands: cardrules.MustHands("AC AD AH", "2S 3H 4D"),
	})
	if err != nil {
		t.Fatal(err)
	}
	scores := response.GetScores()
	if len(scores) != 2 || scores[0].GetTier() != cardrulesv1.LiengTier_LIENG_TIER_SAP {
		t.Fatalf("scores %v", scores)
	}
	_, err = client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD")})
	var rulesErr *cardrules.Error
	if !errors.As(err, &rulesErr) || !errors.Is(err, cardrules.ErrInvalidArgument) {
		t.Fatalf("error %v is not a typed INVALID_ARGUMENT", err)
	}
	if len(rulesErr.FieldViolations) == 0 || !strings.HasPrefix(rulesErr.FieldViolations[0].Field, "hands[0]") {
		t.Errorf("violations %v do not name hands[0]", rulesErr.FieldViolations)
	}
	// The stable reasons: each violation's, and the ErrorInfo's (the first violation's, with its field).
	if len(rulesErr.FieldViolations) > 0 && rulesErr.FieldViolations[0].Reason != "WRONG_CARD_COUNT" {
		t.Errorf("violation reason %q, want WRONG_CARD_COUNT", rulesErr.FieldViolations[0].Reason)
	}
	if rulesErr.Reason != "WRONG_CARD_COUNT" || rulesErr.Domain != "cardrules.v1" || rulesErr.Metadata["field"] != "hands[0]" {
		t.Errorf("ErrorInfo decoded as %q %q %v", rulesErr.Reason, rulesErr.Domain, rulesErr.Metadata)
	}
}

func TestRunnerCountsFailuresAndMalformedVectors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "cases.json", `{"cases": [
		{"name": "passes", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {}, "expect": {"error": {"code": "INVALID_ARGUMENT",
		   "fieldViolations": [{"field": "hands", "reason": "WRONG_HAND_COUNT"}]}}},
		{"name": "wrong set", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {}, "expect": {"error": {"code": "INVALID_ARGUMENT", "fieldViolations": []}}},
		{"name": "typo in request", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {"handz": []}, "expect": {"response": {}}},
		{"name": "no such method", "service": "cardrules.v1.LiengService", "method": "Shuffle",
		 "request": {}, "expect": {"response": {}}},
		{"name": "succeeds unexpectedly", "service": "cardrules.v1.LiengService", "method": "ScoreLieng",
		 "request": {"hands": [{"cards": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"},
		   {"rank": "RANK_ACE", "suit": "SUIT_HEARTS"}, {"rank": "RANK_ACE", "suit": "SUIT_CLUBS"}]}]},
		 "expect": {"error": {"code": "INVALID_ARGUMENT"}}},
		{"name": "misspelt", "service": "x", "method": "y", "request": {}, "expect": {"respons": {}}}
	]}`)
	client := dial(t)
	result, err := Run(context.Background(), client.Conn(), dir, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if result.Summary() != "1 passed, 5 failed" || result.OK() {
		t.Fatalf("result %+v", result)
	}
	want := map[string]string{
		"misspelt":              `malformed vector: "expect" has unknown keys ["respons"]`,
		"wrong set":             `error.fieldViolations: unexpected ["hands WRONG_HAND_COUNT"]`,
		"typo in request":       `request does not parse as cardrules.v1.ScoreLiengRequest`,
		"no such method":        `unknown method "Shuffle" of cardrules.v1.LiengService`,
		"succeeds unexpectedly": `error: expected INVALID_ARGUMENT, but the call succeeded`,
	}
	for _, failure := range result.Failures {
		if !strings.HasPrefix(failure.Difference, want[failure.Name]) || failure.File != "cases.json" {
			t.Errorf("%s: %q, want prefix %q", failure.Name, failure.Difference, want[failure.Name])
		}
	}
}

// Every move LegalMoves lists, sent back as SamActionFromMove makes it, is legal: the documented way to act on
// LegalMoves' answer (the hand and facing card are those of the rules' worked example 17).
func TestEveryLegalSamMoveValidates(t *testing.T) {
	client := dial(t)
	ctx := context.Background()
	for _, current := range []string{"4C", ""} {
		state := &cardrulesv1.SamTableState{Turn: 0, Seats: []*cardrulesv1.SamSeat{
			{Holding: &cardrulesv1.SamSeat_Hand{Hand: cardrules.MustHand("3S 3H 4D 5C 5H 9S 2D")}},
			{Holding: &cardrulesv1.SamSeat_CardCount{CardCount: 10}},
		}}
		if current != "" {
			state.Current = cardrules.MustHand(current)
			state.CurrentOwner = proto.Int32(1)
		}
		moves, err := client.SamLoc.LegalMoves(ctx, &cardrulesv1.SamLocServiceLegalMovesRequest{State: state})
		if err != nil {
			t.Fatal(err)
		}
		if len(moves.GetMoves()) == 0 {
			t.Fatalf("facing %q: no legal moves", current)
		}
		for _, move := range moves.GetMoves() {
			action := cardrules.SamActionFromMove(moves.GetSeat(), move)
			answer, err := client.SamLoc.ValidatePlay(ctx, &cardrulesv1.SamLocServiceValidatePlayRequest{State: state, Action: action})
			if err != nil {
				t.Fatalf("facing %q, %v: %v", current, move, err)
			}
			if !answer.GetLegal() {
				t.Errorf("facing %q: legal move %v was refused: %v", current, move, answer.GetReason())
			}
		}
	}
}
