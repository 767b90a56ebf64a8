package cardrules_test

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// The client's behaviour against in-process servers (inprocess_test.go): what NewClient's options do to real
// gRPC calls, without the rules server.

func newClient(t *testing.T, services []*scripted, options ...cardrules.Option) *cardrules.Client {
	t.Helper()
	inProcessOptions, stop := inProcess(services, registerCounter)
	t.Cleanup(stop)
	client, err := cardrules.NewClient("inprocess:///rules", append(inProcessOptions, options...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

func scoreLieng(ctx context.Context, client *cardrules.Client) error {
	_, err := client.Lieng.ScoreLieng(ctx, &cardrulesv1.ScoreLiengRequest{})
	return err
}

func TestACallWithoutADeadlineGetsTheDefaultOne(t *testing.T) {
	replica := &scripted{}
	client := newClient(t, []*scripted{replica})
	if err := scoreLieng(context.Background(), client); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if err := scoreLieng(ctx, client); err != nil {
		t.Fatal(err)
	}
	left := replica.Deadlines()
	if len(left) != 2 || left[0] <= 0 || left[0] > cardrules.DefaultTimeout {
		t.Errorf("without a deadline the server saw %v left, want (0, %v]", left, cardrules.DefaultTimeout)
	}
	if len(left) == 2 && left[1] < 30*time.Minute {
		t.Errorf("the caller's one-hour deadline reached the server as %v", left[1])
	}
}

func TestTheDefaultDeadlineEndsAStuckCallAndCanBeTurnedOff(t *testing.T) {
	stuck := &scripted{hang: true}
	client := newClient(t, []*scripted{stuck}, cardrules.WithDefaultTimeout(200*time.Millisecond))
	err := scoreLieng(context.Background(), client)
	var rulesErr *cardrules.Error
	if !errors.As(err, &rulesErr) || !errors.Is(err, cardrules.ErrDeadlineExceeded) {
		t.Fatalf("error %v is not a typed DEADLINE_EXCEEDED", err)
	}
	if stuck.Attempts() != 1 {
		t.Errorf("%d attempts, want 1: a deadline is never retried", stuck.Attempts())
	}

	free := &scripted{}
	if err := scoreLieng(context.Background(), newClient(t, []*scripted{free}, cardrules.WithDefaultTimeout(0))); err != nil {
		t.Fatal(err)
	}
	if left := free.Deadlines(); len(left) != 1 || left[0] != -1 {
		t.Errorf("with the default deadline off the server saw %v left, want none", left)
	}
}

func TestUnavailableIsRetriedUpToFourAttempts(t *testing.T) {
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
			err := scoreLieng(context.Background(), newClient(t, []*scripted{replica}, tc.options...))
			if got := status.Code(err); got != tc.wantCode {
				t.Errorf("code %v, want %v (%v)", got, tc.wantCode, err)
			}
			if replica.Attempts() != tc.wantAttempts {
				t.Errorf("%d attempts, want %d", replica.Attempts(), tc.wantAttempts)
			}
		})
	}
}

func TestRoundRobinReachesEveryReplicaAndPickFirstOne(t *testing.T) {
	replicas := []*scripted{{}, {}, {}}
	client := newClient(t, replicas, cardrules.WithLoadBalancing(cardrules.RoundRobin))
	// Round robin spreads calls over the replicas that are connected; they connect in the background, so how
	// many calls it takes to reach all three is not fixed, but it is a handful, never hundreds.
	for calls := 0; calls < 500 && !everyOneAnswered(replicas); calls++ {
		if err := scoreLieng(context.Background(), client); err != nil {
			t.Fatal(err)
		}
	}
	if !everyOneAnswered(replicas) {
		t.Errorf("round robin left a replica without calls: %d %d %d",
			replicas[0].Attempts(), replicas[1].Attempts(), replicas[2].Attempts())
	}

	replicas = []*scripted{{}, {}, {}}
	client = newClient(t, replicas)
	for calls := 0; calls < 30; calls++ {
		if err := scoreLieng(context.Background(), client); err != nil {
			t.Fatal(err)
		}
	}
	if replicas[0].Attempts() != 30 {
		t.Errorf("pick first spread calls: %d %d %d", replicas[0].Attempts(), replicas[1].Attempts(), replicas[2].Attempts())
	}
}

func everyOneAnswered(replicas []*scripted) bool {
	for _, replica := range replicas {
		if replica.Attempts() == 0 {
			return false
		}
	}
	return true
}

func TestErrorsAreTypedWithEveryDetail(t *testing.T) {
	err := scoreLieng(context.Background(), newClient(t, []*scripted{{reject: wrongCardCount()}}))
	var rulesErr *cardrules.Error
	if !errors.As(err, &rulesErr) {
		t.Fatalf("error %#v is not an *Error", err)
	}
	want := cardrules.FieldViolation{
		Field: "hands[0]", Description: "a Liêng hand is exactly 3 cards, got 2", Reason: "WRONG_CARD_COUNT",
	}
	if len(rulesErr.FieldViolations) != 1 || rulesErr.FieldViolations[0] != want {
		t.Errorf("violations %+v, want [%+v]", rulesErr.FieldViolations, want)
	}
	if rulesErr.Reason != "WRONG_CARD_COUNT" || rulesErr.Domain != "cardrules.v1" ||
		len(rulesErr.Metadata) != 1 || rulesErr.Metadata["field"] != "hands[0]" {
		t.Errorf("ErrorInfo decoded as reason %q, domain %q, metadata %v", rulesErr.Reason, rulesErr.Domain, rulesErr.Metadata)
	}
	if rulesErr.Code != codes.InvalidArgument || status.Code(err) != codes.InvalidArgument ||
		!errors.Is(err, cardrules.ErrInvalidArgument) || errors.Is(err, cardrules.ErrUnavailable) {
		t.Errorf("the code is lost: %v", err)
	}
	if st, _ := status.FromError(err); len(st.Details()) != 2 {
		t.Errorf("the status details are lost: %v", st.Details())
	}
	if got := err.Error(); got != "INVALID_ARGUMENT: invalid hands[0]: a Liêng hand is exactly 3 cards, got 2 "+
		"(hands[0]: a Liêng hand is exactly 3 cards, got 2)" {
		t.Errorf("Error() = %q", got)
	}
}

// A server-streaming method for the stream interceptor (the contract has none yet): Count(n) sends 1..n and ends;
// for n > 3 it sends 1..3, then fails with a field violation.
var counterDesc = grpc.ServiceDesc{
	ServiceName: "cardrules.test.Counter",
	HandlerType: (*any)(nil),
	Streams: []grpc.StreamDesc{{
		StreamName:    "Count",
		ServerStreams: true,
		Handler: func(_ any, stream grpc.ServerStream) error {
			request := &wrapperspb.Int32Value{}
			if err := stream.RecvMsg(request); err != nil {
				return err
			}
			for i := int32(1); i <= request.GetValue() && i <= 3; i++ {
				if err := stream.SendMsg(wrapperspb.Int32(i)); err != nil {
					return err
				}
			}
			if request.GetValue() > 3 {
				st, _ := status.New(codes.InvalidArgument, "too many").WithDetails(&errdetails.BadRequest{
					FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "value", Reason: "TOO_MANY"}},
				})
				return st.Err()
			}
			return nil
		},
	}},
}

func registerCounter(server *grpc.Server) { server.RegisterService(&counterDesc, struct{}{}) }

// count calls Counter/Count(n) on the client's connection and returns what it received and how it ended.
func count(t *testing.T, client *cardrules.Client, n int32) (received []int32, end error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	stream, err := client.Conn().NewStream(ctx, &counterDesc.Streams[0], "/cardrules.test.Counter/Count")
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.SendMsg(wrapperspb.Int32(n)); err != nil {
		t.Fatal(err)
	}
	if err := stream.CloseSend(); err != nil {
		t.Fatal(err)
	}
	for {
		reply := &wrapperspb.Int32Value{}
		if err := stream.RecvMsg(reply); err != nil {
			return received, err
		}
		received = append(received, reply.GetValue())
	}
}

func TestStreamingCallsEndWithTypedErrorsOrEOF(t *testing.T) {
	client := newClient(t, []*scripted{{}})
	received, end := count(t, client, 2)
	if len(received) != 2 || end != io.EOF {
		t.Errorf("a stream that ends normally: received %v, ended with %v, want io.EOF itself", received, end)
	}
	received, end = count(t, client, 5)
	var rulesErr *cardrules.Error
	if len(received) != 3 || !errors.As(end, &rulesErr) || !errors.Is(end, cardrules.ErrInvalidArgument) {
		t.Fatalf("a failing stream: received %v, ended with %#v, want an *Error", received, end)
	}
	if len(rulesErr.FieldViolations) != 1 || rulesErr.FieldViolations[0].Reason != "TOO_MANY" {
		t.Errorf("violations %+v", rulesErr.FieldViolations)
	}
}
