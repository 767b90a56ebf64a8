package cardrules

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// WithStreams sends the calls of client.SamLoc and client.Lieng over up to n long-lived Stream calls per service
// instead of one HTTP/2 stream per call: the server spends about half the CPU per call, which matters to busy
// backends. Methods, deadlines and errors stay those of unary calls. Each stream is placed by the load balancing
// (with RoundRobin, n streams spread over the replicas); when a stream ends (a replica drains, dies, or reaches
// its maximum connection age) the calls it left unanswered are sent again on another stream, within each call's
// deadline and the retry policy. 0, the default, makes unary calls; 2 to 4 streams suit most backends.
func WithStreams(n int) Option { return func(s *settings) { s.streams = n } }

// streamConn is the grpc.ClientConnInterface behind a client in stream mode: Invoke sends a unary RPC of the
// rules services over its service's stream pool; any other method, and every NewStream, goes to the connection.
type streamConn struct {
	conn    *grpc.ClientConn
	routes  map[string]*streamRoute
	pools   map[*streamService]*streamPool
	timeout time.Duration
	retry   bool
}

func newStreamConn(conn *grpc.ClientConn, s settings) (*streamConn, error) {
	routes, err := streamRoutes(Services)
	if err != nil {
		return nil, err
	}
	c := &streamConn{conn: conn, routes: routes, pools: map[*streamService]*streamPool{}, timeout: s.timeout, retry: s.retry}
	for _, route := range routes {
		if c.pools[route.service] == nil {
			c.pools[route.service] = newStreamPool(conn, route.service, s.streams)
		}
	}
	return c, nil
}

// Invoke makes one call over a stream, as a unary call would make it: the default deadline when ctx has none,
// the retry policy's attempts and backoff for UNAVAILABLE and CANCELLED (whether an answer carries the code or
// the stream ended before answering), and the answer's error as an *Error. A message on a stream has no
// options or metadata of its own (the stream carries the connection's credentials), so a call with call options
// or outgoing metadata in ctx is made as a unary call instead, where they apply.
func (c *streamConn) Invoke(ctx context.Context, method string, request, reply any, opts ...grpc.CallOption) error {
	route, ok := c.routes[method]
	if !ok || hasCallerOptions(opts) || hasOutgoingMetadata(ctx) {
		return c.conn.Invoke(ctx, method, request, reply, opts...)
	}
	if _, ok := ctx.Deadline(); !ok && c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	encoded, err := route.encode(request)
	if err != nil {
		return typed(err)
	}
	pool := c.pools[route.service]
	for attempt := 1; ; attempt++ {
		result, err := pool.send(ctx, route, encoded)
		if err != nil {
			return typed(err)
		}
		failure := result.ended
		if failure == nil {
			if failure = route.decode(result.answer, reply); failure == nil {
				return nil
			}
		}
		if pool.isClosed() {
			return typed(errClosing)
		}
		if !c.retry || attempt >= maxAttempts || !slices.Contains(retryableCodes, status.Code(failure)) {
			return typed(failure)
		}
		if err := waitBackoff(ctx, pool.ctx, attempt); err != nil {
			return typed(err)
		}
	}
}

// hasCallerOptions: opts has an option other than the StaticMethod that generated stubs add to every call.
func hasCallerOptions(opts []grpc.CallOption) bool {
	for _, opt := range opts {
		if _, static := opt.(grpc.StaticMethodCallOption); !static {
			return true
		}
	}
	return false
}

func hasOutgoingMetadata(ctx context.Context) bool {
	md, ok := metadata.FromOutgoingContext(ctx)
	return ok && md.Len() > 0
}

// NewStream opens a streaming call on the connection, as on a client without streams.
func (c *streamConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string,
	opts ...grpc.CallOption) (grpc.ClientStream, error) {
	return c.conn.NewStream(ctx, desc, method, opts...)
}

// close ends every stream; calls waiting on them fail with CANCELLED.
func (c *streamConn) close() {
	for _, pool := range c.pools {
		pool.close()
	}
}

// waitBackoff waits before the next attempt as gRPC's retry does: a random time up to
// initialBackoff * backoffMultiplier^(attempt-1), capped at maxBackoff. It ends early with the call's context
// (DEADLINE_EXCEEDED or CANCELLED) or the client's close (CANCELLED).
func waitBackoff(ctx, client context.Context, attempt int) error {
	limit := initialBackoff
	for i := 1; i < attempt && limit < maxBackoff; i++ {
		limit *= backoffMultiplier
	}
	timer := time.NewTimer(time.Duration(rand.Int64N(int64(min(limit, maxBackoff)) + 1)))
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return status.FromContextError(ctx.Err()).Err()
	case <-client.Done():
		return errClosing
	}
}

var _ grpc.ClientConnInterface = (*streamConn)(nil)

// errNegativeStreams is NewClient's error for WithStreams(n) with n < 0.
var errNegativeStreams = errors.New("cardrules: WithStreams needs a number of streams >= 0")
