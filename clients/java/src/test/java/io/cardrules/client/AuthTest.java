package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.ScoreLiengRequest;
import io.cardrules.v1.ScoreLiengResponse;
import io.grpc.CompositeChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client side of authentication against a stand-in LiengService that records each call's authorization
 * header and refuses calls without the expected one, as the real server does. The real server's checks, TLS and
 * mutual TLS are tested end to end in tests/sdk/test_java_auth.py.
 */
class AuthTest {
  private static final String TOKEN = "s3cret-Token_1";
  private static final String REFUSAL = "missing or invalid credentials";

  private final List<String> headers = Collections.synchronizedList(new ArrayList<>());
  private Server server;
  private String target;

  @BeforeEach
  void start() throws IOException {
    ServerInterceptor gate =
        new ServerInterceptor() {
          @Override
          public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
              ServerCall<ReqT, RespT> call, Metadata metadata, ServerCallHandler<ReqT, RespT> next) {
            String authorization = metadata.get(BearerToken.AUTHORIZATION);
            headers.add(String.valueOf(authorization));
            if (!("Bearer " + TOKEN).equals(authorization)) {
              call.close(Status.UNAUTHENTICATED.withDescription(REFUSAL), new Metadata());
              return new ServerCall.Listener<ReqT>() {};
            }
            return next.startCall(call, metadata);
          }
        };
    LiengServiceGrpc.LiengServiceImplBase lieng =
        new LiengServiceGrpc.LiengServiceImplBase() {
          @Override
          public void scoreLieng(ScoreLiengRequest request, StreamObserver<ScoreLiengResponse> response) {
            response.onNext(ScoreLiengResponse.getDefaultInstance());
            response.onCompleted();
          }
        };
    server =
        Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
            .addService(ServerInterceptors.intercept(lieng, gate))
            .build()
            .start();
    target = "127.0.0.1:" + server.getPort();
  }

  @AfterEach
  void stop() throws InterruptedException {
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  private static void score(ManagedChannel channel) {
    try {
      new LiengClient(channel, 10_000).scoreLieng(ScoreLiengRequest.getDefaultInstance());
    } finally {
      channel.shutdownNow();
    }
  }

  @Test
  void insecureTokenTravelsOnEveryCall() {
    ManagedChannel channel = RulesChannels.builder(target).insecureToken(TOKEN).build();
    try {
      LiengClient lieng = new LiengClient(channel, 10_000);
      lieng.scoreLieng(ScoreLiengRequest.getDefaultInstance());
      lieng.scoreLieng(ScoreLiengRequest.getDefaultInstance());
    } finally {
      channel.shutdownNow();
    }
    assertEquals(List.of("Bearer " + TOKEN, "Bearer " + TOKEN), headers);
  }

  @Test
  void refusedCredentialsAreTypedAndNeverRetried() {
    for (RulesChannelBuilder builder :
        List.of(RulesChannels.builder(target), RulesChannels.builder(target).insecureToken("wrong"))) {
      headers.clear();
      UnauthenticatedException error = assertThrows(UnauthenticatedException.class, () -> score(builder.build()));
      assertEquals("UNAUTHENTICATED: " + REFUSAL, error.getMessage());
      assertEquals(Status.Code.UNAUTHENTICATED, error.code());
      // Retries are on by default; a refusal is final, so the server sees exactly one attempt.
      assertEquals(1, headers.size(), headers.toString());
    }
    assertTrue(RulesException.from(Status.UNAUTHENTICATED.asRuntimeException()) instanceof UnauthenticatedException);
  }

  @Test
  void aTokenOnlyTravelsOverTlsUnlessPlaintextIsChosen() {
    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> RulesChannels.builder(target).token(TOKEN).build());
    assertTrue(refused.getMessage().contains("insecureToken"), refused.getMessage());
    // A channel built by hand with the TLS-only token on plaintext: the call fails before anything is sent.
    ManagedChannel channel =
        Grpc.newChannelBuilder(
                target, CompositeChannelCredentials.create(InsecureChannelCredentials.create(), BearerToken.of(TOKEN)))
            .build();
    UnauthenticatedException error = assertThrows(UnauthenticatedException.class, () -> score(channel));
    assertTrue(error.getMessage().contains("only sent over TLS"), error.getMessage());
    assertEquals(List.of(), headers);
    assertEquals("BearerToken(TLS only)", BearerToken.of(TOKEN).toString());
  }

  @Test
  void badTokensAndConflictingOptionsFailBeforeAnyCall() {
    for (String bad : new String[] {"", "two words", "line\n", "caf\u00e9", null}) {
      assertThrows(IllegalArgumentException.class, () -> RulesChannels.builder(target).insecureToken(bad), bad);
    }
    assertThrows(
        IllegalStateException.class,
        () -> RulesChannels.builder(target).tls().credentials(InsecureChannelCredentials.create()).channelCredentials());
  }

  @Test
  void aClientKeyMustBePkcs8(@TempDir Path dir) throws IOException {
    File cert = dir.resolve("client.pem").toFile();
    File key = dir.resolve("client.key").toFile();
    Files.write(cert.toPath(), "-----BEGIN CERTIFICATE-----\n".getBytes(StandardCharsets.US_ASCII));
    Files.write(key.toPath(), "-----BEGIN EC PRIVATE KEY-----\n".getBytes(StandardCharsets.US_ASCII));
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> RulesChannels.builder(target).clientCertificate(cert, key).channelCredentials());
    assertTrue(error.getMessage().contains("openssl pkcs8 -topk8 -nocrypt"), error.getMessage());
    File missing = dir.resolve("missing.pem").toFile();
    assertThrows(
        java.io.UncheckedIOException.class,
        () -> RulesChannels.builder(target).caCertificates(missing).channelCredentials());
  }
}
