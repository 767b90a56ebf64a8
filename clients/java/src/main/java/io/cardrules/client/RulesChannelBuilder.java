package io.cardrules.client;

import io.grpc.ChannelCredentials;
import io.grpc.ClientInterceptor;
import io.grpc.CompositeChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.TlsChannelCredentials;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Builds a channel to the rules service: TLS and client certificates, a bearer token, load balancing, retries and
 * the default deadline. Start from {@link RulesChannels#builder}; every setter returns this builder:
 *
 * <pre>{@code
 * ManagedChannel channel = RulesChannels.builder("rules.internal.example:50051")
 *     .caCertificates(new File("ca.pem"))
 *     .clientCertificate(new File("game-api.pem"), new File("game-api.pk8"))
 *     .token(System.getenv("CARDRULES_TOKEN"))
 *     .build();
 * }</pre>
 *
 * The defaults are those of {@link RulesChannels#connect(String)}: plaintext, pick_first, retries of UNAVAILABLE
 * and CANCELLED, a 2 s default deadline. Files are read by {@link #build} / {@link #managedChannelBuilder}. Not
 * thread-safe; a channel built from it does not change when it does.
 */
public final class RulesChannelBuilder {
  private final String target;
  private final ManagedChannelBuilder<?> transport;
  private LoadBalancing loadBalancing = LoadBalancing.PICK_FIRST;
  private boolean retry = true;
  private long defaultDeadlineMillis = RulesChannels.DEFAULT_DEADLINE_MILLIS;
  private boolean tls;
  private File caCertificates;
  private File certificateChain;
  private File privateKey;
  private ChannelCredentials credentials;
  private BearerToken token;
  private final List<ClientInterceptor> interceptors = new ArrayList<>();
  private int streams;

  RulesChannelBuilder(String target) {
    if (target == null || target.isEmpty()) {
      throw new IllegalArgumentException("the target is empty: give host:port or a URI such as dns:///host:port");
    }
    this.target = target;
    this.transport = null;
  }

  RulesChannelBuilder(ManagedChannelBuilder<?> transport) {
    if (transport == null) {
      throw new IllegalArgumentException("the channel builder must not be null");
    }
    this.target = null;
    this.transport = transport;
  }

  /** Load balancing (default {@link LoadBalancing#PICK_FIRST}). */
  public RulesChannelBuilder loadBalancing(LoadBalancing loadBalancing) {
    if (loadBalancing == null) {
      throw new IllegalArgumentException("load balancing must not be null");
    }
    this.loadBalancing = loadBalancing;
    return this;
  }

  /** Spread calls over every address the target resolves to: {@code loadBalancing(LoadBalancing.ROUND_ROBIN)}. */
  public RulesChannelBuilder roundRobin() {
    return loadBalancing(LoadBalancing.ROUND_ROBIN);
  }

  /** No retries (e.g. behind a proxy that retries itself); by default UNAVAILABLE and CANCELLED are retried. */
  public RulesChannelBuilder withoutRetry() {
    this.retry = false;
    return this;
  }

  /**
   * The deadline of calls that set none (raw stubs included; the SDK's clients set their own); 0 means none.
   * Default {@link RulesChannels#DEFAULT_DEADLINE_MILLIS} ms.
   */
  public RulesChannelBuilder defaultDeadline(long duration, TimeUnit unit) {
    if (duration < 0) {
      throw new IllegalArgumentException("a default deadline must be >= 0, not " + duration + " " + unit);
    }
    this.defaultDeadlineMillis = unit.toMillis(duration);
    return this;
  }

  /**
   * Interceptors for every call (logging, metrics, tracing), run before the default deadline is applied;
   * grpc-java's order: the last one added runs first.
   */
  public RulesChannelBuilder intercept(ClientInterceptor... interceptors) {
    this.interceptors.addAll(Arrays.asList(interceptors));
    return this;
  }

  /**
   * Stream mode: the unary calls of the clients (blocking, future, Kotlin) and of raw stubs on this channel travel
   * as messages on {@code streams} long-lived {@code Stream} calls per service instead of one HTTP/2 stream each;
   * same methods, deadlines, retries and typed errors. A stream ending before it answers (a replica draining, dying
   * or reaching its maximum connection age) has its calls sent again on another stream. With round robin each
   * stream goes to the next replica, so give at least as many streams as replicas. Calls with call credentials of
   * their own ({@code withCallCredentials}) are sent as ordinary calls. 0 (the default) turns it off.
   */
  public RulesChannelBuilder streams(int streams) {
    if (streams < 0) {
      throw new IllegalArgumentException("streams must be >= 0, not " + streams);
    }
    this.streams = streams;
    return this;
  }

  /** TLS trusting the system's root certificates. */
  public RulesChannelBuilder tls() {
    this.tls = true;
    return this;
  }

  /** TLS trusting the CA certificates in this PEM file (the CA that signed the server's certificate). */
  public RulesChannelBuilder caCertificates(File pem) {
    this.caCertificates = required(pem, "the CA certificates file");
    return this;
  }

  /**
   * This client's certificate, for a server that wants mutual TLS (implies TLS): the PEM certificate chain and
   * its PEM private key, which must be PKCS#8 ({@code BEGIN PRIVATE KEY}); convert another key with {@code
   * openssl pkcs8 -topk8 -nocrypt -in client.key -out client.pk8.key}.
   */
  public RulesChannelBuilder clientCertificate(File certificateChain, File privateKey) {
    this.certificateChain = required(certificateChain, "the certificate chain file");
    this.privateKey = required(privateKey, "the private key file");
    return this;
  }

  /** Any other channel credentials (TLS with your own trust or key managers, ALTS, ...), instead of the above. */
  public RulesChannelBuilder credentials(ChannelCredentials credentials) {
    this.credentials = required(credentials, "the credentials");
    return this;
  }

  /**
   * Send {@code authorization: Bearer <token>} on every call, only over TLS: building a plaintext channel with it
   * fails. The token is one word of printable ASCII; keep it out of source and command lines.
   */
  public RulesChannelBuilder token(String token) {
    this.token = BearerToken.of(token);
    return this;
  }

  /**
   * Like {@link #token} but over plaintext too: only for trusted networks (a sidecar proxy on the same host, a
   * server on loopback during development), where nobody else can read the connection.
   */
  public RulesChannelBuilder insecureToken(String token) {
    this.token = BearerToken.allowingPlaintext(token);
    return this;
  }

  /**
   * The channel credentials these options make: TLS (with the client certificate), or plaintext, combined with
   * the token's call credentials.
   *
   * @throws IllegalStateException on conflicting options, or a TLS-only token on a plaintext channel
   * @throws UncheckedIOException when a certificate or key file cannot be read
   */
  public ChannelCredentials channelCredentials() {
    boolean tlsFiles = tls || caCertificates != null || certificateChain != null;
    if (credentials != null && tlsFiles) {
      throw new IllegalStateException("give either credentials(...) or the TLS options, not both");
    }
    ChannelCredentials transport = credentials != null ? credentials : transport(tlsFiles);
    if (token == null) {
      return transport;
    }
    if (transport instanceof InsecureChannelCredentials && !token.plaintextAllowed()) {
      throw new IllegalStateException(
          "token(...) is sent only over TLS: add tls(), caCertificates(...) or credentials(...);"
              + " insecureToken(...) sends it over plaintext, for trusted networks only");
    }
    return CompositeChannelCredentials.create(transport, token);
  }

  /**
   * grpc-java's builder with all of the above set (service config, retries, credentials, interceptors), for the
   * options this builder does not cover (executor, user agent, keepalive, ...); build it yourself. Stream mode
   * ({@link #streams}) is {@link #build}'s only.
   */
  public ManagedChannelBuilder<?> managedChannelBuilder() {
    ManagedChannelBuilder<?> builder = transportBuilder();
    // intercept(...) runs the last-added interceptor first; the default deadline goes on first so that it runs
    // last, after the caller's interceptors have seen (and possibly set) the call's own deadline.
    builder.intercept(callInterceptors());
    return builder;
  }

  /** The service config, retries and credentials, without interceptors. */
  private ManagedChannelBuilder<?> transportBuilder() {
    ManagedChannelBuilder<?> builder = transport != null ? transportWithoutCredentials() : newTransport();
    builder
        .defaultServiceConfig(RulesChannels.serviceConfig(loadBalancing, retry))
        // Without this grpc-java may take a service config from DNS TXT records instead of ours.
        .disableServiceConfigLookUp();
    if (retry) {
      builder.enableRetry();
    } else {
      builder.disableRetry();
    }
    return builder;
  }

  private List<ClientInterceptor> callInterceptors() {
    List<ClientInterceptor> all = new ArrayList<>();
    if (defaultDeadlineMillis > 0) {
      all.add(new DefaultDeadline(defaultDeadlineMillis));
    }
    all.addAll(interceptors);
    return all;
  }

  /**
   * The channel, connecting at once rather than on the first call: name resolution, load balancer and transport
   * are set up while the caller builds its first request, so a cold JVM's first call does not spend its deadline
   * on that. Shut it down when done ({@code shutdown()} / {@code shutdownNow()}).
   *
   * @throws IllegalStateException on conflicting options, or a TLS-only token on a plaintext channel
   * @throws UncheckedIOException when a certificate or key file cannot be read
   */
  public ManagedChannel build() {
    if (streams == 0) {
      ManagedChannel channel = managedChannelBuilder().build();
      channel.getState(true);
      return channel;
    }
    // Stream mode: the interceptors wrap the routing, so they still see each call, and the streams are opened on
    // the bare transport (through the caller's interceptors only: no default deadline on a long-lived stream).
    ManagedChannel channel = transportBuilder().build();
    channel.getState(true);
    return new StreamingChannel(
        channel, streams, retry ? RetryPolicy.ON : RetryPolicy.OFF, callInterceptors(), new ArrayList<>(interceptors));
  }

  private ManagedChannelBuilder<?> newTransport() {
    return Grpc.newChannelBuilder(target, channelCredentials());
  }

  /** The caller's own builder carries its own transport security; ours would be silently lost on it. */
  private ManagedChannelBuilder<?> transportWithoutCredentials() {
    if (tls || caCertificates != null || certificateChain != null || credentials != null || token != null) {
      throw new IllegalStateException(
          "this builder wraps a channel builder of yours: set TLS on that one, and send a token per call with"
              + " withCallCredentials(BearerToken.of(token)) on the clients");
    }
    return transport;
  }

  private ChannelCredentials transport(boolean useTls) {
    if (!useTls) {
      return InsecureChannelCredentials.create();
    }
    TlsChannelCredentials.Builder builder = TlsChannelCredentials.newBuilder();
    try {
      if (caCertificates != null) {
        builder.trustManager(caCertificates);
      }
      if (certificateChain != null) {
        checkPkcs8(privateKey);
        builder.keyManager(certificateChain, privateKey);
      }
    } catch (IOException error) {
      throw new UncheckedIOException("cannot read a TLS file: " + error.getMessage(), error);
    }
    return builder.build();
  }

  /** grpc-java reads PKCS#8 keys only; say so plainly instead of failing deep inside the TLS library. */
  private static void checkPkcs8(File privateKey) throws IOException {
    String pem = new String(Files.readAllBytes(privateKey.toPath()), StandardCharsets.US_ASCII);
    if (!pem.contains("-----BEGIN PRIVATE KEY-----")) {
      throw new IllegalArgumentException(
          privateKey + " is not a PKCS#8 private key (BEGIN PRIVATE KEY); convert it with: openssl pkcs8 -topk8"
              + " -nocrypt -in " + privateKey + " -out " + privateKey + ".pk8");
    }
  }

  private static <T> T required(T value, String what) {
    if (value == null) {
      throw new IllegalArgumentException(what + " must not be null");
    }
    return value;
  }
}
