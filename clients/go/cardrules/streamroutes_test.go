package cardrules

import (
	"strings"
	"testing"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

func TestEveryUnaryMethodOfBothServicesHasAStreamRoute(t *testing.T) {
	routes, err := streamRoutes(Services)
	if err != nil {
		t.Fatal(err)
	}
	want := len(cardrulesv1.SamLocService_ServiceDesc.Methods) + len(cardrulesv1.LiengService_ServiceDesc.Methods)
	if len(routes) != want || want != 12 { // Sâm 5 (Deal, StartHand, ValidatePlay, LegalMoves, SettleRound), Liêng 7
		t.Errorf("%d routes for %d unary methods", len(routes), want)
	}
	for method, route := range routes {
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
