package io.cardrules.client;

import io.grpc.Status;

/** The call did not finish before its deadline. */
public final class DeadlineExceededException extends RulesException {
  private static final long serialVersionUID = 1L;

  DeadlineExceededException(String message, com.google.rpc.Status status, Throwable cause) {
    super(Status.Code.DEADLINE_EXCEEDED, message, status, cause);
  }
}
