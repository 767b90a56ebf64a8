package cardrules.client.conformance;

import cardrules.client.FieldViolation;
import cardrules.client.RulesException;
import cardrules.client.RulesMethods;
import com.google.gson.JsonParser;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
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
    MethodDescriptor method = method(vector.service(), vector.method());
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
      response = ClientCalls.blockingUnaryCall(channel, RulesMethods.dynamic(method), options, request.build());
    } catch (StatusRuntimeException error) {
      List<String> fields = new ArrayList<>();
      for (FieldViolation violation : RulesException.fieldViolations(RulesException.decodeStatus(error))) {
        fields.add(violation.field());
      }
      Status status = error.getStatus();
      return Outcome.error(status.getCode().name(), fields, status.getDescription());
    }
    try {
      return Outcome.response(JsonParser.parseString(PRINTER.print(response)));
    } catch (InvalidProtocolBufferException error) {
      throw new IllegalStateException("cannot print a " + method.getOutputType().getFullName(), error);
    }
  }

  private static MethodDescriptor method(String service, String name) throws Unsendable {
    ServiceDescriptor descriptor = RulesMethods.service(service);
    if (descriptor == null) {
      throw new Unsendable("unknown service '" + service + "'");
    }
    MethodDescriptor method = descriptor.findMethodByName(name);
    if (method == null) {
      throw new Unsendable("unknown method '" + name + "' of " + service);
    }
    return method;
  }
}
