// Command streamload drives one rules RPC at a cardrules server, unary or as messages on the service's Stream, for
// tests/benchmarks/bench_stream.py (which builds the request bytes, pins the server and this driver to different
// cores and reads the server's CPU time between the "measuring" and "done" lines this prints).
//
// Requests are raw bytes (no generated code): -request holds the serialized unary request; -message holds the
// serialized Stream request carrying it with id 0 (omitted on the wire), so a message with id n is the varint
// field 1 = n followed by those bytes (protobuf accepts fields in any order). Answers are checked: a unary call
// must end OK, a Stream answer must carry the id sent in that position (answers come in request order) and no
// error (field 2, google.rpc.Status).
//
// Load: -rate 0 is a closed loop at saturation (-concurrency calls in flight: that many unary callers, or that
// many messages in flight over -streams streams); -rate R sends R calls/s on a fixed schedule (open loop), and
// latency counts from each call's scheduled time, so a driver or server falling behind shows in the percentiles.
// One JSON line of results ends the output.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protowire"
)

type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return *(v.(*[]byte)), nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	*(v.(*[]byte)) = append((*(v.(*[]byte)))[:0], data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

type options struct {
	target, path, mode   string
	request, message     []byte
	concurrency, streams int
	rate                 float64
	warmup, duration     time.Duration
}

// recorder keeps the latencies of calls that both started and ended inside the measured window.
type recorder struct {
	mu        sync.Mutex
	latencies []time.Duration
	errors    atomic.Int64
	start     atomic.Int64 // unix nanos of the window's start, 0 before it
	end       atomic.Int64 // unix nanos of its end, 0 while open
}

func (r *recorder) done(started time.Time, failed bool) {
	start, end := r.start.Load(), r.end.Load()
	if start == 0 || started.UnixNano() < start || (end != 0 && time.Now().UnixNano() > end) {
		return
	}
	if failed {
		r.errors.Add(1)
		return
	}
	elapsed := time.Since(started)
	r.mu.Lock()
	r.latencies = append(r.latencies, elapsed)
	r.mu.Unlock()
}

func main() {
	var o options
	var requestFile, messageFile string
	flag.StringVar(&o.target, "target", "127.0.0.1:50051", "server host:port")
	flag.StringVar(&o.path, "path", "", "unary method, e.g. /cardrules.v1.SamLocService/ValidatePlay")
	flag.StringVar(&o.mode, "mode", "unary", "unary or stream")
	flag.StringVar(&requestFile, "request", "", "file: the serialized unary request")
	flag.StringVar(&messageFile, "message", "", "file: the serialized Stream request carrying it, id 0")
	flag.IntVar(&o.concurrency, "concurrency", 32, "calls in flight (closed loop), or most in flight (fixed rate)")
	flag.IntVar(&o.streams, "streams", 2, "streams (stream mode)")
	flag.Float64Var(&o.rate, "rate", 0, "calls/s on a fixed schedule; 0 = closed loop at saturation")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "load before the measured window")
	flag.DurationVar(&o.duration, "duration", 5*time.Second, "the measured window")
	flag.Parse()
	var err error
	if o.request, err = os.ReadFile(requestFile); err != nil {
		fail(err)
	}
	if o.mode == "stream" {
		if o.message, err = os.ReadFile(messageFile); err != nil {
			fail(err)
		}
	}
	conn, err := grpc.NewClient(o.target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(rawCodec{})))
	if err != nil {
		fail(err)
	}
	defer conn.Close()

	ctx, cancel := context.WithCancel(context.Background())
	rec := &recorder{}
	var wg sync.WaitGroup
	schedule := make(chan time.Time, 1<<16)
	switch o.mode {
	case "unary":
		runUnary(ctx, conn, o, rec, schedule, &wg)
	case "stream":
		runStreams(ctx, conn, o, rec, schedule, &wg)
	default:
		fail(fmt.Errorf("unknown mode %q", o.mode))
	}
	if o.rate > 0 {
		go pace(ctx, o.rate, schedule)
	}
	time.Sleep(o.warmup)
	fmt.Println("measuring")
	windowStart := time.Now()
	rec.start.Store(windowStart.UnixNano())
	time.Sleep(o.duration)
	rec.end.Store(time.Now().UnixNano())
	seconds := time.Since(windowStart).Seconds()
	fmt.Println("done")
	cancel()
	waitUpTo(&wg, 10*time.Second)
	report(rec, seconds, o)
}

// pace puts one scheduled time per call on the channel, rate times a second, whether or not callers keep up.
func pace(ctx context.Context, rate float64, schedule chan<- time.Time) {
	interval := time.Duration(float64(time.Second) / rate)
	next := time.Now()
	for ctx.Err() == nil {
		now := time.Now()
		for !next.After(now) {
			select {
			case schedule <- next:
			default: // the callers are hopelessly behind; those calls are never made (and show as a lower rate)
			}
			next = next.Add(interval)
		}
		time.Sleep(next.Sub(now))
	}
}

// nextStart is when the next call starts: now in a closed loop, its scheduled time at a fixed rate.
func nextStart(ctx context.Context, o options, schedule <-chan time.Time) (time.Time, bool) {
	if o.rate == 0 {
		return time.Now(), ctx.Err() == nil
	}
	select {
	case at := <-schedule:
		return at, true
	case <-ctx.Done():
		return time.Time{}, false
	}
}

func runUnary(ctx context.Context, conn *grpc.ClientConn, o options, rec *recorder, schedule <-chan time.Time, wg *sync.WaitGroup) {
	for i := 0; i < o.concurrency; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			request := append([]byte(nil), o.request...)
			var response []byte
			for {
				started, ok := nextStart(ctx, o, schedule)
				if !ok {
					return
				}
				callCtx, done := context.WithTimeout(context.Background(), 30*time.Second)
				err := conn.Invoke(callCtx, o.path, &request, &response)
				done()
				rec.done(started, err != nil)
			}
		}()
	}
}

type sent struct {
	id      uint64
	started time.Time
}

func runStreams(ctx context.Context, conn *grpc.ClientConn, o options, rec *recorder, schedule <-chan time.Time, wg *sync.WaitGroup) {
	service := o.path[:lastSlash(o.path)]
	desc := &grpc.StreamDesc{StreamName: "Stream", ServerStreams: true, ClientStreams: true}
	window := max(1, o.concurrency/o.streams)
	for s := 0; s < o.streams; s++ {
		stream, err := conn.NewStream(context.Background(), desc, service+"/Stream")
		if err != nil {
			fail(err)
		}
		inFlight := make(chan sent, window) // its capacity is the window: sending blocks while it is full
		wg.Add(2)
		go func() { // sender
			defer wg.Done()
			defer close(inFlight)
			for id := uint64(1); ; id++ {
				started, ok := nextStart(ctx, o, schedule)
				if !ok {
					return
				}
				select {
				case inFlight <- sent{id, started}:
				case <-ctx.Done():
					return
				}
				message := protowire.AppendVarint(protowire.AppendTag(nil, 1, protowire.VarintType), id)
				message = append(message, o.message...)
				if err := stream.SendMsg(&message); err != nil {
					fail(fmt.Errorf("send: %w", err))
				}
			}
		}()
		go func() { // receiver: answers come in the order the messages were sent
			defer wg.Done()
			var answer []byte
			for call := range inFlight {
				if err := stream.RecvMsg(&answer); err != nil {
					fail(fmt.Errorf("receive: %w", err))
				}
				id, failed := readAnswer(answer)
				if id != call.id {
					fail(fmt.Errorf("answer %d where %d was due", id, call.id))
				}
				rec.done(call.started, failed)
			}
			_ = stream.CloseSend()
		}()
	}
}

// readAnswer returns a Stream answer's id and whether it carries an error (field 2, google.rpc.Status).
func readAnswer(data []byte) (uint64, bool) {
	var id uint64
	failed := false
	for len(data) > 0 {
		number, kind, n := protowire.ConsumeTag(data)
		if n < 0 {
			fail(errors.New("undecodable answer"))
		}
		data = data[n:]
		if number == 1 && kind == protowire.VarintType {
			value, m := protowire.ConsumeVarint(data)
			id, n = value, m
		} else {
			if number == 2 {
				failed = true
			}
			n = protowire.ConsumeFieldValue(number, kind, data)
		}
		if n < 0 {
			fail(errors.New("undecodable answer"))
		}
		data = data[n:]
	}
	return id, failed
}

func lastSlash(path string) int {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return i
		}
	}
	fail(fmt.Errorf("not a method path: %q", path))
	return 0
}

func waitUpTo(wg *sync.WaitGroup, limit time.Duration) {
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(limit): // calls still blocked on a closed loop's last sends: the results are already taken
	}
}

func report(rec *recorder, seconds float64, o options) {
	rec.mu.Lock()
	latencies := rec.latencies
	rec.mu.Unlock()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	percentile := func(p float64) float64 {
		if len(latencies) == 0 {
			return 0
		}
		rank := int(p/100*float64(len(latencies))+0.5) - 1
		rank = min(max(rank, 0), len(latencies)-1)
		return float64(latencies[rank].Microseconds()) / 1000
	}
	out, _ := json.Marshal(map[string]any{
		"mode": o.mode, "path": o.path, "calls": len(latencies), "errors": rec.errors.Load(),
		"seconds": seconds, "rate": float64(len(latencies)) / seconds,
		"p50_ms": percentile(50), "p99_ms": percentile(99),
	})
	fmt.Println(string(out))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "streamload:", err)
	os.Exit(1)
}
