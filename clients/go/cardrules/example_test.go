package cardrules_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// The first part of the README example, for godoc (tests/docs/test_go_readme.py runs the README's own copy against
// a live server). Its answers are the rules', which need a running server, so it has no Output comment: `go test`
// compiles it but does not run it. The examples in inprocess_example_test.go run.
func Example() {
	ctx := context.Background()
	client, err := cardrules.NewClient("localhost:50051") // retries UNAVAILABLE/CANCELLED; 2 s default deadline
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	resp, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD AH", "2S 3H 4D")})
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range resp.GetScores() {
		fmt.Println(s.GetLabel().GetEn(), s.GetPoints())
	}
	_, err = client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD")})
	var bad *cardrules.Error
	if errors.As(err, &bad) {
		fmt.Println(cardrules.CodeName(bad.Code), bad.FieldViolations[0].Field)
	}
}

// The README's authentication example: mutual TLS with this client's certificate, and a bearer token on every
// call. Compiled by `go test`, not run; tests/sdk/test_go_auth.py runs the same options against a live server.
func Example_authentication() {
	client, err := cardrules.NewClient("rules.internal.example:50051",
		cardrules.WithTLS(cardrules.TLS{
			CAFile:   "ca.pem",       // the CA that signed the server's certificate ("" = system roots)
			CertFile: "game-api.pem", // this client's certificate and key, when the server wants mutual TLS
			KeyFile:  "game-api.key",
		}),
		cardrules.WithToken(os.Getenv("CARDRULES_TOKEN")), // sent as "authorization: Bearer <token>"
	)
	if err != nil {
		log.Fatal(err) // unreadable files, an empty token
	}
	defer client.Close()
	_, err = client.Lieng.ScoreLieng(context.Background(),
		&cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD AH")})
	if errors.Is(err, cardrules.ErrUnauthenticated) {
		log.Fatal("the server refused the token: ", err) // never retried
	}
}

// A player checks a hand after it: the backend published the commitment before the deal and revealed the server
// seed after the hand; the hands are the ones StartHand was given (in any order within a seat).
func ExampleVerifyDeal() {
	serverSeed := bytes.Repeat([]byte{0xff}, 32) // revealed after the hand
	in := cardrules.DealInput{Game: cardrules.GameSamLoc, ServerSeed: serverSeed, ClientSeed: "Bàn 9 ♠",
		Nonce: 42, SeatCount: 2}
	deal, err := cardrules.DealFrom(in) // what Deal returned, recomputed here
	if err != nil {
		log.Fatal(err)
	}
	first, _ := cardrules.CardsText(deal.Hands[0].GetCards())
	fmt.Println("seat 0:", first)
	fmt.Println("commitment:", hex.EncodeToString(deal.Commitment)[:16]+"…")

	published := deal.Commitment // shown before the hand
	hands := cardrules.MustHands("2C 5D 7S 9D TC JC JD JS QH AD", "4S 5S 8S 9S TS TD QD KC KH 2D")
	fair, err := cardrules.VerifyDeal(in, hands, published)
	fmt.Println("fair:", fair, err)
	// Output:
	// seat 0: 2C 9D 5D QH AD JS JD JC 7S TC
	// commitment: af9613760f72635f…
	// fair: true <nil>
}

// A backend asks for every seat's view and a spectator's in one call, then forwards each client its own copy.
// Here the answer is built by hand, as the service would return it for Views: TableViewers(2).
func ExampleViewFor() {
	answer := &cardrulesv1.SamLocServiceLegalMovesResponse{Views: []*cardrulesv1.SamLocServiceLegalMovesView{
		{Viewer: cardrules.SeatViewer(0), Answer: &cardrulesv1.SamLocServiceLegalMovesResponse{
			Moves: []*cardrulesv1.SamMove{{Move: &cardrulesv1.SamMove_Pass{Pass: &cardrulesv1.SamPass{}}}}}},
		{Viewer: cardrules.SeatViewer(1), Answer: &cardrulesv1.SamLocServiceLegalMovesResponse{}},
		{Viewer: cardrules.SpectatorViewer(), Answer: &cardrulesv1.SamLocServiceLegalMovesResponse{}},
	}}
	for _, viewer := range cardrules.TableViewers(2) {
		view, err := cardrules.ViewFor(answer, viewer)
		fmt.Println(cardrules.ViewerName(viewer), "sees", len(view.GetMoves()), "moves", err)
	}
	_, err := cardrules.ViewFor(answer, cardrules.AuditViewer())
	fmt.Println(errors.Is(err, cardrules.ErrNoView))
	// Output:
	// seat 0 sees 1 moves <nil>
	// seat 1 sees 0 moves <nil>
	// a spectator sees 0 moves <nil>
	// true
}
