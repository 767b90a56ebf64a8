package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cardrules.client.conformance.Runner;
import io.cardrules.v1.SamLocServiceLegalMovesRequest;
import io.cardrules.v1.SamLocServiceValidatePlayRequest;
import io.cardrules.v1.SamLocServiceValidatePlayResponse;
import io.cardrules.v1.SamMove;
import io.cardrules.v1.SamSeat;
import io.cardrules.v1.SamTableState;
import io.cardrules.v1.ScoreLiengResponse;
import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Against a live server ({@link LiveServer}; skipped without one): every shared vector (as unary calls and in stream
 * mode), the typed clients, the SamMove to SamAction helper, and the Kotlin example.
 */
class ConformanceTest {
  private static final Path VECTORS = LiveServer.VECTORS;

  private static String target;
  private static ManagedChannel channel;

  @BeforeAll
  static void connect() {
    target = LiveServer.target();
    if (!target.isEmpty()) {
      channel = RulesChannels.connect(target);
    }
  }

  @BeforeEach
  void needsTheServer() {
    LiveServer.assumeGiven(target);
  }

  @AfterAll
  static void disconnect() {
    if (channel != null) {
      channel.shutdownNow();
    }
  }

  @Test
  void everySharedVectorPasses() throws Exception {
    Runner.Summary summary = Runner.run(VECTORS, channel, 10_000, false, System.out);
    // The runners' summary line, so a log of `mvn test` shows the counts.
    System.out.println("conformance: " + summary.line());
    assertTrue(summary.ok(), summary.line() + "\n" + String.join("\n", summary.failures()));
  }

  @Test
  void everySharedVectorPassesOnStreams() throws Exception {
    // What reaches the wire: in stream mode only Stream calls, however many unary calls the runner makes.
    List<String> onTheWire = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    io.grpc.ManagedChannelBuilder<?> transport =
        io.grpc.Grpc.newChannelBuilder(target, io.grpc.InsecureChannelCredentials.create())
            .intercept(
                new io.grpc.ClientInterceptor() {
                  @Override
                  public <ReqT, RespT> io.grpc.ClientCall<ReqT, RespT> interceptCall(
                      io.grpc.MethodDescriptor<ReqT, RespT> method, io.grpc.CallOptions options,
                      io.grpc.Channel next) {
                    onTheWire.add(method.getBareMethodName());
                    return next.newCall(method, options);
                  }
                });
    ManagedChannel streams = RulesChannels.builder(transport).streams(Conformance.STREAMS).build();
    try {
      Runner.Summary summary = Runner.run(VECTORS, streams, 10_000, false, System.out);
      System.out.println("conformance (stream): " + summary.line());
      assertTrue(summary.ok(), summary.line() + "\n" + String.join("\n", summary.failures()));
      assertTrue(summary.passed() > onTheWire.size(), summary.line() + " on " + onTheWire.size() + " calls");
      assertEquals(java.util.Set.of("Stream"), java.util.Set.copyOf(onTheWire));
    } finally {
      streams.shutdown();
      assertTrue(streams.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS));
    }
  }

  @Test
  void streamModeExampleRuns() throws Exception {
    assertEquals(200, io.cardrules.examples.StreamsExample.scoreTables(target, 200));
  }

  @Test
  void runnerMainReportsAndExitsZero(@org.junit.jupiter.api.io.TempDir Path scratch) throws Exception {
    assertEquals(0, Conformance.run(new String[] {VECTORS.toString(), "--target", target}));
    // --stream on one file: every vector on streams is everySharedVectorPassesOnStreams' job.
    java.nio.file.Files.copy(VECTORS.resolve("lieng/flow.json"), scratch.resolve("flow.json"));
    assertEquals(0, Conformance.run(new String[] {scratch.toString(), "--target", target, "--stream"}));
    assertEquals(2, Conformance.run(new String[] {VECTORS.resolve("missing").toString()}));
  }

  @Test
  void fairDealExampleRuns() {
    List<String> lines = io.cardrules.examples.FairDealExample.fairHand(target);
    assertEquals("fair: true", lines.get(lines.size() - 1), lines.toString());
    if (lines.size() > 1) { // the deal gave no instant win: seat 2's view of the first state
      assertEquals(5, lines.size(), lines.toString());
      assertEquals(List.of("10 cards", "10 cards", "10 cards"), List.of(lines.get(0), lines.get(1), lines.get(3)));
      assertEquals(10, CardText.cards(lines.get(2)).size(), lines.toString()); // its own hand, and only its own
    }
  }

  @Test
  void typedClientsAnswerAndRaiseFieldViolations() {
    LiengClient lieng = new LiengClient(channel);
    ScoreLiengResponse scores = lieng.scoreLieng("AC AD AH", "2S 3H 4D");
    assertEquals(2, scores.getScoresCount());
    InvalidArgumentException error =
        assertThrows(InvalidArgumentException.class, () -> lieng.compareHands("AC AD", "2S 3H 4D"));
    assertEquals("hands[0]", error.fieldViolations().get(0).field());
    // The server's ErrorInfo: the first violation's stable reason, in the service's domain, naming its field.
    assertFalse(error.reason().isEmpty(), error.toString());
    assertEquals(error.fieldViolations().get(0).reason(), error.reason());
    assertEquals("cardrules.v1", error.domain());
    assertEquals("hands[0]", error.metadata().get("field"));
  }

  @Test
  void everyLegalMoveTurnedIntoAnActionValidates() {
    // Seat 0 holds 5C KH facing seat 1's 9S: it may play KH or pass.
    SamTableState state =
        SamTableState.newBuilder()
            .addSeats(SamSeat.newBuilder().setHand(CardText.cardsMessage("5C KH")))
            .addSeats(SamSeat.newBuilder().setHand(CardText.cardsMessage("4D 2H")))
            .setTurn(0)
            .setCurrent(CardText.cardsMessage("9S"))
            .setCurrentOwner(1)
            .build();
    SamLocClient sam = new SamLocClient(channel);
    List<SamMove> moves =
        sam.legalMoves(SamLocServiceLegalMovesRequest.newBuilder().setState(state).build()).getMovesList();
    assertEquals(2, moves.size(), moves.toString());
    for (SamMove move : moves) {
      SamLocServiceValidatePlayResponse answer =
          sam.validatePlay(
              SamLocServiceValidatePlayRequest.newBuilder()
                  .setState(state)
                  .setAction(SamActions.fromMove(0, move))
                  .build());
      assertTrue(answer.getLegal(), move + " -> " + answer);
      assertEquals(1, answer.getNextState().getTurn(), answer.toString());
    }
  }

  @Test
  void typedClientsGiveEachCallTheirDeadline() {
    // The generated stub's call options, as the channel sees them: the client's deadline, not the channel default.
    List<Long> remainingMillis = new java.util.ArrayList<>();
    io.grpc.Channel recording =
        io.grpc.ClientInterceptors.intercept(
            channel,
            new io.grpc.ClientInterceptor() {
              @Override
              public <ReqT, RespT> io.grpc.ClientCall<ReqT, RespT> interceptCall(
                  io.grpc.MethodDescriptor<ReqT, RespT> method, io.grpc.CallOptions options, io.grpc.Channel next) {
                remainingMillis.add(options.getDeadline().timeRemaining(java.util.concurrent.TimeUnit.MILLISECONDS));
                return next.newCall(method, options);
              }
            });
    new LiengClient(recording, 30_000).scoreLieng("AC AD AH", "2S 3H 4D");
    new LiengClient(recording).scoreLieng("AC AD AH", "2S 3H 4D");
    assertEquals(2, remainingMillis.size());
    assertTrue(remainingMillis.get(0) > 20_000 && remainingMillis.get(0) <= 30_000, remainingMillis.toString());
    assertTrue(remainingMillis.get(1) > 0 && remainingMillis.get(1) <= 2_000, remainingMillis.toString());
  }

  @Test
  @SuppressWarnings("unchecked")
  void kotlinExampleRuns() throws Exception {
    // Kotlin is compiled after the Java tests, so the example is reached by name.
    List<String> lines =
        (List<String>)
            Class.forName("io.cardrules.examples.ExampleKt").getMethod("scoreHands", String.class)
                .invoke(null, target);
    assertEquals(
        List.of("Trips A 3", "Straight 2-3-4 9", "invalid: [hands[0]]", "8 moves; first is legal: true"), lines);
  }
}
