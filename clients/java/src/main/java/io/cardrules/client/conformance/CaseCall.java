package io.cardrules.client.conformance;

import com.google.gson.JsonParser;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.cardrules.client.FieldViolation;
import io.cardrules.client.RulesException;
import io.cardrules.client.RulesServices;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoMethodDescriptorSupplier;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Sends one case's request generically, by service and method name, and captures the response or status. */
public final class CaseCall {
  // The canonical mapping rejects unknown fields by default: a misspelt request field must fail the case.
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();
  // Default-valued fields are emitted so vectors can expect `"legal": false` or an UNSPECIFIED reason.
  private static final JsonFormat.Printer PRINTER = JsonFormat.printer().includingDefaultValueFields();

  private CaseCall() {}

  /** The case cannot be sent: unknown service or method, or a request that does not parse. */
  public static final class Unsendable extends Exception {
    private static final long serialVersionUID = 1L;

    Unsendable(String message) {
      super(message);
    }
  }

  public static Outcome run(Channel channel, VectorCase vector, long timeoutMillis) throws Unsendable {
    MethodDescriptor<?, ?> generated = method(vector.service(), vector.method());
    Descriptors.MethodDescriptor method =
        ((ProtoMethodDescriptorSupplier) generated.getSchemaDescriptor()).getMethodDescriptor();
    DynamicMessage.Builder request = DynamicMessage.newBuilder(method.getInputType());
    try {
      PARSER.merge(vector.request().toString(), request);
    } catch (InvalidProtocolBufferException | RuntimeException error) {
      throw new Unsendable(
          "request does not parse as " + method.getInputType().getFullName() + ": " + error.getMessage());
    }
    CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
    DynamicMessage response;
    try {
      response = ClientCalls.blockingUnaryCall(channel, dynamic(generated, method), options, request.build());
    } catch (StatusRuntimeException error) {
      List<String> fields = new ArrayList<>();
      for (FieldViolation violation : RulesException.fieldViolations(RulesException.decodeStatus(error))) {
        fields.add(Outcome.violation(violation.field(), violation.reason()));
      }
      Status status = error.getStatus();
      return Outcome.error(status.getCode().name(), fields, status.getDescription(), RulesException.from(error));
    }
    try {
      return Outcome.response(JsonParser.parseString(PRINTER.print(response)));
    } catch (InvalidProtocolBufferException error) {
      throw new IllegalStateException("cannot print a " + method.getOutputType().getFullName(), error);
    }
  }

  /** The generated method, with DynamicMessage marshallers so a request parsed from JSON can be sent as is. */
  private static MethodDescriptor<DynamicMessage, DynamicMessage> dynamic(
      MethodDescriptor<?, ?> generated, Descriptors.MethodDescriptor method) {
    return generated
        .toBuilder(
            ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(method.getInputType())),
            ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(method.getOutputType())))
        .build();
  }

  private static MethodDescriptor<?, ?> method(String service, String name) throws Unsendable {
    // Every service of the contract (generated): every method a vector may name.
    for (ServiceDescriptor descriptor : RulesServices.ALL) {
      if (descriptor.getName().equals(service)) {
        String fullName = MethodDescriptor.generateFullMethodName(service, name);
        for (MethodDescriptor<?, ?> method : descriptor.getMethods()) {
          if (method.getFullMethodName().equals(fullName)) {
            return method;
          }
        }
        throw new Unsendable("unknown method '" + name + "' of " + service);
      }
    }
    throw new Unsendable("unknown service '" + service + "'");
  }
}
