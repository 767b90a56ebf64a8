package io.cardrules.client;

import io.grpc.Status;

/** No server could be reached (after the channel's retries, if enabled). */
public final class UnavailableException extends RulesException {
  private static final long serialVersionUID = 1L;

  UnavailableException(String message, com.google.rpc.Status status, Throwable cause) {
    super(Status.Code.UNAVAILABLE, message, status, cause);
  }
}
