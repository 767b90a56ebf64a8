package io.cardrules.client;

import io.grpc.Status;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The request was malformed; {@link #fieldViolations()} names each offending field (snake_case paths). */
public final class InvalidArgumentException extends RulesException {
  private static final long serialVersionUID = 1L;

  private final List<FieldViolation> violations;

  InvalidArgumentException(
      String message, com.google.rpc.Status status, List<FieldViolation> violations, Throwable cause) {
    super(Status.Code.INVALID_ARGUMENT, withFields(message, violations), status, cause);
    this.violations = Collections.unmodifiableList(new ArrayList<>(violations));
  }

  /** From the {@code google.rpc.BadRequest} detail, e.g. {@code state.seats[2].hand.cards[1]}. */
  public List<FieldViolation> fieldViolations() {
    return violations;
  }

  private static String withFields(String message, List<FieldViolation> violations) {
    if (violations.isEmpty()) {
      return message;
    }
    StringBuilder out = new StringBuilder(message).append(" (");
    for (int i = 0; i < violations.size(); i++) {
      out.append(i == 0 ? "" : "; ").append(violations.get(i));
    }
    return out.append(')').toString();
  }
}
