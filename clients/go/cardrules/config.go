package cardrules

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// contractPackage is the protobuf package of the rules services.
const contractPackage = "cardrules.v1"

// LoadBalancing is a gRPC load-balancing policy name.
type LoadBalancing string

const (
	// PickFirst keeps one connection: right behind an L7 gRPC proxy that balances calls itself.
	PickFirst LoadBalancing = "pick_first"
	// RoundRobin spreads calls over every address the target resolves to: use it with a "dns:///" target
	// naming a headless service (dns:///cardrules-headless.games:50051).
	RoundRobin LoadBalancing = "round_robin"
)

// Services are the full names of the contract's services, read from its generated descriptors (every service of
// package cardrules.v1, in file order); the retry policy and stream mode cover every method of each.
var Services = contractServices()

// contractServices lists the services the generated code registered (streamroutes.go imports it), so a new game's
// service needs no edit here.
func contractServices() []string {
	var files []protoreflect.FileDescriptor
	protoregistry.GlobalFiles.RangeFilesByPackage(contractPackage, func(file protoreflect.FileDescriptor) bool {
		files = append(files, file)
		return true
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Path() < files[j].Path() })
	var names []string
	for _, file := range files {
		for i := 0; i < file.Services().Len(); i++ {
			names = append(names, string(file.Services().Get(i).FullName()))
		}
	}
	return names
}

// Every rules call is a pure function of its request, so a retry can never apply anything twice. CANCELLED is
// retried too: a replica shutting down cancels calls it accepted but had not started, and another replica may
// answer. gRPC never retries a call this client cancelled itself. Same policy as the Python and TypeScript SDKs.
// Stream mode (WithStreams) retries by the same numbers, so the two modes cannot drift apart.
const (
	maxAttempts       = 4
	initialBackoff    = 100 * time.Millisecond
	maxBackoff        = time.Second
	backoffMultiplier = 2
)

var retryableCodes = []codes.Code{codes.Unavailable, codes.Canceled}

var retryPolicy = map[string]any{
	"maxAttempts":          maxAttempts,
	"initialBackoff":       seconds(initialBackoff),
	"maxBackoff":           seconds(maxBackoff),
	"backoffMultiplier":    backoffMultiplier,
	"retryableStatusCodes": codeNames(retryableCodes),
}

// seconds is a duration as the service config writes one ("0.1s").
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s" }

func codeNames(list []codes.Code) []string {
	names := make([]string, len(list))
	for i, c := range list {
		names[i] = CodeName(c)
	}
	return names
}

// ServiceConfig is the gRPC service config (JSON) for a connection to the rules service: the load-balancing
// policy and, when retry is true, the retry policy. It sets no method timeout: deadlines come from the
// caller's context or the default deadline (WithDefaultTimeout), as in the other SDKs.
func ServiceConfig(lb LoadBalancing, retry bool) (string, error) {
	if lb != PickFirst && lb != RoundRobin {
		return "", fmt.Errorf("cardrules: load balancing must be %q or %q, not %q", PickFirst, RoundRobin, lb)
	}
	names := make([]map[string]string, len(Services))
	for i, service := range Services {
		names[i] = map[string]string{"service": service}
	}
	method := map[string]any{"name": names}
	if retry {
		method["retryPolicy"] = retryPolicy
	}
	config := map[string]any{
		"loadBalancingConfig": []map[string]any{{string(lb): map[string]any{}}},
		"methodConfig":        []any{method},
	}
	text, err := json.Marshal(config)
	return string(text), err
}
