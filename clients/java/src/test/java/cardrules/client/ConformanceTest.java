package cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import cardrules.client.conformance.Runner;
import cardrules.v1.Lieng.ScoreLiengResponse;
import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Against a live server (CARDRULES_TARGET, or one this test starts): every shared vector, the typed clients, and
 * the Kotlin example.
 */
class ConformanceTest {
  private static final Path VECTORS =
      Paths.get(System.getProperty("cardrules.vectors", TestServer.REPO.resolve("tests/vectors").toString()));

  private static TestServer server;
  private static ManagedChannel channel;

  @BeforeAll
  static void start() throws Exception {
    server = TestServer.start();
    channel = RulesChannels.connect(server.target);
  }

  @AfterAll
  static void stop() throws Exception {
    if (channel != null) {
      channel.shutdownNow();
    }
    if (server != null) {
      server.close();
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
  void runnerMainReportsAndExitsZero() {
    assertEquals(0, Conformance.run(new String[] {VECTORS.toString(), "--target", server.target}));
    assertEquals(2, Conformance.run(new String[] {VECTORS.resolve("missing").toString()}));
  }

  @Test
  void typedClientsAnswerAndRaiseFieldViolations() {
    LiengClient lieng = new LiengClient(channel);
    ScoreLiengResponse scores = lieng.score("AC AD AH", "2S 3H 4D");
    assertEquals(2, scores.getScoresCount());
    InvalidArgumentException error =
        org.junit.jupiter.api.Assertions.assertThrows(
            InvalidArgumentException.class, () -> lieng.compare("AC AD", "2S 3H 4D"));
    assertEquals("hands[0]", error.fieldViolations().get(0).field());
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
    new LiengClient(recording, 30_000).score("AC AD AH", "2S 3H 4D");
    new LiengClient(recording).score("AC AD AH", "2S 3H 4D");
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
            Class.forName("cardrules.examples.ExampleKt").getMethod("scoreHands", String.class)
                .invoke(null, server.target);
    assertEquals(3, lines.size(), lines.toString());
    assertEquals("invalid: [hands[0]]", lines.get(2));
  }
}
