package cardrules

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// A streamPool keeps up to n open Streams of one service and sends each call on the next one in turn. A stream
// is opened when a call first needs its slot, and opened anew when the one before ended, so each new stream is
// placed by the connection's load balancing (round_robin picks a replica per stream).
type streamPool struct {
	conn    *grpc.ClientConn
	service *streamService
	ctx     context.Context // ends with Close: every stream of the pool is opened under it
	cancel  context.CancelFunc

	mu     sync.Mutex
	lanes  []*lane // nil until first used
	next   int
	closed bool

	ids atomic.Uint64
	wg  sync.WaitGroup // the goroutines of every lane
}

func newStreamPool(conn *grpc.ClientConn, service *streamService, streams int) *streamPool {
	ctx, cancel := context.WithCancel(context.Background())
	return &streamPool{conn: conn, service: service, ctx: ctx, cancel: cancel, lanes: make([]*lane, streams)}
}

// errClosing is what calls get once the client is closed: grpc's own error for a closed connection.
var errClosing = status.Error(codes.Canceled, "grpc: the client connection is closing")

// outcome is how one attempt ended: an answer, or the stream's end before it answered.
type outcome struct {
	answer proto.Message
	ended  error
}

// attempt is one sending of a call, with an id of its own so a late answer to an earlier attempt is never
// taken for this one's.
type attempt struct {
	id        uint64
	frame     frame
	done      chan outcome // buffered: the lane never waits for the caller
	abandoned atomic.Bool  // the caller stopped waiting: skip sending it
}

// send sends one attempt of a call and waits for its outcome. The error is final for the call: the caller's
// context ended (DEADLINE_EXCEEDED or CANCELLED; the late answer is dropped) or the client is closed.
func (p *streamPool) send(ctx context.Context, route *streamRoute, request []byte) (outcome, error) {
	lane, err := p.pick()
	if err != nil {
		return outcome{}, err
	}
	id := p.ids.Add(1)
	a := &attempt{id: id, frame: route.frame(id, request), done: make(chan outcome, 1)}
	if ended := lane.submit(a); ended != nil {
		return outcome{ended: ended}, nil
	}
	select {
	case result := <-a.done:
		return result, nil
	case <-ctx.Done():
		lane.abandon(a)
		return outcome{}, status.FromContextError(ctx.Err()).Err()
	}
}

// pick returns the next slot's stream, opening one when the slot has none or its stream ended.
func (p *streamPool) pick() (*lane, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, errClosing
	}
	slot := p.next
	p.next = (p.next + 1) % len(p.lanes)
	if current := p.lanes[slot]; current != nil && !current.hasEnded() {
		return current, nil
	}
	ctx, cancel := context.WithCancel(p.ctx)
	fresh := &lane{pool: p, ctx: ctx, cancel: cancel, wake: make(chan struct{}, 1), pending: map[uint64]*attempt{}}
	p.lanes[slot] = fresh
	p.wg.Add(1)
	go fresh.run()
	return fresh, nil
}

func (p *streamPool) isClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}

// close ends every stream, fails the calls waiting on them with CANCELLED and waits for the pool's goroutines.
func (p *streamPool) close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
}

// lane is one open Stream: a goroutine sends the queued attempts in order, another matches answers to pending
// attempts by id. When the stream ends, every attempt it has not answered gets the stream's end as outcome.
type lane struct {
	pool   *streamPool
	ctx    context.Context
	cancel context.CancelFunc
	wake   chan struct{} // capacity 1: "the queue is not empty"

	mu      sync.Mutex
	queue   []*attempt          // submitted, not sent yet
	pending map[uint64]*attempt // submitted, not answered yet (the queued ones too)
	ended   error               // how the stream ended; nil while open
}

// submit queues a for sending; if the stream has already ended it returns how instead.
func (l *lane) submit(a *attempt) error {
	l.mu.Lock()
	if l.ended != nil {
		l.mu.Unlock()
		return l.ended
	}
	l.pending[a.id] = a
	l.queue = append(l.queue, a)
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
	return nil
}

// abandon forgets a: it is not sent if still queued, and its answer is dropped.
func (l *lane) abandon(a *attempt) {
	a.abandoned.Store(true)
	l.mu.Lock()
	delete(l.pending, a.id)
	l.mu.Unlock()
}

func (l *lane) hasEnded() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ended != nil
}

// run opens the stream, starts the receiver and sends the queue until the stream ends.
func (l *lane) run() {
	defer l.pool.wg.Done()
	stream, err := l.pool.conn.NewStream(l.ctx, &l.pool.service.desc, l.pool.service.method, grpc.ForceCodec(frameCodec{}))
	if err != nil {
		l.end(err)
		return
	}
	l.pool.wg.Add(1)
	go l.receive(stream)
	for {
		select {
		case <-l.wake:
		case <-l.ctx.Done():
			return
		}
		l.mu.Lock()
		batch := l.queue
		l.queue = nil
		l.mu.Unlock()
		for _, a := range batch {
			if a.abandoned.Load() {
				continue
			}
			if err := stream.SendMsg(a.frame); err != nil {
				if errors.Is(err, io.EOF) || l.ctx.Err() != nil {
					return // the stream has ended: receive reports how, and fails what is left
				}
				// An error of this message alone (grpc refused it before sending, e.g. too large): fail it.
				l.mu.Lock()
				_, waiting := l.pending[a.id]
				delete(l.pending, a.id)
				l.mu.Unlock()
				if waiting {
					a.done <- outcome{ended: typed(err)}
				}
			}
		}
	}
}

// receive hands each answer to its attempt until the stream ends, then ends the lane.
func (l *lane) receive(stream grpc.ClientStream) {
	defer l.pool.wg.Done()
	answerID := l.pool.service.answerID
	for {
		answer := l.pool.service.answer.New().Interface()
		if err := stream.RecvMsg(answer); err != nil {
			l.end(err)
			return
		}
		id := answer.ProtoReflect().Get(answerID).Uint()
		l.mu.Lock()
		a := l.pending[id]
		delete(l.pending, id)
		l.mu.Unlock()
		if a != nil { // nil: an abandoned attempt's late answer
			a.done <- outcome{answer: answer}
		}
	}
}

// end records how the stream ended and gives that to every attempt it has not answered.
func (l *lane) end(err error) {
	if errors.Is(err, io.EOF) {
		// The server closed the stream without a status: to the calls it left unanswered, that is an outage.
		err = status.Error(codes.Unavailable, "cardrules: the stream ended before answering")
	}
	err = typed(err)
	l.mu.Lock()
	l.ended = err
	unanswered := l.pending
	l.pending, l.queue = nil, nil
	l.mu.Unlock()
	l.cancel() // stops the sender and releases the stream
	for _, a := range unanswered {
		a.done <- outcome{ended: err}
	}
}
