package io.cardrules.client;

import java.util.Objects;

/**
 * One offending field of a malformed request: {@code field} is a snake_case path like {@code hands[0]}, {@code
 * reason} a stable UPPER_SNAKE_CASE code to branch on (e.g. {@code MALFORMED_CARD}; empty when the server gave none),
 * {@code description} the human-readable text.
 */
public final class FieldViolation {
  private final String field;
  private final String description;
  private final String reason;

  public FieldViolation(String field, String description, String reason) {
    this.field = Objects.requireNonNull(field);
    this.description = Objects.requireNonNull(description);
    this.reason = Objects.requireNonNull(reason);
  }

  public String field() {
    return field;
  }

  public String description() {
    return description;
  }

  /** The stable code of this violation ({@code google.rpc.BadRequest.FieldViolation.reason}); may be empty. */
  public String reason() {
    return reason;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FieldViolation
        && field.equals(((FieldViolation) other).field)
        && description.equals(((FieldViolation) other).description)
        && reason.equals(((FieldViolation) other).reason);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, description, reason);
  }

  @Override
  public String toString() {
    return field + ": " + description;
  }
}
