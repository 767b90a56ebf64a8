package cardrules.client;

import cardrules.v1.Lieng;
import cardrules.v1.SamLoc;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.grpc.MethodDescriptor.MethodType;
import io.grpc.protobuf.ProtoUtils;
import java.util.Arrays;
import java.util.List;

/**
 * gRPC method descriptors built from the contract's own descriptors.
 *
 * <p>They stand in for protoc-gen-grpc-java stubs, whose binaries the registry this project builds from does not
 * serve. Names come from the .proto descriptors and each typed method is checked against them when built, so a
 * renamed RPC or changed message type fails at class load rather than on the wire.
 */
public final class RulesMethods {
  /** Every file that declares a cardrules.v1 service. */
  public static final List<FileDescriptor> FILES =
      Arrays.asList(SamLoc.getDescriptor(), Lieng.getDescriptor());

  private RulesMethods() {}

  /** A service by full name ({@code cardrules.v1.SamLocService}), or null when the contract has none. */
  public static ServiceDescriptor service(String fullName) {
    for (FileDescriptor file : FILES) {
      for (ServiceDescriptor service : file.getServices()) {
        if (service.getFullName().equals(fullName)) {
          return service;
        }
      }
    }
    return null;
  }

  /** The typed unary method {@code name} of {@code service}, checked against the contract. */
  public static <Req extends Message, Resp extends Message> io.grpc.MethodDescriptor<Req, Resp> unary(
      String service, String name, Req request, Resp response) {
    MethodDescriptor method = method(service, name);
    if (method.getInputType() != request.getDescriptorForType()
        || method.getOutputType() != response.getDescriptorForType()) {
      throw new IllegalStateException(
          method.getFullName() + " takes " + method.getInputType().getFullName() + " and returns "
              + method.getOutputType().getFullName());
    }
    return build(method, request, response);
  }

  /** Any unary method as DynamicMessage in and out: how the conformance runner sends requests by name. */
  public static io.grpc.MethodDescriptor<DynamicMessage, DynamicMessage> dynamic(MethodDescriptor method) {
    return build(
        method,
        DynamicMessage.getDefaultInstance(method.getInputType()),
        DynamicMessage.getDefaultInstance(method.getOutputType()));
  }

  private static MethodDescriptor method(String service, String name) {
    ServiceDescriptor descriptor = service(service);
    MethodDescriptor method = descriptor == null ? null : descriptor.findMethodByName(name);
    if (method == null) {
      throw new IllegalStateException("the contract has no method " + service + "/" + name);
    }
    return method;
  }

  private static <Req extends Message, Resp extends Message> io.grpc.MethodDescriptor<Req, Resp> build(
      MethodDescriptor method, Req request, Resp response) {
    return io.grpc.MethodDescriptor.<Req, Resp>newBuilder()
        .setType(MethodType.UNARY)
        .setFullMethodName(
            io.grpc.MethodDescriptor.generateFullMethodName(method.getService().getFullName(), method.getName()))
        .setRequestMarshaller(ProtoUtils.marshaller(request))
        .setResponseMarshaller(ProtoUtils.marshaller(response))
        .build();
  }
}
