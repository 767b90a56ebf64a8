// Command conformance replays the cardrules conformance vectors against a live server:
//
//	go run ./cmd/conformance [-target 127.0.0.1:50051] [-timeout 10s] [-stream] [-tls | -ca PEM]
//	    [-cert PEM -key PEM] [-token TOKEN] VECTORS_DIR
//
// With -stream (or --stream) every case is sent as a message on its service's Stream, through the SDK's stream
// mode (cardrules.WithStreams), instead of as a unary call; the expectations are the same.
//
// It prints one "FAIL <file> :: <case>: <first difference>" line per failing case and ends with
// "N passed, M failed". Exit status: 0 when all pass; 1 when any case fails or none is found; 2 on bad usage
// or an unreadable vectors folder.
//
// For a server with authentication on: -token (or, without the flag, the environment variable CARDRULES_TOKEN,
// which keeps the token out of process listings) is sent on every call; -ca trusts that CA for TLS (-tls: the
// system's roots) and -cert/-key are the client certificate for mutual TLS. Without TLS the token goes over
// plaintext: point the runner only at a server on a trusted network then.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	"github.com/cardrules/cardrules/clients/go/conformance"
)

// tokenEnv is read when -token is absent.
const tokenEnv = "CARDRULES_TOKEN"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("conformance", flag.ContinueOnError)
	flags.SetOutput(stderr)
	target := flags.String("target", "localhost:50051", "server address")
	// Longer than the SDK's 2 s default: the vectors include the largest requests the contract allows.
	timeout := flags.Duration("timeout", 10*time.Second, "deadline per call")
	useTLS := flags.Bool("tls", false, "use TLS trusting the system's roots")
	var files cardrules.TLS
	flags.StringVar(&files.CAFile, "ca", "", "use TLS trusting this CA (PEM file)")
	flags.StringVar(&files.CertFile, "cert", "", "client certificate for mutual TLS (PEM file, with -key)")
	flags.StringVar(&files.KeyFile, "key", "", "private key of -cert (PEM file)")
	token := flags.String("token", "", "bearer token sent on every call (default: $"+tokenEnv+")")
	stream := flags.Bool("stream", false, "send every case as a message on its service's Stream")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: conformance [-target HOST:PORT] [-timeout 10s] [-stream] [-tls | -ca PEM] "+
			"[-cert PEM -key PEM] [-token TOKEN] VECTORS_DIR")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 1 || *timeout <= 0 {
		flags.Usage()
		return 2
	}
	tokenGiven := false
	flags.Visit(func(f *flag.Flag) { tokenGiven = tokenGiven || f.Name == "token" })
	if !tokenGiven {
		*token = os.Getenv(tokenEnv)
	}
	options := []cardrules.Option{cardrules.WithDefaultTimeout(0)}
	if *stream {
		// Cases run one at a time, so one stream per service carries them all.
		options = append(options, cardrules.WithStreams(1))
	}
	secure := *useTLS || files != cardrules.TLS{}
	if secure {
		options = append(options, cardrules.WithTLS(files))
	}
	switch {
	case *token == "":
	case secure:
		options = append(options, cardrules.WithToken(*token))
	default:
		// Plaintext was chosen by giving no TLS flag; the runner is a test tool pointed at a chosen server.
		options = append(options, cardrules.WithInsecureToken(*token))
	}
	client, err := cardrules.NewClient(*target, options...)
	if err != nil {
		fmt.Fprintf(stderr, "conformance: %v\n", err)
		return 2
	}
	defer client.Close()
	result, err := conformance.Run(context.Background(), client.Invoker(), flags.Arg(0), *timeout)
	if err != nil {
		fmt.Fprintf(stderr, "conformance: %v\n", err)
		return 2
	}
	refused := 0
	for _, failure := range result.Failures {
		fmt.Fprintf(stdout, "FAIL %s :: %s: %s\n", failure.File, failure.Name, failure.Difference)
		if errors.Is(failure.Err, cardrules.ErrUnauthenticated) {
			refused++
		}
	}
	if refused > 0 {
		fmt.Fprintf(stderr, "conformance: the server refused the credentials of %d call(s) (UNAUTHENTICATED): "+
			"pass its token with -token or $%s, and a client certificate with -cert/-key if it wants one\n",
			refused, tokenEnv)
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
