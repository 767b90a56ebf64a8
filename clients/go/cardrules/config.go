package cardrules

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
)

// LoadBalancing is a gRPC load-balancing policy name.
type LoadBalancing string

const (
	// PickFirst keeps one connection: right behind an L7 gRPC proxy that balances calls itself.
	PickFirst LoadBalancing = "pick_first"
	// RoundRobin spreads calls over every address the target resolves to: use it with a "dns:///" target
	// naming a headless service (dns:///cardrules-headless.games:50051).
	RoundRobin LoadBalancing = "round_robin"
)

// Services are the full names of the contract's services; the retry policy covers every method of both.
var Services = []string{"cardrules.v1.SamLocService", "cardrules.v1.LiengService"}

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
