package cardrules

import (
	"fmt"

	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	// Imported for its side effect: it registers the cardrules.v1 services and messages read below.
	_ "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// A service's Stream request is `uint64 id = 1` plus a oneof with one field per unary RPC, holding that RPC's
// request; its response is the same id plus a oneof of `google.rpc.Status error` and one field per unary RPC
// holding that RPC's response. The routes below are read from the descriptors, so every RPC of the contract
// goes over a stream without code of its own.

// streamService is what the stream pool of one service needs: how to open its Stream and read its answers.
type streamService struct {
	method string // "/cardrules.v1.SamLocService/Stream"
	desc   grpc.StreamDesc
	answer protoreflect.MessageType // SamLocServiceStreamResponse
	result protoreflect.OneofDescriptor
	// answerID and errorField are fields of answer.
	answerID   protoreflect.FieldDescriptor
	errorField protoreflect.FieldDescriptor
}

// streamRoute sends one unary RPC over its service's Stream.
type streamRoute struct {
	service *streamService
	input   protoreflect.FullName        // the unary request type, checked before sending
	request protowire.Number             // the request's field number in the Stream request's oneof
	reply   protoreflect.FieldDescriptor // the response's field in the Stream response's oneof
}

// streamRoutes maps each unary RPC of the services ("/cardrules.v1.LiengService/ScoreLieng") to its route.
func streamRoutes(services []string) (map[string]*streamRoute, error) {
	routes := map[string]*streamRoute{}
	for _, name := range services {
		descriptor, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		if err != nil {
			return nil, fmt.Errorf("cardrules: service %s is not registered: %w", name, err)
		}
		service, ok := descriptor.(protoreflect.ServiceDescriptor)
		if !ok {
			return nil, fmt.Errorf("cardrules: %s is not a service", name)
		}
		if err := addServiceRoutes(routes, service); err != nil {
			return nil, err
		}
	}
	return routes, nil
}

func addServiceRoutes(routes map[string]*streamRoute, service protoreflect.ServiceDescriptor) error {
	stream := service.Methods().ByName("Stream")
	if stream == nil || !stream.IsStreamingClient() || !stream.IsStreamingServer() {
		return fmt.Errorf("cardrules: %s has no bidirectional Stream method", service.FullName())
	}
	request, response := stream.Input(), stream.Output()
	answer, err := protoregistry.GlobalTypes.FindMessageByName(response.FullName())
	if err != nil {
		return fmt.Errorf("cardrules: no Go type for %s: %w", response.FullName(), err)
	}
	calls, result := request.Oneofs().ByName("call"), response.Oneofs().ByName("result")
	requestID, answerID := request.Fields().ByNumber(1), response.Fields().ByNumber(1)
	errorField := response.Fields().ByName("error")
	if calls == nil || result == nil || requestID == nil || requestID.Kind() != protoreflect.Uint64Kind ||
		answerID == nil || answerID.Kind() != protoreflect.Uint64Kind || errorField == nil ||
		errorField.ContainingOneof() != result || errorField.Message() == nil ||
		errorField.Message().FullName() != "google.rpc.Status" {
		return fmt.Errorf("cardrules: %s.Stream does not have the stream contract's shape", service.FullName())
	}
	shared := &streamService{
		method: fmt.Sprintf("/%s/%s", service.FullName(), stream.Name()),
		desc:   grpc.StreamDesc{StreamName: string(stream.Name()), ClientStreams: true, ServerStreams: true},
		answer: answer, result: result, answerID: answerID, errorField: errorField,
	}
	methods := service.Methods()
	for i := 0; i < methods.Len(); i++ {
		method := methods.Get(i)
		if method.IsStreamingClient() || method.IsStreamingServer() {
			continue
		}
		route := &streamRoute{service: shared, input: method.Input().FullName()}
		if field := oneofFieldOf(calls, method.Input()); field != nil {
			route.request = field.Number()
		}
		route.reply = oneofFieldOf(result, method.Output())
		if route.request == 0 || route.reply == nil {
			return fmt.Errorf("cardrules: %s.Stream cannot carry %s", service.FullName(), method.Name())
		}
		routes[fmt.Sprintf("/%s/%s", service.FullName(), method.Name())] = route
	}
	return nil
}

// oneofFieldOf is the field of oneof whose type is message, or nil.
func oneofFieldOf(oneof protoreflect.OneofDescriptor, message protoreflect.MessageDescriptor) protoreflect.FieldDescriptor {
	for i := 0; i < oneof.Fields().Len(); i++ {
		field := oneof.Fields().Get(i)
		if field.Message() != nil && field.Message().FullName() == message.FullName() {
			return field
		}
	}
	return nil
}

// encode is the request's wire form, marshalled once per call and wrapped for each attempt by frame. It is
// marshalled in the caller's goroutine, like a unary call's: the caller may reuse the request once the call
// returns, even when a deadline ended the call before the stream sent it.
func (r *streamRoute) encode(request any) ([]byte, error) {
	message, ok := request.(proto.Message)
	if !ok || message.ProtoReflect().Descriptor().FullName() != r.input {
		return nil, status.Errorf(codes.Internal, "cardrules: the request is a %T, not a %s", request, r.input)
	}
	data, err := proto.Marshal(message)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "grpc: error while marshaling: %v", err)
	}
	return data, nil
}

// frame is the Stream request carrying the encoded unary request with this attempt's id: the same bytes
// proto.Marshal gives for {id, <call>: request}, without copying the request into a new message.
func (r *streamRoute) frame(id uint64, request []byte) frame {
	data := make([]byte, 0, len(request)+24)
	data = protowire.AppendTag(data, 1, protowire.VarintType)
	data = protowire.AppendVarint(data, id)
	data = protowire.AppendTag(data, r.request, protowire.BytesType)
	return protowire.AppendBytes(data, request)
}

// decode fills reply from the answer, or returns the error it carries as the status a unary call would have
// failed with (code, message and details).
func (r *streamRoute) decode(answer proto.Message, reply any) error {
	message := answer.ProtoReflect()
	which := message.WhichOneof(r.service.result)
	switch which {
	case nil:
		return status.Errorf(codes.Internal, "cardrules: the stream answered call %d with no result",
			message.Get(r.service.answerID).Uint())
	case r.service.errorField:
		st, ok := message.Get(which).Message().Interface().(*rpcstatus.Status)
		if !ok {
			return status.Error(codes.Internal, "cardrules: the stream's error is not a google.rpc.Status")
		}
		if st.GetCode() == int32(codes.OK) {
			return status.Error(codes.Internal, "cardrules: the stream answered with an error whose code is OK")
		}
		return status.FromProto(st).Err()
	case r.reply:
	default:
		return status.Errorf(codes.Internal, "cardrules: the stream answered with %s, not %s", which.Name(), r.reply.Name())
	}
	target, ok := reply.(proto.Message)
	if !ok || target.ProtoReflect().Descriptor() != r.reply.Message() {
		return status.Errorf(codes.Internal, "cardrules: the reply is a %T, not a %s", reply, r.reply.Message().FullName())
	}
	// A field-by-field move, not a deep copy: the answer is dropped right after.
	source, destination := message.Get(which).Message(), target.ProtoReflect()
	proto.Reset(target)
	source.Range(func(field protoreflect.FieldDescriptor, value protoreflect.Value) bool {
		destination.Set(field, value)
		return true
	})
	destination.SetUnknown(source.GetUnknown())
	return nil
}

// frame is a Stream request already encoded; frameCodec sends it as it is.
type frame []byte

// frameCodec is the proto codec, except that it sends a frame's bytes unchanged.
type frameCodec struct{}

func (frameCodec) Marshal(v any) ([]byte, error) {
	if f, ok := v.(frame); ok {
		return f, nil
	}
	message, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("cardrules: cannot marshal a %T", v)
	}
	return proto.Marshal(message)
}

func (frameCodec) Unmarshal(data []byte, v any) error {
	message, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("cardrules: cannot unmarshal into a %T", v)
	}
	return proto.Unmarshal(data, message)
}

// Name keeps the content type a proto codec's ("application/grpc+proto").
func (frameCodec) Name() string { return "proto" }
