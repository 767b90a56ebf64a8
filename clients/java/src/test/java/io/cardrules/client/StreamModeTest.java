package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import io.cardrules.v1.LiengScore;
import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.LiengServiceStreamRequest;
import io.cardrules.v1.LiengServiceStreamResponse;
import io.cardrules.v1.SamLocServiceGrpc;
import io.cardrules.v1.SamLocServiceLegalMovesRequest;
import io.cardrules.v1.ScoreLiengRequest;
import io.cardrules.v1.ScoreLiengResponse;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Stream mode against an in-process LiengService whose Stream answers like its unary ScoreLieng (one score per
 * hand; no hands is INVALID_ARGUMENT with BadRequest and ErrorInfo), and which each test makes misbehave: end its
 * streams with UNAVAILABLE partway (a draining replica), fail messages with UNAVAILABLE, answer out of order, or
 * never answer. No rules server, no network, no timing assertions.
 */
class StreamModeTest {
  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  /** A LiengService answering ScoreLieng both ways, and misbehaving on its streams as a test says. */
  static final class FakeLieng extends LiengServiceGrpc.LiengServiceImplBase {
    final AtomicInteger unary = new AtomicInteger();
    final AtomicInteger streams = new AtomicInteger();
    final AtomicInteger messages = new AtomicInteger();
    /** Each stream ends with UNAVAILABLE, unanswered, at its message number {@code drainAt} (0: never). */
    volatile int drainAt;
    /** The first {@code unavailable} messages fail UNAVAILABLE. */
    volatile int unavailable;
    /** Answer in reverse order, this many messages at a time (0: in order). */
    volatile int reverseBatches;
    /** How a draining stream ends. */
    volatile Status drainStatus = Status.UNAVAILABLE.withDescription("server draining");
    /** Refuse each stream as it opens, with this status (null: let it in). */
    volatile Status refuse;
    /** Never answer. */
    volatile boolean hang;
    /** Counted down by each message read while hanging. */
    volatile CountDownLatch read = new CountDownLatch(0);

    @Override
    public void scoreLieng(ScoreLiengRequest request, StreamObserver<ScoreLiengResponse> answer) {
      unary.incrementAndGet();
      if (request.getHandsCount() == 0) {
        answer.onError(StatusProto.toStatusRuntimeException(invalidArgument()));
        return;
      }
      answer.onNext(score(request));
      answer.onCompleted();
    }

    @Override
    public StreamObserver<LiengServiceStreamRequest> stream(StreamObserver<LiengServiceStreamResponse> answers) {
      streams.incrementAndGet();
      if (refuse != null) {
        answers.onError(refuse.asRuntimeException());
      }
      return new StreamObserver<LiengServiceStreamRequest>() {
        private final List<LiengServiceStreamResponse> batch = new ArrayList<>();
        private int read;
        private boolean ended;

        @Override
        public void onNext(LiengServiceStreamRequest request) {
          read++;
          int number = messages.incrementAndGet();
          if (ended) {
            return;
          }
          if (drainAt > 0 && read >= drainAt) {
            ended = true;
            answers.onError(drainStatus.asRuntimeException());
            return;
          }
          if (hang) {
            FakeLieng.this.read.countDown();
            return;
          }
          LiengServiceStreamResponse.Builder answer = LiengServiceStreamResponse.newBuilder().setId(request.getId());
          if (number <= unavailable) {
            answer.setError(
                com.google.rpc.Status.newBuilder().setCode(Code.UNAVAILABLE_VALUE).setMessage("replica restarting"));
          } else if (request.getScoreLieng().getHandsCount() == 0) {
            answer.setError(invalidArgument());
          } else {
            answer.setScoreLieng(score(request.getScoreLieng()));
          }
          batch.add(answer.build());
          if (batch.size() >= Math.max(1, reverseBatches)) {
            Collections.reverse(batch);
            batch.forEach(answers::onNext);
            batch.clear();
          }
        }

        @Override
        public void onError(Throwable error) {}

        @Override
        public void onCompleted() {
          if (!ended) {
            batch.forEach(answers::onNext);
            answers.onCompleted();
          }
        }
      };
    }

    private static ScoreLiengResponse score(ScoreLiengRequest request) {
      ScoreLiengResponse.Builder scores = ScoreLiengResponse.newBuilder();
      for (int i = 0; i < request.getHandsCount(); i++) {
        scores.addScores(LiengScore.newBuilder().setPoints(i));
      }
      return scores.build();
    }

    private static com.google.rpc.Status invalidArgument() {
      BadRequest badRequest =
          BadRequest.newBuilder()
              .addFieldViolations(
                  BadRequest.FieldViolation.newBuilder()
                      .setField("hands")
                      .setDescription("score 1 to 6 hands, got 0")
                      .setReason("WRONG_HAND_COUNT"))
              .build();
      ErrorInfo info =
          ErrorInfo.newBuilder().setReason("WRONG_HAND_COUNT").setDomain("cardrules.v1").putMetadata("field", "hands")
              .build();
      return com.google.rpc.Status.newBuilder()
          .setCode(Code.INVALID_ARGUMENT_VALUE)
          .setMessage("1 invalid field")
          .addDetails(Any.pack(badRequest))
          .addDetails(Any.pack(info))
          .build();
    }
  }

  private final String name = InProcessServerBuilder.generateName();
  private final FakeLieng fake = new FakeLieng();
  private final List<String> authorization = Collections.synchronizedList(new ArrayList<>());
  private Server server;
  private ManagedChannel streams;
  private ManagedChannel unary;

  @BeforeEach
  void start() throws IOException {
    ServerInterceptor recordAuthorization =
        new ServerInterceptor() {
          @Override
          public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
              ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
            authorization.add(call.getMethodDescriptor().getBareMethodName() + " " + headers.get(AUTHORIZATION));
            return next.startCall(call, headers);
          }
        };
    server =
        InProcessServerBuilder.forName(name)
            .addService(ServerInterceptors.intercept(fake, recordAuthorization))
            .addService(new SamLocServiceGrpc.SamLocServiceImplBase() {}) // no Stream: UNIMPLEMENTED
            .build()
            .start();
    streams = RulesChannels.builder(InProcessChannelBuilder.forName(name)).streams(2).build();
    unary = RulesChannels.builder(InProcessChannelBuilder.forName(name)).build();
  }

  @AfterEach
  void stop() throws InterruptedException {
    streams.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    unary.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
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
  void everyClientsCallsTravelOnTheStreams() throws Exception {
    assertEquals(2, new LiengClient(streams).scoreLieng("AC AD AH", "2S 3H 4D").getScoresCount());
    assertEquals(3, new LiengFutureClient(streams).scoreLieng(hands(3)).get(10, TimeUnit.SECONDS).getScoresCount());
    assertEquals(1, LiengServiceGrpc.newBlockingStub(streams).scoreLieng(hands(1)).getScoresCount());
    @SuppressWarnings("unchecked")
    List<String> lines =
        (List<String>)
            Class.forName("io.cardrules.examples.CoroutinesKt")
                .getMethod("scoreTablesBlocking", io.grpc.Channel.class)
                .invoke(null, streams);
    assertEquals(List.of("2 + 1 scores", "WRONG_HAND_COUNT [hands]"), lines);
    assertEquals(0, fake.unary.get());
    assertEquals(6, fake.messages.get());
    assertTrue(fake.streams.get() <= 2, "streams opened: " + fake.streams.get()); // the pool's two, opened once
  }

  @Test
  void errorsAreTheUnaryCallsErrorsOnEveryClient() throws Exception {
    InvalidArgumentException expected =
        assertThrows(InvalidArgumentException.class, () -> new LiengClient(unary).scoreLieng(hands(0)));
    InvalidArgumentException blocking =
        assertThrows(InvalidArgumentException.class, () -> new LiengClient(streams).scoreLieng(hands(0)));
    ExecutionException failed =
        assertThrows(
            ExecutionException.class,
            () -> new LiengFutureClient(streams).scoreLieng(hands(0)).get(10, TimeUnit.SECONDS));
    InvalidArgumentException future = assertInstanceOf(InvalidArgumentException.class, failed.getCause());
    for (InvalidArgumentException error : List.of(blocking, future)) {
      assertEquals(expected.getMessage(), error.getMessage());
      assertEquals(expected.status(), error.status());
      assertEquals(expected.fieldViolations(), error.fieldViolations());
      assertEquals("WRONG_HAND_COUNT", error.reason());
      assertEquals(expected.errorInfo(), error.errorInfo());
    }
    assertEquals(2, fake.messages.get()); // INVALID_ARGUMENT is never retried
  }

  @Test
  void answersAreMatchedToCallsById() throws Exception {
    fake.reverseBatches = 4;
    streams.shutdownNow();
    streams = RulesChannels.builder(InProcessChannelBuilder.forName(name)).streams(1).build();
    LiengFutureClient lieng = new LiengFutureClient(streams, 30_000);
    List<ListenableFuture<ScoreLiengResponse>> calls = new ArrayList<>();
    for (int i = 1; i <= 8; i++) {
      calls.add(lieng.scoreLieng(hands(1 + i % 4)));
    }
    for (int i = 1; i <= 8; i++) {
      assertEquals(1 + i % 4, calls.get(i - 1).get(30, TimeUnit.SECONDS).getScoresCount());
    }
  }

  @Test
  void callsUnansweredWhenAStreamEndsAreSentAgainOnAnother() throws Exception {
    // Every stream ends UNAVAILABLE at its 5th message, leaving the calls it read unanswered, as a replica that
    // drains or dies does: no call may fail.
    fake.drainAt = 5;
    LiengFutureClient lieng = new LiengFutureClient(streams, 60_000);
    List<ListenableFuture<ScoreLiengResponse>> calls = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      calls.add(lieng.scoreLieng(hands(1 + i % 6)));
    }
    for (int i = 0; i < 20; i++) {
      assertEquals(1 + i % 6, calls.get(i).get(60, TimeUnit.SECONDS).getScoresCount());
    }
    assertTrue(fake.streams.get() > 2, "streams opened: " + fake.streams.get());
    assertTrue(fake.messages.get() > 20, "messages read: " + fake.messages.get());
  }

  @Test
  void aStreamResetByAProxyHasItsCallsSentAgainToo() throws Exception {
    fake.drainAt = 3;
    fake.drainStatus = Status.INTERNAL.withDescription("RST_STREAM closed stream. HTTP/2 error code: INTERNAL_ERROR");
    LiengFutureClient lieng = new LiengFutureClient(streams, 60_000);
    List<ListenableFuture<ScoreLiengResponse>> calls = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      calls.add(lieng.scoreLieng(hands(1 + i)));
    }
    for (int i = 0; i < 6; i++) {
      assertEquals(1 + i, calls.get(i).get(60, TimeUnit.SECONDS).getScoresCount());
    }
  }

  @Test
  void aStreamRefusedAsItOpensFailsItsCallsWithThatStatus() {
    fake.refuse = Status.UNAUTHENTICATED.withDescription("missing or invalid credentials");
    UnauthenticatedException refused =
        assertThrows(UnauthenticatedException.class, () -> new LiengClient(streams, 30_000).scoreLieng(hands(1)));
    assertEquals("UNAUTHENTICATED: missing or invalid credentials", refused.getMessage());
    // At most the pool's two streams (the second may not have reached the server yet): the call was not sent again.
    assertTrue(fake.streams.get() <= 2, "streams opened: " + fake.streams.get());
  }

  @Test
  void unavailableAnswersAreRetriedLikeUnaryCalls() throws InterruptedException {
    fake.unavailable = 3;
    assertEquals(1, new LiengClient(streams, 30_000).scoreLieng(hands(1)).getScoresCount());
    assertEquals(4, fake.messages.get());

    fake.messages.set(0);
    fake.unavailable = Integer.MAX_VALUE;
    UnavailableException error =
        assertThrows(UnavailableException.class, () -> new LiengClient(streams, 30_000).scoreLieng(hands(1)));
    assertEquals("UNAVAILABLE: replica restarting", error.getMessage());
    assertEquals(4, fake.messages.get()); // the policy's 4 attempts

    fake.messages.set(0);
    ManagedChannel once =
        RulesChannels.builder(InProcessChannelBuilder.forName(name)).streams(1).withoutRetry().build();
    try {
      assertThrows(UnavailableException.class, () -> new LiengClient(once, 30_000).scoreLieng(hands(1)));
      assertEquals(1, fake.messages.get());
    } finally {
      once.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aCallPastItsDeadlineFailsTypedAndTheStreamLivesOn() throws Exception {
    fake.hang = true;
    assertThrows(DeadlineExceededException.class, () -> new LiengClient(streams, 200).scoreLieng(hands(1)));
    assertThrows(
        DeadlineExceededException.class,
        () -> new LiengClient(streams, 60_000).withDeadlineAfter(200, TimeUnit.MILLISECONDS).scoreLieng(hands(1)));
    ExecutionException failed =
        assertThrows(
            ExecutionException.class,
            () -> new LiengFutureClient(streams, 200).scoreLieng(hands(1)).get(30, TimeUnit.SECONDS));
    assertInstanceOf(DeadlineExceededException.class, failed.getCause());
    fake.hang = false;
    assertEquals(2, new LiengClient(streams).scoreLieng(hands(2)).getScoresCount());
    assertTrue(fake.streams.get() <= 2, "streams opened: " + fake.streams.get()); // none given up for a late call
  }

  @Test
  void cancellingAFutureEndsItsCall() throws Exception {
    fake.hang = true;
    fake.read = new CountDownLatch(1);
    ListenableFuture<ScoreLiengResponse> call = new LiengFutureClient(streams, 60_000).scoreLieng(hands(1));
    assertTrue(fake.read.await(30, TimeUnit.SECONDS));
    assertTrue(call.cancel(true));
    fake.hang = false;
    assertEquals(1, new LiengClient(streams).scoreLieng(hands(1)).getScoresCount());
  }

  @Test
  void aServerWithoutStreamFailsTheCallWithItsStatus() {
    RulesException error =
        assertThrows(
            RulesException.class,
            () -> new SamLocClient(streams, 30_000).legalMoves(SamLocServiceLegalMovesRequest.getDefaultInstance()));
    assertEquals(Status.Code.UNIMPLEMENTED, error.code());
  }

  @Test
  void callsWithCallCredentialsOfTheirOwnGoAsUnaryCalls() {
    new LiengClient(streams).withCallCredentials(BearerToken.of("tenant-a")).scoreLieng(hands(1));
    assertEquals(List.of("ScoreLieng Bearer tenant-a"), authorization);
    assertEquals(1, fake.unary.get());
  }

  @Test
  void shutdownAnswersTheCallsMadeThenTerminates() throws Exception {
    fake.reverseBatches = 3; // the server holds two answers until the half-close
    streams.shutdownNow();
    streams = RulesChannels.builder(InProcessChannelBuilder.forName(name)).streams(1).build();
    LiengFutureClient lieng = new LiengFutureClient(streams, 60_000);
    List<ListenableFuture<ScoreLiengResponse>> calls = List.of(lieng.scoreLieng(hands(1)), lieng.scoreLieng(hands(2)));
    streams.shutdown();
    assertEquals(1, calls.get(0).get(30, TimeUnit.SECONDS).getScoresCount());
    assertEquals(2, calls.get(1).get(30, TimeUnit.SECONDS).getScoresCount());
    assertTrue(streams.awaitTermination(30, TimeUnit.SECONDS));
    assertTrue(streams.isTerminated());
    UnavailableException refused =
        assertThrows(UnavailableException.class, () -> new LiengClient(streams).scoreLieng(hands(1)));
    assertTrue(refused.getMessage().toLowerCase(java.util.Locale.ROOT).contains("shutdown"), refused.getMessage());
  }

  @Test
  void shutdownNowFailsTheCallsWaiting() throws Exception {
    fake.hang = true;
    fake.read = new CountDownLatch(1);
    ListenableFuture<ScoreLiengResponse> call = new LiengFutureClient(streams, 60_000).scoreLieng(hands(1));
    assertTrue(fake.read.await(30, TimeUnit.SECONDS));
    streams.shutdownNow();
    ExecutionException failed = assertThrows(ExecutionException.class, () -> call.get(30, TimeUnit.SECONDS));
    assertInstanceOf(UnavailableException.class, failed.getCause());
    assertTrue(streams.awaitTermination(30, TimeUnit.SECONDS));
  }

  @Test
  void manyThreadsShareOneChannel() throws Exception {
    fake.drainAt = 40;
    LiengClient lieng = new LiengClient(streams, 60_000);
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger answered = new AtomicInteger();
    for (int t = 0; t < 8; t++) {
      Thread thread =
          new Thread(
              () -> {
                for (int i = 0; i < 25; i++) {
                  try {
                    if (lieng.scoreLieng(hands(1 + i % 6)).getScoresCount() == 1 + i % 6) {
                      answered.incrementAndGet();
                    }
                  } catch (RuntimeException error) {
                    failures.add(error);
                  }
                }
              });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join(120_000);
    }
    assertEquals(List.of(), failures);
    assertEquals(200, answered.get());
  }

  @Test
  void everyUnaryRpcHasARouteAndRawStreamsGetNoDefaultDeadline() {
    Set<String> unaryMethods = new TreeSet<>();
    for (io.grpc.ServiceDescriptor service :
        List.of(SamLocServiceGrpc.getServiceDescriptor(), LiengServiceGrpc.getServiceDescriptor())) {
      for (io.grpc.MethodDescriptor<?, ?> method : service.getMethods()) {
        if (method.getType() == io.grpc.MethodDescriptor.MethodType.UNARY) {
          unaryMethods.add(method.getFullMethodName());
          assertNotNull(StreamRoutes.of(method), method.getFullMethodName());
        } else {
          assertEquals(null, StreamRoutes.of(method));
        }
      }
    }
    assertEquals(ContractRpcs.unary(), unaryMethods);
    assertEquals(unaryMethods.size(), StreamRoutes.all().size());
    assertEquals("score_lieng", StreamRoutes.snakeCase("ScoreLieng"));
    assertFalse(io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING.clientSendsOneMessage());
    assertThrows(IllegalArgumentException.class, () -> RulesChannels.builder("localhost:1").streams(-1));
  }

  @Test
  void aRawStreamOnAStreamModeChannelStillWorks() throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    List<Long> ids = Collections.synchronizedList(new ArrayList<>());
    StreamObserver<LiengServiceStreamRequest> requests =
        LiengServiceGrpc.newStub(streams)
            .stream(
                new StreamObserver<LiengServiceStreamResponse>() {
                  @Override
                  public void onNext(LiengServiceStreamResponse answer) {
                    ids.add(answer.getId());
                  }

                  @Override
                  public void onError(Throwable error) {
                    done.countDown();
                  }

                  @Override
                  public void onCompleted() {
                    done.countDown();
                  }
                });
    requests.onNext(LiengServiceStreamRequest.newBuilder().setId(7).setScoreLieng(hands(1)).build());
    requests.onCompleted();
    assertTrue(done.await(30, TimeUnit.SECONDS));
    assertEquals(List.of(7L), ids);
  }
}
