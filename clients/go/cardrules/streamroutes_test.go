package cardrules

import (
	"strings"
	"testing"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// unaryMethods is every unary RPC of the contract, "/cardrules.v1.LiengService/ScoreLieng", read from the file
// descriptors the generated code registered, so a new RPC or game needs no edit here.
func unaryMethods() map[string]bool {
	methods := map[string]bool{}
	protoregistry.GlobalFiles.RangeFilesByPackage("cardrules.v1", func(file protoreflect.FileDescriptor) bool {
		for i := 0; i < file.Services().Len(); i++ {
			service := file.Services().Get(i)
			for j := 0; j < service.Methods().Len(); j++ {
				method := service.Methods().Get(j)
				if !method.IsStreamingClient() && !method.IsStreamingServer() {
					methods["/"+string(service.FullName())+"/"+string(method.Name())] = true
				}
			}
		}
		return true
	})
	return methods
}

func TestEveryUnaryMethodOfBothServicesHasAStreamRoute(t *testing.T) {
	routes, err := streamRoutes(Services)
	if err != nil {
		t.Fatal(err)
	}
	want := unaryMethods()
	// The generated gRPC stubs list the same methods (a stale stub or descriptor would differ).
	stubs := len(cardrulesv1.SamLocService_ServiceDesc.Methods) + len(cardrulesv1.LiengService_ServiceDesc.Methods)
	if len(want) != stubs || !want["/cardrules.v1.SamLocService/Deal"] {
		t.Fatalf("%d unary methods in the descriptors (%v), %d in the generated stubs", len(want), want, stubs)
	}
	for method := range want {
		if routes[method] == nil {
			t.Errorf("no stream route for %s", method)
		}
	}
	for method, route := range routes {
		if !want[method] {
			t.Errorf("a route for %s, not a unary method of the contract", method)
		}
		if !strings.HasPrefix(method, "/cardrules.v1.") || !strings.HasSuffix(route.service.method, "Service/Stream") {
			t.Errorf("%s goes over %s", method, route.service.method)
		}
	}
}

// A frame is exactly the Stream request proto.Marshal would write, and parses back to the call.
func TestAFrameIsTheStreamRequestWithTheCall(t *testing.T) {
	routes, err := streamRoutes(Services)
	if err != nil {
		t.Fatal(err)
	}
	route := routes["/cardrules.v1.SamLocService/ValidatePlay"]
	request := &cardrulesv1.SamLocServiceValidatePlayRequest{State: &cardrulesv1.SamTableState{Turn: 2}}
	encoded, err := route.encode(request)
	if err != nil {
		t.Fatal(err)
	}
	want, err := proto.Marshal(&cardrulesv1.SamLocServiceStreamRequest{
		Id: 300, Call: &cardrulesv1.SamLocServiceStreamRequest_ValidatePlay{ValidatePlay: request},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := route.frame(300, encoded); string(got) != string(want) {
		t.Errorf("frame %x, want %x", got, want)
	}
	if _, err := route.encode(&cardrulesv1.SamLocServiceLegalMovesRequest{}); status.Code(err) != codes.Internal {
		t.Errorf("a request of another method was encoded: %v", err)
	}
}

func TestDecodeMovesTheResponseOrReturnsTheStatus(t *testing.T) {
	routes, err := streamRoutes(Services)
	if err != nil {
		t.Fatal(err)
	}
	route := routes["/cardrules.v1.LiengService/ScoreLieng"]
	response := &cardrulesv1.ScoreLiengResponse{Scores: []*cardrulesv1.LiengScore{{Points: 9}, {Key: 4}}}
	reply := &cardrulesv1.ScoreLiengResponse{Scores: []*cardrulesv1.LiengScore{{Points: 1}}}
	answer := &cardrulesv1.LiengServiceStreamResponse{Id: 1, Result: &cardrulesv1.LiengServiceStreamResponse_ScoreLieng{
		ScoreLieng: proto.Clone(response).(*cardrulesv1.ScoreLiengResponse)}}
	if err := route.decode(answer, reply); err != nil || !proto.Equal(reply, response) {
		t.Errorf("decoded %v, %v; want %v", reply, err, response)
	}

	st, err := status.New(codes.InvalidArgument, "bad").WithDetails(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "hands", Reason: "EMPTY"}}})
	if err != nil {
		t.Fatal(err)
	}
	answer.Result = &cardrulesv1.LiengServiceStreamResponse_Error{Error: st.Proto()}
	err = route.decode(answer, &cardrulesv1.ScoreLiengResponse{})
	if got, _ := status.FromError(err); !proto.Equal(got.Proto(), st.Proto()) {
		t.Errorf("decoded the error as %v, want %v", err, st)
	}

	for name, wrong := range map[string]*cardrulesv1.LiengServiceStreamResponse{
		"no result":    {Id: 2},
		"another call": {Id: 3, Result: &cardrulesv1.LiengServiceStreamResponse_CompareHands{}},
		"an OK error":  {Id: 4, Result: &cardrulesv1.LiengServiceStreamResponse_Error{Error: status.New(codes.OK, "").Proto()}},
	} {
		if err := route.decode(wrong, &cardrulesv1.ScoreLiengResponse{}); status.Code(err) != codes.Internal {
			t.Errorf("%s: %v, want INTERNAL", name, err)
		}
	}
}
