package io.cardrules.client;

import io.grpc.Status;

/**
 * The server wants credentials this client did not give or it does not accept: a bearer token ({@link
 * RulesChannelBuilder#token}) or, with mutual TLS, a client certificate. Never retried: the same credentials would be
 * refused again.
 */
public final class UnauthenticatedException extends RulesException {
  private static final long serialVersionUID = 1L;

  UnauthenticatedException(String message, com.google.rpc.Status status, Throwable cause) {
    super(Status.Code.UNAUTHENTICATED, message, status, cause);
  }
}
