package cardrules

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

func TestServiceConfigRetriesEveryMethodOfBothServices(t *testing.T) {
	text, err := ServiceConfig(RoundRobin, true)
	if err != nil {
		t.Fatal(err)
	}
	var config struct {
		LoadBalancingConfig []map[string]any
		MethodConfig        []struct {
			Name        []map[string]string
			RetryPolicy map[string]any
		}
	}
	if err := json.Unmarshal([]byte(text), &config); err != nil {
		t.Fatal(err)
	}
	if _, ok := config.LoadBalancingConfig[0]["round_robin"]; !ok || len(config.LoadBalancingConfig) != 1 {
		t.Errorf("load balancing %v", config.LoadBalancingConfig)
	}
	method := config.MethodConfig[0]
	wantNames := []map[string]string{{"service": "cardrules.v1.LiengService"}, {"service": "cardrules.v1.SamLocService"}}
	if !reflect.DeepEqual(method.Name, wantNames) {
		t.Errorf("names %v", method.Name)
	}
	if got := method.RetryPolicy["retryableStatusCodes"]; !reflect.DeepEqual(got, []any{"UNAVAILABLE", "CANCELLED"}) {
		t.Errorf("retryable codes %v", got)
	}
	if method.RetryPolicy["maxAttempts"] != 4.0 || method.RetryPolicy["initialBackoff"] != "0.1s" ||
		method.RetryPolicy["maxBackoff"] != "1s" || method.RetryPolicy["backoffMultiplier"] != 2.0 {
		t.Errorf("retry policy %v", method.RetryPolicy)
	}
}

func TestServiceConfigWithoutRetryAndBadPolicy(t *testing.T) {
	text, err := ServiceConfig(PickFirst, false)
	if err != nil || text != `{"loadBalancingConfig":[{"pick_first":{}}],"methodConfig":[{"name":[{"service":"cardrules.v1.LiengService"},{"service":"cardrules.v1.SamLocService"}]}]}` {
		t.Errorf("ServiceConfig(PickFirst, false) = %s, %v", text, err)
	}
	if _, err := ServiceConfig("random", true); err == nil {
		t.Error("an unknown policy was accepted")
	}
	if _, err := DialOptions(WithDefaultTimeout(-time.Second)); err == nil {
		t.Error("a negative default timeout was accepted")
	}
}

// The interceptor is what NewClient installs: a default deadline for calls without one, and *Error results.
func TestInterceptorAddsDefaultDeadlineAndTypedErrors(t *testing.T) {
	var deadline time.Time
	var had bool
	invoker := func(ctx context.Context, _ string, _, _ any, _ *grpc.ClientConn, _ ...grpc.CallOption) error {
		deadline, had = ctx.Deadline()
		return status.Error(codes.Unavailable, "down")
	}
	err := unaryInterceptor(time.Second)(context.Background(), "/m", nil, nil, nil, invoker)
	if !had || time.Until(deadline) > time.Second {
		t.Errorf("default deadline not applied: %v %v", deadline, had)
	}
	if rulesErr, ok := err.(*Error); !ok || rulesErr.Code != codes.Unavailable {
		t.Errorf("error %#v is not an *Error", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	_ = unaryInterceptor(time.Second)(ctx, "/m", nil, nil, nil, invoker)
	if time.Until(deadline) < 50*time.Minute {
		t.Error("the caller's own deadline was replaced")
	}
	_ = unaryInterceptor(0)(context.Background(), "/m", nil, nil, nil, invoker)
	if had {
		t.Error("a deadline was added with the default timeout off")
	}
}

// Services is read from the generated descriptors: the services of every generated cardrules.v1 file, each with
// its generated gRPC stub's methods.
func TestServicesAreTheContractsServices(t *testing.T) {
	want := map[string]int{
		cardrulesv1.SamLocService_ServiceDesc.ServiceName: len(cardrulesv1.SamLocService_ServiceDesc.Methods),
		cardrulesv1.LiengService_ServiceDesc.ServiceName:  len(cardrulesv1.LiengService_ServiceDesc.Methods),
	}
	if len(Services) != len(want) {
		t.Fatalf("Services %v, want the services of %v", Services, want)
	}
	for _, name := range Services {
		descriptor, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		if err != nil {
			t.Fatal(err)
		}
		unary := 0
		methods := descriptor.(protoreflect.ServiceDescriptor).Methods()
		for i := 0; i < methods.Len(); i++ {
			if !methods.Get(i).IsStreamingClient() && !methods.Get(i).IsStreamingServer() {
				unary++
			}
		}
		if count, ok := want[name]; !ok || count != unary {
			t.Errorf("%s: %d unary methods in the descriptors, %d (%v) in the generated stub", name, unary, count, ok)
		}
	}
}
