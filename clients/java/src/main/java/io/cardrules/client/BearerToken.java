package io.cardrules.client;

import io.grpc.CallCredentials;
import io.grpc.Metadata;
import io.grpc.SecurityLevel;
import io.grpc.Status;
import java.util.concurrent.Executor;

/**
 * Call credentials that send {@code authorization: Bearer <token>} on every call, what a server started with
 * {@code --auth-tokens} wants. {@link RulesChannelBuilder#token} installs them; for a channel you build yourself use
 * {@code CompositeChannelCredentials.create(tlsCredentials, BearerToken.of(token))}.
 *
 * <p>{@link #of} sends the token only over TLS: on a plaintext connection, where anyone on the path could read it,
 * the call fails with {@code UNAUTHENTICATED} before anything is sent. {@link #allowingPlaintext} sends it over
 * plaintext too, for trusted networks only (a sidecar proxy on the same host, a server on loopback).
 */
public final class BearerToken extends CallCredentials {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private final String value;
  private final boolean plaintextAllowed;

  private BearerToken(String token, boolean plaintextAllowed) {
    this.value = "Bearer " + check(token);
    this.plaintextAllowed = plaintextAllowed;
  }

  /** The token, sent over TLS only. */
  public static BearerToken of(String token) {
    return new BearerToken(token, false);
  }

  /** The token, sent over plaintext connections too: for trusted networks only. */
  public static BearerToken allowingPlaintext(String token) {
    return new BearerToken(token, true);
  }

  /**
   * {@code token} itself, once known to be one header word: printable ASCII without spaces (RFC 6750's token68
   * fits, and any URL-safe random token). A typo such as a line end read from a file then fails here, not as a
   * refusal from the server.
   */
  static String check(String token) {
    if (token == null || token.isEmpty()) {
      throw new IllegalArgumentException("the token is empty");
    }
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw new IllegalArgumentException(
            "the token has a character that is not printable ASCII at index " + i + " (spaces and line ends"
                + " included)");
      }
    }
    return token;
  }

  /** Whether the token also goes over plaintext connections. */
  boolean plaintextAllowed() {
    return plaintextAllowed;
  }

  @Override
  public void applyRequestMetadata(RequestInfo requestInfo, Executor executor, MetadataApplier applier) {
    if (!plaintextAllowed && requestInfo.getSecurityLevel() != SecurityLevel.PRIVACY_AND_INTEGRITY) {
      applier.fail(
          Status.UNAUTHENTICATED.withDescription(
              "cardrules: the token is only sent over TLS; BearerToken.allowingPlaintext (RulesChannelBuilder"
                  + ".insecureToken) sends it over plaintext, for trusted networks only"));
      return;
    }
    Metadata headers = new Metadata();
    headers.put(AUTHORIZATION, value);
    applier.apply(headers);
  }

  @Override
  public String toString() {
    // Never the token itself: this object may end up in logs.
    return plaintextAllowed ? "BearerToken(allowing plaintext)" : "BearerToken(TLS only)";
  }
}
