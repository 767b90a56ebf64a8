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
// retries, balancing, typed errors, stream mode. It does not know the rules (tests/sdk runs the shared vectors
// against the real server): its ScoreLieng fails the first attempts with the scripted codes, then answers one
// empty score per hand sent (so a test can tell answers apart), or the error in reject.
type scripted struct {
	cardrulesv1.UnimplementedLiengServiceServer
	failFirst  []codes.Code  // the codes of the first attempts, in order
	reject     error         // the answer after them, when not nil
	hang       bool          // wait for the call's deadline instead of answering
	gate       chan struct{} // when not nil, answers wait until the gate is closed (or the call ends)
	holdFrom   int           // the first attempt the gate holds (1 when 0)
	arrived    chan struct{} // when not nil, gets a token (if there is room) as each attempt arrives
	streamless bool          // Stream fails with UNIMPLEMENTED, like a server from before streams
	drain      *drain        // how the first stream ends, when not nil

	mu        sync.Mutex
	attempts  int
	unary     int             // the attempts that came as unary calls
	streams   int             // the Streams opened
	messages  int             // the Stream messages received
	deadlines []time.Duration // the time left before each attempt's deadline; -1 without one
}

// drain scripts the first stream a replica serves: it reads Read messages without answering, answers the
// first Answered of them, then ends the stream with UNAVAILABLE, as a replica that drains on SIGTERM.
type drain struct{ Read, Answered int }

func (s *scripted) ScoreLieng(ctx context.Context, request *cardrulesv1.ScoreLiengRequest) (*cardrulesv1.ScoreLiengResponse, error) {
	s.mu.Lock()
	s.unary++
	s.mu.Unlock()
	return s.answer(ctx, request)
}

// answer is ScoreLieng's scripted answer, the same for a unary call and a stream message.
func (s *scripted) answer(ctx context.Context, request *cardrulesv1.ScoreLiengRequest) (*cardrulesv1.ScoreLiengResponse, error) {
	left := time.Duration(-1)
	if deadline, ok := ctx.Deadline(); ok {
		left = time.Until(deadline)
	}
	s.mu.Lock()
	s.attempts++
	attempt := s.attempts
	s.deadlines = append(s.deadlines, left)
	s.mu.Unlock()
	if s.arrived != nil {
		select {
		case s.arrived <- struct{}{}:
		default:
		}
	}
	if s.gate != nil && attempt >= max(s.holdFrom, 1) {
		select {
		case <-s.gate:
		case <-ctx.Done():
			return nil, status.FromContextError(ctx.Err()).Err()
		}
	}
	switch {
	case attempt <= len(s.failFirst):
		return nil, status.Error(s.failFirst[attempt-1], "scripted failure")
	case s.hang:
		<-ctx.Done()
		return nil, status.FromContextError(ctx.Err()).Err()
	case s.reject != nil:
		return nil, s.reject
	}
	scores := make([]*cardrulesv1.LiengScore, len(request.GetHands()))
	for i := range scores {
		scores[i] = &cardrulesv1.LiengScore{}
	}
	return &cardrulesv1.ScoreLiengResponse{Scores: scores}, nil
}

// Stream answers each message in order as ScoreLieng would, a failure as the message's error, like the real
// server; calls other than ScoreLieng fail with UNIMPLEMENTED.
func (s *scripted) Stream(stream grpc.BidiStreamingServer[cardrulesv1.LiengServiceStreamRequest, cardrulesv1.LiengServiceStreamResponse]) error {
	if s.streamless {
		return status.Error(codes.Unimplemented, "unknown method Stream for service cardrules.v1.LiengService")
	}
	s.mu.Lock()
	s.streams++
	plan := s.drain
	s.drain = nil
	s.mu.Unlock()
	var held []*cardrulesv1.LiengServiceStreamRequest
	for {
		request, err := stream.Recv()
		if err != nil {
			return err
		}
		s.mu.Lock()
		s.messages++
		s.mu.Unlock()
		if plan != nil {
			if held = append(held, request); len(held) < plan.Read {
				continue
			}
			for _, request := range held[:plan.Answered] {
				if err := s.answerMessage(stream, request); err != nil {
					return err
				}
			}
			return status.Error(codes.Unavailable, "the server is shutting down")
		}
		if err := s.answerMessage(stream, request); err != nil {
			return err
		}
	}
}

func (s *scripted) answerMessage(stream grpc.BidiStreamingServer[cardrulesv1.LiengServiceStreamRequest, cardrulesv1.LiengServiceStreamResponse],
	request *cardrulesv1.LiengServiceStreamRequest) error {
	answer := &cardrulesv1.LiengServiceStreamResponse{Id: request.GetId()}
	call, ok := request.GetCall().(*cardrulesv1.LiengServiceStreamRequest_ScoreLieng)
	if !ok {
		answer.Result = &cardrulesv1.LiengServiceStreamResponse_Error{Error: status.New(codes.Unimplemented, "not scripted").Proto()}
		return stream.Send(answer)
	}
	response, err := s.answer(stream.Context(), call.ScoreLieng)
	if err != nil {
		answer.Result = &cardrulesv1.LiengServiceStreamResponse_Error{Error: status.Convert(err).Proto()}
	} else {
		answer.Result = &cardrulesv1.LiengServiceStreamResponse_ScoreLieng{ScoreLieng: response}
	}
	return stream.Send(answer)
}

// Counts are how many attempts reached s in all, as unary calls, and the Streams and their messages.
func (s *scripted) Counts() (attempts, unary, streams, messages int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attempts, s.unary, s.streams, s.messages
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
	options, servers := inProcessServers(services, extra...)
	return options, func() {
		for _, server := range servers {
			server.Stop()
		}
	}
}

// inProcessServers is inProcess returning the servers, to stop one of them as a replica that dies.
func inProcessServers(services []*scripted, extra ...func(*grpc.Server)) (options []cardrules.Option, servers []*grpc.Server) {
	listeners := map[string]*bufconn.Listener{}
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
	return options, servers
}
