// Command tracing makes Go SDK calls under OpenTelemetry's standard gRPC instrumentation (otelgrpc), so that each
// client span and the span of a server run with --tracing join in one trace: the Go SDK README's "Tracing"
// section, as a program. It prints one JSON line per client span (name, trace and span ids) for
// tests/sdk/test_go_tracing.py to match with the spans the server exported.
//
//	go run . -target localhost:50051
package main

import (
	"context"
	"encoding/json"
	"flag"
	"log"
	"os"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"google.golang.org/grpc"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

func main() {
	target := flag.String("target", "localhost:50051", "the cardrules server")
	flag.Parse()

	// An application sets these once at start-up, with its own exporter (OTLP to a collector, usually); this
	// program keeps its spans in memory to print them.
	spans := tracetest.NewInMemoryExporter()
	provider := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	otel.SetTracerProvider(provider)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))

	client, err := cardrules.NewClient(*target, cardrules.WithDialOptions(grpc.WithStatsHandler(otelgrpc.NewClientHandler())))
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	request := &cardrulesv1.ScoreLiengRequest{Hands: cardrules.MustHands("AC AD AH", "2S 3H 4D")}
	if _, err := client.Lieng.ScoreLieng(ctx, request); err != nil {
		log.Fatal(err)
	}
	if err := provider.ForceFlush(ctx); err != nil {
		log.Fatal(err)
	}
	out := json.NewEncoder(os.Stdout)
	for _, span := range spans.GetSpans() {
		line := map[string]string{
			"name":     span.Name,
			"kind":     span.SpanKind.String(),
			"trace_id": span.SpanContext.TraceID().String(),
			"span_id":  span.SpanContext.SpanID().String(),
		}
		if err := out.Encode(line); err != nil {
			log.Fatal(err)
		}
	}
}
