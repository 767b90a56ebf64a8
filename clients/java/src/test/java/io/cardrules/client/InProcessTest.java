package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import io.cardrules.v1.LiengScore;
import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.ScoreLiengRequest;
import io.cardrules.v1.ScoreLiengResponse;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The clients and channels against an in-process server with a small LiengService of its own: deadlines, retries
 * of UNAVAILABLE, call credentials and typed errors, with no rules server and no network. The fake answers one
 * score per hand; what it does instead (fail, never answer) each test sets.
 */
class InProcessTest {
  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  /** A LiengService whose ScoreLieng fails its first {@code unavailable} attempts, or never answers. */
  static final class FakeLieng extends LiengServiceGrpc.LiengServiceImplBase {
    final AtomicInteger attempts = new AtomicInteger();
    final List<Deadline> deadlines = Collections.synchronizedList(new ArrayList<>());
    volatile int unavailable;
    volatile boolean hang;

    @Override
    public void scoreLieng(ScoreLiengRequest request, StreamObserver<ScoreLiengResponse> answer) {
      int attempt = attempts.incrementAndGet();
      deadlines.add(Context.current().getDeadline());
      if (hang) {
        return; // the client's deadline ends the call
      }
      if (attempt <= unavailable) {
        answer.onError(Status.UNAVAILABLE.withDescription("replica restarting").asRuntimeException());
        return;
      }
      if (request.getHandsCount() == 0) {
        answer.onError(invalidArgument());
        return;
      }
      ScoreLiengResponse.Builder scores = ScoreLiengResponse.newBuilder();
      for (int i = 0; i < request.getHandsCount(); i++) {
        scores.addScores(LiengScore.newBuilder().setPoints(i));
      }
      answer.onNext(scores.build());
      answer.onCompleted();
    }

    /** What the rules service sends for a bad request: BadRequest with reasons, and ErrorInfo. */
    private static StatusRuntimeException invalidArgument() {
      BadRequest badRequest =
          BadRequest.newBuilder()
              .addFieldViolations(
                  BadRequest.FieldViolation.newBuilder()
                      .setField("hands")
                      .setDescription("score 1 to 6 hands, got 0")
                      .setReason("WRONG_HAND_COUNT"))
              .build();
      ErrorInfo info =
          ErrorInfo.newBuilder()
              .setReason("WRONG_HAND_COUNT")
              .setDomain("cardrules.v1")
              .putMetadata("field", "hands")
              .build();
      return StatusProto.toStatusRuntimeException(
          com.google.rpc.Status.newBuilder()
              .setCode(Code.INVALID_ARGUMENT_VALUE)
              .setMessage("1 invalid field")
              .addDetails(Any.pack(badRequest))
              .addDetails(Any.pack(info))
              .build());
    }
  }

  private final String name = InProcessServerBuilder.generateName();
  private final FakeLieng fake = new FakeLieng();
  private final List<String> authorization = Collections.synchronizedList(new ArrayList<>());
  private Server server;
  private ManagedChannel channel;

  @BeforeEach
  void start() throws IOException {
    ServerInterceptor recordAuthorization =
        new ServerInterceptor() {
          @Override
          public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
              ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
            authorization.add(String.valueOf(headers.get(AUTHORIZATION)));
            return next.startCall(call, headers);
          }
        };
    server =
        InProcessServerBuilder.forName(name)
            .addService(ServerInterceptors.intercept(fake, recordAuthorization))
            .build()
            .start();
    channel = RulesChannels.builder(InProcessChannelBuilder.forName(name)).build();
  }

  @AfterEach
  void stop() throws InterruptedException {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
  }

  private static ScoreLiengRequest hands(int count) {
    ScoreLiengRequest.Builder request = ScoreLiengRequest.newBuilder();
    for (int i = 0; i < count; i++) {
      request.addHands(CardText.cardsMessage("AC AD AH"));
    }
    return request.build();
  }

  @Test
  void blockingAndFutureClientsAnswer() throws Exception {
    assertEquals(2, new LiengClient(channel).scoreLieng("AC AD AH", "2S 3H 4D").getScoresCount());
    assertEquals(3, new LiengFutureClient(channel).scoreLieng(hands(3)).get(10, TimeUnit.SECONDS).getScoresCount());
  }

  @Test
  void unavailableIsRetriedUntilAnAttemptAnswers() {
    fake.unavailable = 3;
    assertEquals(1, new LiengClient(channel, 30_000).scoreLieng(hands(1)).getScoresCount());
    assertEquals(4, fake.attempts.get()); // three UNAVAILABLE, then the answer: the policy's 4 attempts
  }

  @Test
  void retriesStopAfterFourAttemptsOrWhenTurnedOff() throws InterruptedException {
    fake.unavailable = Integer.MAX_VALUE;
    UnavailableException error =
        assertThrows(UnavailableException.class, () -> new LiengClient(channel, 30_000).scoreLieng(hands(1)));
    assertEquals("UNAVAILABLE: replica restarting", error.getMessage());
    assertEquals(4, fake.attempts.get());

    fake.attempts.set(0);
    ManagedChannel once = RulesChannels.builder(InProcessChannelBuilder.forName(name)).withoutRetry().build();
    try {
      assertThrows(UnavailableException.class, () -> new LiengClient(once, 30_000).scoreLieng(hands(1)));
      assertEquals(1, fake.attempts.get());
    } finally {
      once.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aCallThatOutlivesItsDeadlineFailsTypedOnEveryClient() {
    fake.hang = true;
    assertThrows(DeadlineExceededException.class, () -> new LiengClient(channel, 200).scoreLieng(hands(1)));
    LiengClient patient = new LiengClient(channel, 60_000);
    assertThrows(
        DeadlineExceededException.class,
        () -> patient.withDeadlineAfter(200, TimeUnit.MILLISECONDS).scoreLieng(hands(1)));
    ExecutionException failed =
        assertThrows(
            ExecutionException.class,
            () -> new LiengFutureClient(channel, 200).scoreLieng(hands(1)).get(30, TimeUnit.SECONDS));
    assertInstanceOf(DeadlineExceededException.class, failed.getCause());
    // A raw stub sets no deadline: the channel's default one ends its call.
    ManagedChannel bounded =
        RulesChannels.builder(InProcessChannelBuilder.forName(name))
            .defaultDeadline(200, TimeUnit.MILLISECONDS)
            .build();
    try {
      StatusRuntimeException raw =
          assertThrows(
              StatusRuntimeException.class, () -> LiengServiceGrpc.newBlockingStub(bounded).scoreLieng(hands(1)));
      assertEquals(Status.Code.DEADLINE_EXCEEDED, raw.getStatus().getCode());
    } finally {
      bounded.shutdownNow();
    }
  }

  @Test
  void theServerSeesTheDeadlineEachClientSets() {
    LiengClient lieng = new LiengClient(channel, 60_000);
    lieng.scoreLieng(hands(1));
    lieng.withDeadlineAfter(5, TimeUnit.SECONDS).scoreLieng(hands(1));
    lieng.withTimeout(1, TimeUnit.SECONDS).scoreLieng(hands(1));
    List<Deadline> seen = new ArrayList<>(fake.deadlines);
    assertEquals(3, seen.size());
    for (Deadline deadline : seen) {
      assertNotNull(deadline);
    }
    // Upper bounds only (a loaded machine may take any time to get here): each call carries its own deadline.
    assertTrue(seen.get(0).timeRemaining(TimeUnit.SECONDS) <= 60);
    assertTrue(seen.get(1).timeRemaining(TimeUnit.SECONDS) <= 5);
    assertTrue(seen.get(2).timeRemaining(TimeUnit.SECONDS) <= 1);
    assertTrue(seen.get(0).timeRemaining(TimeUnit.SECONDS) > 5, "the 60 s deadline is the per-call one");
  }

  @Test
  void callCredentialsTravelOnTheirCallsOnly() throws Exception {
    LiengClient lieng = new LiengClient(channel);
    lieng.scoreLieng(hands(1));
    lieng.withCallCredentials(BearerToken.of("tenant-a")).scoreLieng(hands(1));
    new LiengFutureClient(channel)
        .withCallCredentials(BearerToken.of("tenant-b"))
        .scoreLieng(hands(1))
        .get(10, TimeUnit.SECONDS);
    assertEquals(List.of("null", "Bearer tenant-a", "Bearer tenant-b"), authorization);
  }

  @Test
  void invalidArgumentDecodesViolationsAndErrorInfoOnEveryClient() throws Exception {
    InvalidArgumentException blocking =
        assertThrows(InvalidArgumentException.class, () -> new LiengClient(channel).scoreLieng(hands(0)));
    ExecutionException failed =
        assertThrows(
            ExecutionException.class,
            () -> new LiengFutureClient(channel).scoreLieng(hands(0)).get(10, TimeUnit.SECONDS));
    InvalidArgumentException future = assertInstanceOf(InvalidArgumentException.class, failed.getCause());
    for (InvalidArgumentException error : List.of(blocking, future)) {
      assertEquals("WRONG_HAND_COUNT", error.reason());
      assertEquals("cardrules.v1", error.domain());
      assertEquals(Map.of("field", "hands"), error.metadata());
      assertEquals(
          List.of(new FieldViolation("hands", "score 1 to 6 hands, got 0", "WRONG_HAND_COUNT")),
          error.fieldViolations());
    }
    assertEquals(2, fake.attempts.get()); // never retried
    assertNull(new UnavailableException("x", null, null).errorInfo());
  }

  @Test
  @SuppressWarnings("unchecked")
  void kotlinCoroutineClientSuspendsAndRaisesTypedErrors() throws Exception {
    // src/examples/kotlin/.../Coroutines.kt, the README's coroutine example, compiled with the tests.
    List<String> lines =
        (List<String>)
            Class.forName("io.cardrules.examples.CoroutinesKt")
                .getMethod("scoreTablesBlocking", io.grpc.Channel.class)
                .invoke(null, channel);
    assertEquals(List.of("2 + 1 scores", "WRONG_HAND_COUNT [hands]"), lines);
  }

  @Test
  void aChannelBuilderOfYoursTakesNoCredentialOptions() {
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () -> RulesChannels.builder(InProcessChannelBuilder.forName(name)).insecureToken("t").build());
    assertTrue(refused.getMessage().contains("withCallCredentials"), refused.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RulesChannels.builder(""));
  }
}
