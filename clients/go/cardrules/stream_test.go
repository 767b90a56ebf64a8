package cardrules_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Stream mode (WithStreams) against in-process servers whose Stream answers like the real one (scripted.Stream):
// the same answers, errors, deadlines and retries as unary calls, and no call lost when a stream ends.

// scoreHands calls ScoreLieng with n empty hands; the scripted server answers n scores, so a caller can tell its
// own answer from another call's.
func scoreHands(ctx context.Context, client *cardrules.Client, n int) error {
	hands := make([]*cardrulesv1.Cards, n)
	for i := range hands {
		hands[i] = &cardrulesv1.Cards{}
	}
	response, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{Hands: hands})
	if err == nil && len(response.GetScores()) != n {
		return fmt.Errorf("sent %d hands, got the answer with %d scores", n, len(response.GetScores()))
	}
	return err
}

// concurrently makes calls ScoreLieng calls at once, call i with i%7 hands, and returns their errors.
func concurrently(ctx context.Context, client *cardrules.Client, calls int) []error {
	errs := make([]error, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = scoreHands(ctx, client, i%7)
		}()
	}
	wg.Wait()
	return errs
}

func noErrors(t *testing.T, errs []error) {
	t.Helper()
	for i, err := range errs {
		if err != nil {
			t.Errorf("call %d: %v", i, err)
		}
	}
}

func TestStreamCallsGetTheirOwnAnswersOverAtMostNStreams(t *testing.T) {
	replica := &scripted{}
	client := newClient(t, []*scripted{replica}, cardrules.WithStreams(3))
	noErrors(t, concurrently(context.Background(), client, 300))
	attempts, unary, streams, messages := replica.Counts()
	if attempts != 300 || messages != 300 || unary != 0 {
		t.Errorf("%d attempts, %d stream messages, %d unary calls; want 300, 300, 0", attempts, messages, unary)
	}
	if streams < 1 || streams > 3 {
		t.Errorf("%d streams opened, want 1 to 3", streams)
	}
}

func TestWithoutStreamsCallsAreUnary(t *testing.T) {
	replica := &scripted{}
	client := newClient(t, []*scripted{replica}, cardrules.WithStreams(0))
	noErrors(t, concurrently(context.Background(), client, 10))
	if _, unary, streams, _ := replica.Counts(); unary != 10 || streams != 0 {
		t.Errorf("%d unary calls and %d streams, want 10 and 0", unary, streams)
	}
	if _, err := cardrules.NewClient("localhost:50051", cardrules.WithStreams(-1)); err == nil {
		t.Error("WithStreams(-1) was accepted")
	}
}

func TestCallsWithCallOptionsOrMetadataAreUnaryInStreamMode(t *testing.T) {
	replica := &scripted{}
	client := newClient(t, []*scripted{replica}, cardrules.WithStreams(2))
	var header metadata.MD
	if _, err := client.Lieng.ScoreLieng(context.Background(), &cardrulesv1.ScoreLiengRequest{}, grpc.Header(&header)); err != nil {
		t.Fatal(err)
	}
	ctx := metadata.AppendToOutgoingContext(context.Background(), "x-table", "7")
	if err := scoreLieng(ctx, client); err != nil {
		t.Fatal(err)
	}
	if err := scoreLieng(context.Background(), client); err != nil {
		t.Fatal(err)
	}
	if attempts, unary, streams, _ := replica.Counts(); attempts != 3 || unary != 2 || streams != 1 {
		t.Errorf("%d calls, %d unary, %d streams; want 3, 2 (those with options or metadata), 1", attempts, unary, streams)
	}
}

func TestStreamErrorsEqualUnaryErrors(t *testing.T) {
	unaryErr := scoreLieng(context.Background(), newClient(t, []*scripted{{reject: wrongCardCount()}}))
	streamErr := scoreLieng(context.Background(), newClient(t, []*scripted{{reject: wrongCardCount()}}, cardrules.WithStreams(1)))
	var unary, stream *cardrules.Error
	if !errors.As(unaryErr, &unary) || !errors.As(streamErr, &stream) {
		t.Fatalf("errors %#v and %#v are not both *Error", unaryErr, streamErr)
	}
	if fmt.Sprintf("%+v %v %v %v", stream.FieldViolations, stream.Reason, stream.Domain, stream.Metadata) !=
		fmt.Sprintf("%+v %v %v %v", unary.FieldViolations, unary.Reason, unary.Domain, unary.Metadata) ||
		stream.Code != unary.Code || stream.Message != unary.Message || stream.Error() != unary.Error() {
		t.Errorf("on a stream %+v, unary %+v", stream, unary)
	}
	if !proto.Equal(stream.GRPCStatus().Proto(), unary.GRPCStatus().Proto()) {
		t.Errorf("status on a stream %v, unary %v", stream.GRPCStatus().Proto(), unary.GRPCStatus().Proto())
	}
	if !errors.Is(streamErr, cardrules.ErrInvalidArgument) || status.Code(streamErr) != codes.InvalidArgument {
		t.Errorf("the code is lost: %v", streamErr)
	}
}

func TestStreamCallsRetryLikeUnaryCalls(t *testing.T) {
	down := []codes.Code{codes.Unavailable, codes.Unavailable, codes.Unavailable, codes.Unavailable}
	for _, tc := range []struct {
		name         string
		failFirst    []codes.Code
		options      []cardrules.Option
		wantAttempts int
		wantCode     codes.Code
	}{
		{"recovers", down[:2], nil, 3, codes.OK},
		{"cancelled by a replica shutting down", []codes.Code{codes.Canceled}, nil, 2, codes.OK},
		{"stays down", down, nil, 4, codes.Unavailable},
		{"retry off", down[:1], []cardrules.Option{cardrules.WithoutRetry()}, 1, codes.Unavailable},
		{"a malformed request is final", []codes.Code{codes.InvalidArgument}, nil, 1, codes.InvalidArgument},
		{"overload is final", []codes.Code{codes.ResourceExhausted}, nil, 1, codes.ResourceExhausted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			replica := &scripted{failFirst: tc.failFirst}
			options := append([]cardrules.Option{cardrules.WithStreams(2)}, tc.options...)
			err := scoreLieng(context.Background(), newClient(t, []*scripted{replica}, options...))
			if got := status.Code(err); got != tc.wantCode {
				t.Errorf("code %v, want %v (%v)", got, tc.wantCode, err)
			}
			if attempts, unary, _, _ := replica.Counts(); attempts != tc.wantAttempts || unary != 0 {
				t.Errorf("%d attempts (%d unary), want %d on streams", attempts, unary, tc.wantAttempts)
			}
		})
	}
}

func TestACallThatStopsWaitingHasItsLateAnswerDropped(t *testing.T) {
	replica := &scripted{gate: make(chan struct{}), arrived: make(chan struct{}, 1)}
	client := newClient(t, []*scripted{replica}, cardrules.WithStreams(1))
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error)
	go func() { stopped <- scoreHands(ctx, client, 3) }()
	<-replica.arrived // the server holds the call
	cancel()
	if err := <-stopped; status.Code(err) != codes.Canceled || !errors.As(err, new(*cardrules.Error)) {
		t.Fatalf("error %v is not a typed CANCELLED", err)
	}
	// The server answers the abandoned call now, then the next one on the same stream: the next call must get
	// its own answer (one score), not the late one (three).
	close(replica.gate)
	if err := scoreHands(context.Background(), client, 1); err != nil {
		t.Fatal(err)
	}
	if attempts, _, streams, _ := replica.Counts(); attempts != 2 || streams != 1 {
		t.Errorf("%d attempts on %d streams, want 2 on 1: a call the caller stopped is not sent again and "+
			"does not end the stream", attempts, streams)
	}
}

func TestDeadlinesEndStreamCallsAndAreNotRetried(t *testing.T) {
	stuck := &scripted{hang: true}
	client := newClient(t, []*scripted{stuck}, cardrules.WithStreams(1), cardrules.WithDefaultTimeout(200*time.Millisecond))
	// The default deadline, then the context's.
	if err := scoreLieng(context.Background(), client); !errors.Is(err, cardrules.ErrDeadlineExceeded) {
		t.Fatalf("error %v is not DEADLINE_EXCEEDED", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := scoreLieng(ctx, client)
	if !errors.Is(err, cardrules.ErrDeadlineExceeded) || !errors.As(err, new(*cardrules.Error)) {
		t.Fatalf("error %v is not a typed DEADLINE_EXCEEDED", err)
	}
	// Each call reached the server at most once (a slow machine may pass a deadline before the call is sent).
	if attempts, _, _, _ := stuck.Counts(); attempts > 2 {
		t.Errorf("%d attempts for 2 calls past their deadline", attempts)
	}
}

func TestCallsLeftUnansweredByADrainingStreamAreSentAgain(t *testing.T) {
	// The first stream reads all ten calls, answers four and ends with UNAVAILABLE: the other six go again.
	replica := &scripted{drain: &drain{Read: 10, Answered: 4}}
	client := newClient(t, []*scripted{replica}, cardrules.WithStreams(1))
	noErrors(t, concurrently(context.Background(), client, 10))
	if attempts, _, streams, messages := replica.Counts(); streams != 2 || messages != 16 || attempts != 10 {
		t.Errorf("%d streams, %d messages, %d answered; want 2, 16 (10 + 6 sent again), 10", streams, messages, attempts)
	}
}

func TestCallsOnAReplicaThatDiesAreSentToAnother(t *testing.T) {
	// Each replica answers its first call, then holds the others until its gate opens.
	replicas := []*scripted{
		{gate: make(chan struct{}), holdFrom: 2, arrived: make(chan struct{}, 1)},
		{gate: make(chan struct{}), holdFrom: 2, arrived: make(chan struct{}, 1)},
	}
	options, servers := inProcessServers(replicas)
	t.Cleanup(func() {
		for _, server := range servers {
			server.Stop()
		}
	})
	client, err := cardrules.NewClient("inprocess:///rules",
		append(options, cardrules.WithStreams(1), cardrules.WithLoadBalancing(cardrules.RoundRobin))...)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	// A first call opens the one stream on one replica, the victim, and is answered. (An answered stream is one
	// gRPC's own retry no longer replays, so what follows tests the client's re-sending.)
	if err := scoreLieng(context.Background(), client); err != nil {
		t.Fatal(err)
	}
	victim, survivor := 0, 1
	if _, _, streams, _ := replicas[1].Counts(); streams == 1 {
		victim, survivor = 1, 0
	}
	<-replicas[victim].arrived
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan []error)
	go func() { done <- concurrently(ctx, client, 5) }()
	// The victim holds the calls and dies; the survivor answers them.
	<-replicas[victim].arrived
	close(replicas[survivor].gate)
	servers[victim].Stop()
	noErrors(t, <-done)
	if attempts, _, streams, _ := replicas[survivor].Counts(); streams == 0 || attempts != 5 {
		t.Errorf("the surviving replica answered %d calls on %d streams, want 5 on 1 or more", attempts, streams)
	}
}

func TestAServerWithoutStreamsFailsTheCallsWithUnimplemented(t *testing.T) {
	replica := &scripted{streamless: true}
	err := scoreLieng(context.Background(), newClient(t, []*scripted{replica}, cardrules.WithStreams(2)))
	if !errors.As(err, new(*cardrules.Error)) || status.Code(err) != codes.Unimplemented {
		t.Errorf("error %v, want a typed UNIMPLEMENTED", err)
	}
}

func TestCloseCancelsCallsOnStreamsAndLeavesNoGoroutine(t *testing.T) {
	replica := &scripted{gate: make(chan struct{}), arrived: make(chan struct{}, 1)}
	options, stop := inProcess([]*scripted{replica})
	defer stop()
	before := runtime.NumGoroutine()

	client, err := cardrules.NewClient("inprocess:///rules", append(options, cardrules.WithStreams(3))...)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan error)
	go func() { waiting <- scoreLieng(context.Background(), client) }()
	<-replica.arrived
	if err := client.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-waiting; status.Code(err) != codes.Canceled {
		t.Errorf("the call in flight ended with %v, want CANCELLED", err)
	}
	if err := scoreLieng(context.Background(), client); status.Code(err) != codes.Canceled {
		t.Errorf("a call after Close ended with %v, want CANCELLED", err)
	}
	// grpc's own goroutines (the connection's, the server's for the stream) end shortly after Close: wait for
	// them, generously, rather than guess how long they take.
	for wait := time.Now(); runtime.NumGoroutine() > before && time.Since(wait) < 20*time.Second; {
		time.Sleep(10 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines before the client, %d after Close:\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

func TestCloseDuringManyCallsEndsEachOneWithItsAnswerOrCancelled(t *testing.T) {
	replica := &scripted{arrived: make(chan struct{}, 1)}
	options, stop := inProcess([]*scripted{replica})
	defer stop()
	client, err := cardrules.NewClient("inprocess:///rules", append(options, cardrules.WithStreams(2))...)
	if err != nil {
		t.Fatal(err)
	}
	calls := make(chan []error)
	go func() { calls <- concurrently(context.Background(), client, 400) }()
	<-replica.arrived
	if err := client.Close(); err != nil {
		t.Fatal(err)
	}
	for i, err := range <-calls {
		if err != nil && status.Code(err) != codes.Canceled {
			t.Errorf("call %d: %v, want its answer or CANCELLED", i, err)
		}
	}
}
