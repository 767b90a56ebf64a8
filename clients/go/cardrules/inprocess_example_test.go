package cardrules_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/grpc/codes"
)

// These examples run under `go test` against in-process servers (inprocess_test.go) that script failures, so
// they show the client's own behaviour; the rules' answers need the real server (Example, in example_test.go).

// A replica that is down (UNAVAILABLE) is retried with backoff, up to 4 attempts in all.
func ExampleNewClient_retries() {
	replica := &scripted{failFirst: []codes.Code{codes.Unavailable, codes.Unavailable}}
	options, stop := inProcess([]*scripted{replica})
	defer stop()

	client, err := cardrules.NewClient("inprocess:///rules", options...)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	_, err = client.Lieng.ScoreLieng(context.Background(), &cardrulesv1.ScoreLiengRequest{})
	fmt.Println("error:", err)
	fmt.Println("attempts:", replica.Attempts())
	// Output:
	// error: <nil>
	// attempts: 3
}

// A malformed request fails with a *cardrules.Error carrying the status details: the field violations (each
// with its stable reason) and the ErrorInfo. The in-process server answers what the real one does for "AC AD".
func ExampleError() {
	options, stop := inProcess([]*scripted{{reject: wrongCardCount()}})
	defer stop()
	client, err := cardrules.NewClient("inprocess:///rules", options...)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	_, err = client.Lieng.ScoreLieng(context.Background(),
		&cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD")})
	var bad *cardrules.Error
	if errors.As(err, &bad) {
		fmt.Println(cardrules.CodeName(bad.Code), errors.Is(err, cardrules.ErrInvalidArgument))
		for _, v := range bad.FieldViolations {
			fmt.Println(v.Field, v.Reason, "-", v.Description)
		}
		fmt.Println(bad.Reason, bad.Domain, bad.Metadata["field"])
	}
	// Output:
	// INVALID_ARGUMENT true
	// hands[0] WRONG_CARD_COUNT - a Liêng hand is exactly 3 cards, got 2
	// WRONG_CARD_COUNT cardrules.v1 hands[0]
}

// A call whose context has no deadline gets the default one, so a stuck server cannot hold it forever.
func ExampleWithDefaultTimeout() {
	options, stop := inProcess([]*scripted{{hang: true}})
	defer stop()
	client, err := cardrules.NewClient("inprocess:///rules", append(options, cardrules.WithDefaultTimeout(100*time.Millisecond))...)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	_, err = client.Lieng.ScoreLieng(context.Background(), &cardrulesv1.ScoreLiengRequest{})
	fmt.Println(errors.Is(err, cardrules.ErrDeadlineExceeded))
	// Output: true
}

// With WithStreams, calls travel as messages on long-lived Streams. Here the replica's first stream reads both
// calls, answers one and ends with UNAVAILABLE, as a replica draining on SIGTERM does: the call left unanswered
// is sent again on a new stream, and both calls succeed.
func ExampleWithStreams() {
	replica := &scripted{drain: &drain{Read: 2, Answered: 1}}
	options, stop := inProcess([]*scripted{replica})
	defer stop()
	client, err := cardrules.NewClient("inprocess:///rules", append(options, cardrules.WithStreams(1))...)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = client.Lieng.ScoreLieng(context.Background(), &cardrulesv1.ScoreLiengRequest{})
		}()
	}
	wg.Wait()
	_, _, streams, messages := replica.Counts()
	fmt.Println("errors:", errs)
	fmt.Println("streams:", streams, "messages:", messages)
	// Output:
	// errors: [<nil> <nil>]
	// streams: 2 messages: 3
}

func ExampleParseCards() {
	cards, err := cardrules.ParseCards("10h, Q♦ as")
	if err != nil {
		log.Fatal(err)
	}
	text, err := cardrules.CardsText(cards)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(text)
	_, err = cardrules.ParseCard("1X")
	fmt.Println(err)
	// Output:
	// TH QD AS
	// cardrules: bad card "1X": a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"
}
