package cardrules

import (
	"context"
	"errors"
	"io"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// DefaultTimeout is the deadline a call gets when its context has none: every rules call answers in
// milliseconds, so waiting longer only hides an outage.
const DefaultTimeout = 2 * time.Second

type settings struct {
	loadBalancing LoadBalancing
	retry         bool
	timeout       time.Duration
	// transport makes the connection's credentials (plaintext unless WithTLS or WithTransportCredentials).
	transport func() (credentials.TransportCredentials, error)
	token     *bearerToken
	extra     []grpc.DialOption
	streams   int // WithStreams; 0: unary calls
}

// Option configures NewClient and DialOptions: WithToken, WithInsecureToken, WithTLS, WithTransportCredentials,
// WithLoadBalancing, WithoutRetry, WithDefaultTimeout, WithDialOptions and WithStreams.
type Option func(*settings)

// WithLoadBalancing picks the policy (default PickFirst); RoundRobin wants a "dns:///host:port" target.
func WithLoadBalancing(lb LoadBalancing) Option { return func(s *settings) { s.loadBalancing = lb } }

// WithoutRetry turns the retry policy off (e.g. behind a proxy that retries itself).
func WithoutRetry() Option { return func(s *settings) { s.retry = false } }

// WithDefaultTimeout sets the deadline for calls whose context has none; 0 turns the default deadline off.
func WithDefaultTimeout(d time.Duration) Option { return func(s *settings) { s.timeout = d } }

// WithTransportCredentials uses TLS (or any credentials) instead of the default plaintext connection; WithTLS
// builds TLS credentials from PEM files. It replaces WithTLS, and the reverse.
func WithTransportCredentials(creds credentials.TransportCredentials) Option {
	return func(s *settings) {
		s.transport = func() (credentials.TransportCredentials, error) { return creds, nil }
	}
}

// WithDialOptions appends raw grpc dial options, applied after the ones this package sets: your own
// interceptors, grpc.WithContextDialer for an in-process server, keepalive parameters, a user agent.
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(s *settings) { s.extra = append(s.extra, opts...) }
}

// DialOptions are the grpc dial options NewClient uses, for callers who build their own grpc.ClientConn: the
// transport credentials, the token, the service config, the default deadline of unary calls and the typed
// errors (*Error) of unary and streaming calls. WithStreams is a feature of Client, not of the connection: it
// is ignored here.
func DialOptions(opts ...Option) ([]grpc.DialOption, error) {
	s, err := newSettings(opts)
	if err != nil {
		return nil, err
	}
	return s.dialOptions()
}

func newSettings(opts []Option) (settings, error) {
	s := settings{loadBalancing: PickFirst, retry: true, timeout: DefaultTimeout, transport: plaintext}
	for _, opt := range opts {
		opt(&s)
	}
	if s.timeout < 0 {
		return s, errors.New("cardrules: the default timeout must be >= 0")
	}
	if s.streams < 0 {
		return s, errNegativeStreams
	}
	return s, nil
}

func (s settings) dialOptions() ([]grpc.DialOption, error) {
	config, err := ServiceConfig(s.loadBalancing, s.retry)
	if err != nil {
		return nil, err
	}
	transport, err := s.transport()
	if err != nil {
		return nil, err
	}
	if transport == nil {
		return nil, errors.New("cardrules: WithTransportCredentials needs credentials, not nil")
	}
	dial := []grpc.DialOption{
		grpc.WithTransportCredentials(transport),
		grpc.WithDefaultServiceConfig(config),
		grpc.WithChainUnaryInterceptor(unaryInterceptor(s.timeout)),
		grpc.WithChainStreamInterceptor(streamInterceptor),
	}
	if s.token != nil {
		if err := checkToken(s.token.token); err != nil {
			return nil, err
		}
		if s.token.requireTLS && transport.Info().SecurityProtocol == "insecure" {
			return nil, errors.New("cardrules: WithToken sends the token only over TLS (WithTLS); " +
				"WithInsecureToken sends it over plaintext, for trusted networks only")
		}
		dial = append(dial, grpc.WithPerRPCCredentials(s.token))
	}
	return append(dial, s.extra...), nil
}

func plaintext() (credentials.TransportCredentials, error) { return insecure.NewCredentials(), nil }

// unaryInterceptor gives calls without a deadline the default one, so a raw stub never waits forever, and
// turns failures into *Error so callers read field violations without decoding status details.
func unaryInterceptor(timeout time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn,
		invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if _, ok := ctx.Deadline(); !ok && timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		return typed(invoker(ctx, method, req, reply, cc, opts...))
	}
}

// streamInterceptor turns the failures of a streaming call (opening it, sending, receiving) into *Error, as
// unaryInterceptor does for unary calls. It adds no default deadline: a stream may rightly outlive any fixed
// one, so its lifetime is the caller's context. io.EOF, the normal end of a stream, passes through unchanged.
func streamInterceptor(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string,
	streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	stream, err := streamer(ctx, desc, cc, method, opts...)
	if err != nil {
		return nil, typed(err)
	}
	return typedStream{stream}, nil
}

// typedStream is a client stream whose errors are *Error.
type typedStream struct{ grpc.ClientStream }

func (s typedStream) SendMsg(m any) error { return typed(s.ClientStream.SendMsg(m)) }
func (s typedStream) RecvMsg(m any) error { return typed(s.ClientStream.RecvMsg(m)) }
func (s typedStream) CloseSend() error    { return typed(s.ClientStream.CloseSend()) }

// typed is err as an *Error when it carries a gRPC status; anything else (nil, io.EOF) unchanged.
func typed(err error) error {
	if errors.Is(err, io.EOF) {
		return err
	}
	if rulesErr := FromError(err); rulesErr != nil {
		return rulesErr
	}
	return err
}

// connection is what a Client holds besides its service stubs (Client and its fields are generated from the
// contract, in services.gen.go).
type connection struct {
	conn    *grpc.ClientConn
	invoker grpc.ClientConnInterface
	streams *streamConn // nil without WithStreams
}

// NewClient creates a client for target ("localhost:50051", "dns:///cardrules-headless.games:50051"). Like
// grpc.NewClient it does not connect until the first call, so an unreachable server is an error of the first
// call (UNAVAILABLE), not of NewClient; NewClient fails only on bad options (an unreadable TLS file, a token on a
// plaintext connection). Plaintext unless WithTLS or WithTransportCredentials. Close the client when done.
func NewClient(target string, opts ...Option) (*Client, error) {
	s, err := newSettings(opts)
	if err != nil {
		return nil, err
	}
	dialOptions, err := s.dialOptions()
	if err != nil {
		return nil, err
	}
	conn, err := grpc.NewClient(target, dialOptions...)
	if err != nil {
		return nil, err
	}
	client := &Client{connection: connection{conn: conn, invoker: conn}}
	if s.streams > 0 {
		if client.streams, err = newStreamConn(conn, s); err != nil {
			conn.Close()
			return nil, err
		}
		client.invoker = client.streams
	}
	client.connectServices(client.invoker)
	return client, nil
}

// Conn is the underlying connection, e.g. for conn.Invoke with a full method name. Its calls are unary calls,
// also with WithStreams; Invoker sends them the way the service fields (SamLoc, Lieng) do.
func (c *Client) Conn() *grpc.ClientConn { return c.conn }

// Invoker is what the service fields (SamLoc, Lieng) call through: Conn(), or with WithStreams the stream pools,
// whose Invoke sends any unary RPC of the services by its full method name ("/cardrules.v1.LiengService/ScoreLieng")
// over a stream. For generic callers such as the conformance runner.
func (c *Client) Invoker() grpc.ClientConnInterface { return c.invoker }

// Close closes the client's streams and connection; calls in flight fail with CANCELLED.
func (c *Client) Close() error {
	if c.streams != nil {
		c.streams.close()
	}
	return c.conn.Close()
}
