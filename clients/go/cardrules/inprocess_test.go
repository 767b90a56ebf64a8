package cardrules_test

import (
	"context"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/resolver"
	"google.golang.org/grpc/resolver/manual"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

// scripted is an in-process LiengService for the tests and examples of the client's own behaviour: deadlines,
// retries, balancing, typed errors. It does not know the rules (tests/sdk runs the shared vectors against the
// real server): its ScoreLieng fails the first attempts with the scripted codes, then answers an empty
// response, or the error in reject.
type scripted struct {
	cardrulesv1.UnimplementedLiengServiceServer
	failFirst []codes.Code // the codes of the first attempts, in order
	reject    error        // the answer after them, when not nil
	hang      bool         // wait for the call's deadline instead of answering

	mu        sync.Mutex
	attempts  int
	deadlines []time.Duration // the time left before each attempt's deadline; -1 without one
}

func (s *scripted) ScoreLieng(ctx context.Context, _ *cardrulesv1.ScoreLiengRequest) (*cardrulesv1.ScoreLiengResponse, error) {
	left := time.Duration(-1)
	if deadline, ok := ctx.Deadline(); ok {
		left = time.Until(deadline)
	}
	s.mu.Lock()
	s.attempts++
	attempt := s.attempts
	s.deadlines = append(s.deadlines, left)
	s.mu.Unlock()
	switch {
	case attempt <= len(s.failFirst):
		return nil, status.Error(s.failFirst[attempt-1], "scripted failure")
	case s.hang:
		<-ctx.Done()
		return nil, status.FromContextError(ctx.Err()).Err()
	case s.reject != nil:
		return nil, s.reject
	}
	return &cardrulesv1.ScoreLiengResponse{}, nil
}

// Attempts is how many calls (retries included) reached s.
func (s *scripted) Attempts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attempts
}

// Deadlines is the time each attempt had left when it arrived (-1: no deadline).
func (s *scripted) Deadlines() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.deadlines...)
}

// wrongCardCount is what the real server answers to ScoreLieng with the two-card hand "AC AD" first.
func wrongCardCount() error {
	st, err := status.New(codes.InvalidArgument, "invalid hands[0]: a Liêng hand is exactly 3 cards, got 2").WithDetails(
		&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{
			Field: "hands[0]", Description: "a Liêng hand is exactly 3 cards, got 2", Reason: "WRONG_CARD_COUNT",
		}}},
		&errdetails.ErrorInfo{Reason: "WRONG_CARD_COUNT", Domain: "cardrules.v1", Metadata: map[string]string{"field": "hands[0]"}},
	)
	if err != nil {
		panic(err)
	}
	return st.Err()
}

// inProcess serves each service on its own in-memory listener (bufconn) and returns the options that make
// cardrules.NewClient("inprocess:///rules", options...) reach all of them, as a dns:/// target would reach every
// replica, and a function that stops the servers. extra registers more services on every server.
func inProcess(services []*scripted, extra ...func(*grpc.Server)) (options []cardrules.Option, stop func()) {
	listeners := map[string]*bufconn.Listener{}
	var servers []*grpc.Server
	var addresses []resolver.Address
	for i, service := range services {
		address := fmt.Sprintf("replica-%d", i)
		listener := bufconn.Listen(1 << 20)
		server := grpc.NewServer()
		cardrulesv1.RegisterLiengServiceServer(server, service)
		for _, register := range extra {
			register(server)
		}
		go func() { _ = server.Serve(listener) }()
		listeners[address] = listener
		servers = append(servers, server)
		addresses = append(addresses, resolver.Address{Addr: address})
	}
	replicas := manual.NewBuilderWithScheme("inprocess")
	replicas.InitialState(resolver.State{Addresses: addresses})
	dialer := func(ctx context.Context, address string) (net.Conn, error) {
		listener, ok := listeners[address]
		if !ok {
			return nil, fmt.Errorf("no in-process server at %q", address)
		}
		return listener.DialContext(ctx)
	}
	options = []cardrules.Option{cardrules.WithDialOptions(grpc.WithResolvers(replicas), grpc.WithContextDialer(dialer))}
	return options, func() {
		for _, server := range servers {
			server.Stop()
		}
	}
}
