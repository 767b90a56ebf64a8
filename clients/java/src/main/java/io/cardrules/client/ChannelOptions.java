package io.cardrules.client;

import io.grpc.ChannelCredentials;
import io.grpc.CompositeChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.TlsChannelCredentials;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * How to reach the rules service: TLS and client certificates, a bearer token, load balancing, retries and the
 * default deadline. Every setter returns this object, so a channel reads as one sentence:
 *
 * <pre>{@code
 * ManagedChannel channel = RulesChannels.connect("rules.internal.example:50051", new ChannelOptions()
 *     .caCertificates(new File("ca.pem"))
 *     .clientCertificate(new File("game-api.pem"), new File("game-api.key"))
 *     .token(System.getenv("CARDRULES_TOKEN")));
 * }</pre>
 *
 * The defaults are those of {@link RulesChannels#connect(String)}: plaintext, pick_first, retries on, a 2 s
 * default deadline. Files are read when the channel is built ({@link #newBuilder}, {@link #connect}). Not
 * thread-safe; a channel built from it does not change when it does.
 */
public final class ChannelOptions {
  private LoadBalancing loadBalancing = LoadBalancing.PICK_FIRST;
  private boolean retry = true;
  private long defaultDeadlineMillis = RulesChannels.DEFAULT_DEADLINE_MILLIS;
  private boolean tls;
  private File caCertificates;
  private File certificateChain;
  private File privateKey;
  private ChannelCredentials credentials;
  private BearerToken token;

  /** Load balancing (default {@link LoadBalancing#PICK_FIRST}). */
  public ChannelOptions loadBalancing(LoadBalancing loadBalancing) {
    if (loadBalancing == null) {
      throw new IllegalArgumentException("load balancing must not be null");
    }
    this.loadBalancing = loadBalancing;
    return this;
  }

  /** No retries (e.g. behind a proxy that retries itself); by default UNAVAILABLE and CANCELLED are retried. */
  public ChannelOptions withoutRetry() {
    this.retry = false;
    return this;
  }

  /** The deadline of calls that set none; 0 means none (default {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}). */
  public ChannelOptions defaultDeadlineMillis(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("a default deadline must be >= 0 ms, not " + millis);
    }
    this.defaultDeadlineMillis = millis;
    return this;
  }

  /** TLS trusting the system's root certificates. */
  public ChannelOptions tls() {
    this.tls = true;
    return this;
  }

  /** TLS trusting the CA certificates in this PEM file (the CA that signed the server's certificate). */
  public ChannelOptions caCertificates(File pem) {
    this.caCertificates = required(pem, "the CA certificates file");
    return this;
  }

  /**
   * This client's certificate, for a server that wants mutual TLS (implies TLS): the PEM certificate chain and
   * its PEM private key, which must be PKCS#8 ({@code BEGIN PRIVATE KEY}); convert another key with {@code
   * openssl pkcs8 -topk8 -nocrypt -in client.key -out client.pk8.key}.
   */
  public ChannelOptions clientCertificate(File certificateChain, File privateKey) {
    this.certificateChain = required(certificateChain, "the certificate chain file");
    this.privateKey = required(privateKey, "the private key file");
    return this;
  }

  /** Any other channel credentials (TLS with your own trust or key managers, ALTS, ...), instead of the above. */
  public ChannelOptions credentials(ChannelCredentials credentials) {
    this.credentials = required(credentials, "the credentials");
    return this;
  }

  /**
   * Send {@code authorization: Bearer <token>} on every call, only over TLS: building a plaintext channel with it
   * fails. The token is one word of printable ASCII; keep it out of source and command lines.
   */
  public ChannelOptions token(String token) {
    this.token = BearerToken.of(token);
    return this;
  }

  /**
   * Like {@link #token} but over plaintext too: only for trusted networks (a sidecar proxy on the same host, a
   * server on loopback during development), where nobody else can read the connection.
   */
  public ChannelOptions insecureToken(String token) {
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

  /** A channel builder with these options set; add your own, then build. */
  public ManagedChannelBuilder<?> newBuilder(String target) {
    return RulesChannels.newBuilder(target, channelCredentials(), loadBalancing, retry, defaultDeadlineMillis);
  }

  /** A channel with these options, connecting at once. */
  public ManagedChannel connect(String target) {
    return RulesChannels.connecting(newBuilder(target).build());
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
