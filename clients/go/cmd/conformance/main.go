// Command conformance replays the cardrules conformance vectors against a live server:
//
//	go run ./cmd/conformance [-target 127.0.0.1:50051] [-timeout 10s] VECTORS_DIR
//
// It prints one "FAIL <file> :: <case>: <first difference>" line per failing case and ends with
// "N passed, M failed". Exit status: 0 when all pass; 1 when any case fails or none is found; 2 on bad usage
// or an unreadable vectors folder.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	"github.com/cardrules/cardrules/clients/go/conformance"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("conformance", flag.ContinueOnError)
	flags.SetOutput(stderr)
	target := flags.String("target", "localhost:50051", "server address")
	// Longer than the SDK's 2 s default: the vectors include the largest requests the contract allows.
	timeout := flags.Duration("timeout", 10*time.Second, "deadline per call")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: conformance [-target HOST:PORT] [-timeout 10s] VECTORS_DIR")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 1 || *timeout <= 0 {
		flags.Usage()
		return 2
	}
	client, err := cardrules.Dial(*target, cardrules.WithDefaultTimeout(0))
	if err != nil {
		fmt.Fprintf(stderr, "conformance: %v\n", err)
		return 2
	}
	defer client.Close()
	result, err := conformance.Run(context.Background(), client.Conn(), flags.Arg(0), *timeout)
	if err != nil {
		fmt.Fprintf(stderr, "conformance: %v\n", err)
		return 2
	}
	for _, failure := range result.Failures {
		fmt.Fprintf(stdout, "FAIL %s :: %s: %s\n", failure.File, failure.Name, failure.Difference)
	}
	if result.Passed+result.Failed == 0 {
		fmt.Fprintf(stderr, "conformance: no vector cases found under %s\n", flags.Arg(0))
	}
	fmt.Fprintln(stdout, result.Summary())
	if !result.OK() {
		return 1
	}
	return 0
}
