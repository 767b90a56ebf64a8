package io.cardrules.client;

import io.grpc.Status;

/** The server is overloaded or the request is too large. */
public final class ResourceExhaustedException extends RulesException {
  private static final long serialVersionUID = 1L;

  ResourceExhaustedException(String message, com.google.rpc.Status status, Throwable cause) {
    super(Status.Code.RESOURCE_EXHAUSTED, message, status, cause);
  }
}
