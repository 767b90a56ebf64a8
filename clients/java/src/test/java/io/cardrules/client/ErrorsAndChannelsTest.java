package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.SamLocServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ErrorsAndChannelsTest {
  @Test
  void invalidArgumentCarriesTheBadRequestFields() {
    BadRequest badRequest =
        BadRequest.newBuilder()
            .addFieldViolations(
                BadRequest.FieldViolation.newBuilder()
                    .setField("hands[0]")
                    .setDescription("3 cards")
                    .setReason("WRONG_CARD_COUNT"))
            .addFieldViolations(BadRequest.FieldViolation.newBuilder().setField("house_rules.fee_bps"))
            .build();
    com.google.rpc.Status status =
        com.google.rpc.Status.newBuilder()
            .setCode(Code.INVALID_ARGUMENT_VALUE)
            .setMessage("bad request")
            .addDetails(Any.pack(badRequest))
            .addDetails(
                Any.pack(
                    ErrorInfo.newBuilder()
                        .setReason("WRONG_CARD_COUNT")
                        .setDomain("cardrules.v1")
                        .putMetadata("field", "hands[0]")
                        .build()))
            .build();
    StatusRuntimeException wire = StatusProto.toStatusRuntimeException(status);

    RulesException error = RulesException.from(wire);

    InvalidArgumentException invalid = assertInstanceOf(InvalidArgumentException.class, error);
    assertEquals(
        List.of(
            new FieldViolation("hands[0]", "3 cards", "WRONG_CARD_COUNT"),
            new FieldViolation("house_rules.fee_bps", "", "")),
        invalid.fieldViolations());
    assertEquals("WRONG_CARD_COUNT", invalid.reason());
    assertEquals("cardrules.v1", invalid.domain());
    assertEquals(Map.of("field", "hands[0]"), invalid.metadata());
    assertEquals(Status.Code.INVALID_ARGUMENT, invalid.code());
    assertEquals(status, invalid.status());
    assertSame(wire, invalid.getCause());
    assertEquals("INVALID_ARGUMENT: bad request (hands[0]: 3 cards; house_rules.fee_bps: )", invalid.getMessage());
  }

  @Test
  void codesMapToTypes() {
    assertInstanceOf(UnavailableException.class, RulesException.from(Status.UNAVAILABLE.asRuntimeException()));
    assertInstanceOf(
        DeadlineExceededException.class, RulesException.from(Status.DEADLINE_EXCEEDED.asRuntimeException()));
    assertInstanceOf(
        ResourceExhaustedException.class, RulesException.from(Status.RESOURCE_EXHAUSTED.asRuntimeException()));
    RulesException other = RulesException.from(Status.INTERNAL.withDescription("boom").asRuntimeException());
    assertEquals(RulesException.class, other.getClass());
    assertEquals("INTERNAL: boom", other.getMessage());
    assertEquals(0, other.status().getDetailsCount()); // a status without details: only code and message
    InvalidArgumentException bare =
        assertInstanceOf(InvalidArgumentException.class, RulesException.from(Status.INVALID_ARGUMENT.asException()));
    assertEquals(List.of(), bare.fieldViolations());
    assertEquals("", bare.reason()); // no ErrorInfo: empty, never null
    assertEquals(Map.of(), bare.metadata());
    assertNull(bare.errorInfo());
  }

  @Test
  @SuppressWarnings("unchecked")
  void serviceConfigRetriesUnavailableAndCancelledOnEveryMethod() {
    Map<String, Object> config = RulesChannels.serviceConfig(LoadBalancing.ROUND_ROBIN, true);
    assertEquals(List.of(Map.of("round_robin", Map.of())), config.get("loadBalancingConfig"));
    Map<String, Object> method = ((List<Map<String, Object>>) config.get("methodConfig")).get(0);
    assertEquals(
        List.of(Map.of("service", "cardrules.v1.LiengService"), Map.of("service", "cardrules.v1.SamLocService")),
        method.get("name"));
    Map<String, Object> retry = (Map<String, Object>) method.get("retryPolicy");
    assertEquals(List.of("UNAVAILABLE", "CANCELLED"), retry.get("retryableStatusCodes"));
    assertEquals(4.0, retry.get("maxAttempts"));
    assertNull(
        ((List<Map<String, Object>>) RulesChannels.serviceConfig(LoadBalancing.PICK_FIRST, false)
                .get("methodConfig"))
            .get(0)
            .get("retryPolicy"));
  }

  @Test
  void clientsAndChannelConfigCoverEveryGeneratedMethod() {
    // The service config names every service the generated stubs have, and each RPC has one typed client method.
    List<io.grpc.ServiceDescriptor> services =
        List.of(LiengServiceGrpc.getServiceDescriptor(), SamLocServiceGrpc.getServiceDescriptor());
    assertEquals(
        RulesChannels.SERVICES, services.stream().map(io.grpc.ServiceDescriptor::getName).toList());
    Set<String> unary = new TreeSet<>();
    for (io.grpc.ServiceDescriptor service : services) {
      for (io.grpc.MethodDescriptor<?, ?> method : service.getMethods()) {
        // Stream is not a client method: stream mode carries the unary calls on it.
        if (method.getType() == io.grpc.MethodDescriptor.MethodType.UNARY) {
          unary.add(method.getFullMethodName());
        }
      }
    }
    assertEquals(ContractRpcs.unary(), unary);
    int methods = unary.size();
    assertEquals(
        methods,
        countPublicCallMethods(SamLocClient.class) + countPublicCallMethods(LiengClient.class));
  }

  private static int countPublicCallMethods(Class<?> client) {
    int count = 0;
    for (java.lang.reflect.Method method : client.getDeclaredMethods()) {
      Class<?>[] parameters = method.getParameterTypes();
      if (java.lang.reflect.Modifier.isPublic(method.getModifiers())
          && parameters.length == 1
          && com.google.protobuf.Message.class.isAssignableFrom(parameters[0])) {
        count++;
      }
    }
    return count;
  }
}
