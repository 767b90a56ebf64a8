package conformance

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	// Imported for its side effect: it registers the cardrules.v1 files and message types.
	_ "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// Failure is one failing case (or malformed vector) and its first difference.
type Failure struct {
	File       string
	Name       string
	Difference string
	// Err is the call's error (a *cardrules.Error when it has a status) when the case failed on a failed call
	// it did not expect, e.g. one refused for credentials; nil otherwise.
	Err error
}

// Result is the outcome of a run.
type Result struct {
	Passed   int
	Failed   int
	Failures []Failure
}

// Summary is the runner's last line, the one every SDK prints: "N passed, M failed".
func (r Result) Summary() string { return fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed) }

// OK reports whether the run counts as a success: no failure and at least one case.
func (r Result) OK() bool { return r.Failed == 0 && r.Passed > 0 }

// Run loads every vector under dir and replays each case in order over conn, each call with its own timeout.
// Cases run one at a time, so the output follows the sorted files and a failure is easy to reproduce.
func Run(ctx context.Context, conn grpc.ClientConnInterface, dir string, timeout time.Duration) (Result, error) {
	cases, broken, err := Load(dir)
	if err != nil {
		return Result{}, err
	}
	var result Result
	for _, b := range broken {
		result.Failures = append(result.Failures, Failure{b.File, b.Name, "malformed vector: " + b.Problem, nil})
	}
	for _, c := range cases {
		callCtx, cancel := context.WithTimeout(ctx, timeout)
		difference, callErr := runCase(callCtx, conn, c)
		cancel()
		if difference != "" {
			result.Failures = append(result.Failures, Failure{c.File, c.Name, oneLine(difference), callErr})
		}
	}
	result.Failed = len(result.Failures)
	result.Passed = len(cases) + len(broken) - result.Failed
	return result, nil
}

// RunCase sends one case's request generically, by its full method name, and matches the outcome; a Deal case
// is also recomputed locally (cardrules.DealFrom) and must agree both ways. It returns "" when the case passes,
// else the first difference.
func RunCase(ctx context.Context, conn grpc.ClientConnInterface, c Case) string {
	difference, _ := runCase(ctx, conn, c)
	return difference
}

// runCase is RunCase that also returns the call's error when the case failed on it.
func runCase(ctx context.Context, conn grpc.ClientConnInterface, c Case) (string, error) {
	method, problem := findMethod(c.Service, c.Method)
	if problem != "" {
		return problem, nil
	}
	request, err := newMessage(method.Input())
	if err != nil {
		return err.Error(), nil
	}
	// protojson rejects unknown fields by default: a typo in a vector must fail, not be silently dropped.
	if err := protojson.Unmarshal(c.Request, request.Interface()); err != nil {
		return fmt.Sprintf("request does not parse as %s: %v", method.Input().FullName(), err), nil
	}
	response, err := newMessage(method.Output())
	if err != nil {
		return err.Error(), nil
	}
	fullMethod := fmt.Sprintf("/%s/%s", c.Service, c.Method)
	if err := conn.Invoke(ctx, fullMethod, request.Interface(), response.Interface()); err != nil {
		if difference := matchFailure(c, err); difference != "" {
			return difference, err
		}
		return localDealDifference(c, method, request.Interface()), nil
	}
	if c.Error != nil {
		return fmt.Sprintf("error: expected %s, but the call succeeded", c.Error.Code), nil
	}
	actual, err := responseJSON(response.Interface())
	if err != nil {
		return err.Error(), nil
	}
	if difference := MatchResponse(c.Response, actual, c.Unordered); difference != "" {
		return difference, nil
	}
	// A Deal case must also come out of the SDK's own DealFrom.
	return localDealDifference(c, method, request.Interface()), nil
}

func matchFailure(c Case, err error) string {
	rulesErr := cardrules.FromError(err)
	if rulesErr == nil {
		return fmt.Sprintf("the call failed without a gRPC status: %v", err)
	}
	code := cardrules.CodeName(rulesErr.Code)
	if c.Error == nil {
		return fmt.Sprintf("response: the call failed with %s: %s", code, rulesErr.Message)
	}
	violations := make([]Violation, len(rulesErr.FieldViolations))
	for i, v := range rulesErr.FieldViolations {
		violations[i] = Violation{Field: v.Field, Reason: v.Reason}
	}
	return MatchError(*c.Error, ActualError{Code: code, Message: rulesErr.Message, FieldViolations: violations})
}

// responseJSON is the response in proto3 JSON with default-valued fields emitted, so vectors can expect
// "legal": false or an UNSPECIFIED reason. EmitDefaultValues, unlike EmitUnpopulated, leaves unset message and
// optional fields out instead of writing null: the same output as the Python and TypeScript runners, where an
// expected key for an unset field is missing.
func responseJSON(message protoreflect.ProtoMessage) (any, error) {
	data, err := protojson.MarshalOptions{EmitDefaultValues: true}.Marshal(message)
	if err != nil {
		return nil, fmt.Errorf("response does not print as JSON: %w", err)
	}
	var value any
	if err := decode(data, &value); err != nil {
		return nil, fmt.Errorf("response JSON does not parse: %w", err)
	}
	return value, nil
}

func findMethod(service, method string) (protoreflect.MethodDescriptor, string) {
	descriptor, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	serviceDescriptor, ok := descriptor.(protoreflect.ServiceDescriptor)
	if err != nil || !ok {
		return nil, fmt.Sprintf("unknown service %q", service)
	}
	methodDescriptor := serviceDescriptor.Methods().ByName(protoreflect.Name(method))
	if methodDescriptor == nil {
		return nil, fmt.Sprintf("unknown method %q of %s", method, service)
	}
	if methodDescriptor.IsStreamingClient() || methodDescriptor.IsStreamingServer() {
		return nil, fmt.Sprintf("%s.%s is not unary", service, method)
	}
	return methodDescriptor, ""
}

func newMessage(descriptor protoreflect.MessageDescriptor) (protoreflect.Message, error) {
	messageType, err := protoregistry.GlobalTypes.FindMessageByName(descriptor.FullName())
	if err != nil {
		return nil, fmt.Errorf("no Go type for %s: %w", descriptor.FullName(), err)
	}
	return messageType.New(), nil
}

// oneLine keeps one line per failing case even when a library message (a JSON parse error) spans several.
func oneLine(text string) string {
	return strings.Join(strings.Fields(text), " ")
}
