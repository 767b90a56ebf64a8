package cardrules_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// The README example. It has no Output comment, so `go test` compiles it but does not run it (it needs a server);
// conformance/live_test.go makes the same calls against a live one.
func Example() {
	ctx := context.Background()
	client, err := cardrules.Dial("localhost:50051") // retries UNAVAILABLE/CANCELLED; 2 s default deadline
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
