package io.cardrules.client;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.protobuf.ProtoMethodDescriptorSupplier;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The method table of stream mode, read from the generated descriptors rather than written per method: for every
 * unary RPC of each service, the field of its {@code Stream} request's {@code call} oneof that carries it and the
 * field of the response's {@code result} oneof that answers it (the contract names both after the RPC in
 * snake_case). A contract change that breaks this fails when the class loads, not on some later call.
 */
final class StreamRoutes {
  /** One service's {@code Stream} method and the oneof fields around it. */
  static final class Service {
    final String name;
    final MethodDescriptor<Message, Message> stream;
    final Message requestPrototype;
    final FieldDescriptor requestId;
    final FieldDescriptor responseId;
    final Descriptors.OneofDescriptor result;
    final FieldDescriptor error;

    Service(String name, MethodDescriptor<Message, Message> stream, Message requestPrototype,
        Descriptors.Descriptor response) {
      this.name = name;
      this.stream = stream;
      this.requestPrototype = requestPrototype;
      this.requestId = field(requestPrototype.getDescriptorForType(), "id");
      this.responseId = field(response, "id");
      this.result = oneof(response, "result");
      this.error = field(response, "error");
    }
  }

  /** One unary RPC as it travels on its service's stream. */
  static final class Route {
    final Service service;
    final FieldDescriptor call;
    final FieldDescriptor answer;

    Route(Service service, FieldDescriptor call, FieldDescriptor answer) {
      this.service = service;
      this.call = call;
      this.answer = answer;
    }
  }

  /** Full method name (e.g. {@code cardrules.v1.LiengService/ScoreLieng}) to its route. */
  private static final Map<String, Route> ROUTES = routes();

  private StreamRoutes() {}

  /** The route of a unary rules RPC, or null for any other method (health checks, Stream itself, ...). */
  static Route of(MethodDescriptor<?, ?> method) {
    return method.getType() == MethodDescriptor.MethodType.UNARY ? ROUTES.get(method.getFullMethodName()) : null;
  }

  /** Every route, for tests. */
  static Map<String, Route> all() {
    return Collections.unmodifiableMap(ROUTES);
  }

  private static Map<String, Route> routes() {
    Map<String, Route> routes = new HashMap<>();
    for (ServiceDescriptor descriptor : RulesServices.ALL) {
      MethodDescriptor<?, ?> streamMethod = null;
      for (MethodDescriptor<?, ?> method : descriptor.getMethods()) {
        if (method.getType() == MethodDescriptor.MethodType.BIDI_STREAMING
            && method.getBareMethodName().equals("Stream")) {
          streamMethod = method;
        }
      }
      if (streamMethod == null) {
        throw new IllegalStateException(descriptor.getName() + " has no Stream method");
      }
      @SuppressWarnings("unchecked") // the generated marshallers' messages are protobuf Messages
      MethodDescriptor<Message, Message> stream = (MethodDescriptor<Message, Message>) streamMethod;
      Descriptors.MethodDescriptor schema = schema(stream);
      Service service =
          new Service(descriptor.getName(), stream, prototype(stream.getRequestMarshaller()), schema.getOutputType());
      Descriptors.OneofDescriptor calls = oneof(schema.getInputType(), "call");
      for (MethodDescriptor<?, ?> method : descriptor.getMethods()) {
        if (method.getType() != MethodDescriptor.MethodType.UNARY) {
          continue;
        }
        Descriptors.MethodDescriptor rpc = schema(method);
        String name = snakeCase(method.getBareMethodName());
        FieldDescriptor call = member(calls, name, rpc.getInputType());
        FieldDescriptor answer = member(service.result, name, rpc.getOutputType());
        routes.put(method.getFullMethodName(), new Route(service, call, answer));
      }
    }
    return routes;
  }

  /** {@code ScoreLieng} to {@code score_lieng}: how the contract names an RPC's oneof fields. */
  static String snakeCase(String rpc) {
    StringBuilder name = new StringBuilder();
    for (int i = 0; i < rpc.length(); i++) {
      char c = rpc.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0) {
          name.append('_');
        }
        name.append(Character.toLowerCase(c));
      } else {
        name.append(c);
      }
    }
    return name.toString();
  }

  private static Descriptors.MethodDescriptor schema(MethodDescriptor<?, ?> method) {
    return ((ProtoMethodDescriptorSupplier) method.getSchemaDescriptor()).getMethodDescriptor();
  }

  private static Message prototype(MethodDescriptor.Marshaller<?> marshaller) {
    return (Message) ((MethodDescriptor.PrototypeMarshaller<?>) marshaller).getMessagePrototype();
  }

  private static FieldDescriptor field(Descriptors.Descriptor message, String name) {
    FieldDescriptor field = message.findFieldByName(name);
    if (field == null) {
      throw new IllegalStateException(message.getFullName() + " has no field " + name);
    }
    return field;
  }

  private static Descriptors.OneofDescriptor oneof(Descriptors.Descriptor message, String name) {
    for (Descriptors.OneofDescriptor oneof : message.getOneofs()) {
      if (oneof.getName().equals(name)) {
        return oneof;
      }
    }
    throw new IllegalStateException(message.getFullName() + " has no oneof " + name);
  }

  private static FieldDescriptor member(Descriptors.OneofDescriptor oneof, String name, Descriptors.Descriptor type) {
    for (FieldDescriptor field : oneof.getFields()) {
      if (field.getName().equals(name)) {
        if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE || field.getMessageType() != type) {
          throw new IllegalStateException(field.getFullName() + " is not a " + type.getFullName());
        }
        return field;
      }
    }
    throw new IllegalStateException(
        oneof.getContainingType().getFullName() + "." + oneof.getName() + " has no member " + name);
  }
}
