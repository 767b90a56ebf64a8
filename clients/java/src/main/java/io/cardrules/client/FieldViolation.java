package io.cardrules.client;

import java.util.Objects;

/** One offending field of a malformed request: {@code field} is a snake_case path like {@code hands[0]}. */
public final class FieldViolation {
  private final String field;
  private final String description;

  public FieldViolation(String field, String description) {
    this.field = Objects.requireNonNull(field);
    this.description = Objects.requireNonNull(description);
  }

  public String field() {
    return field;
  }

  public String description() {
    return description;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FieldViolation
        && field.equals(((FieldViolation) other).field)
        && description.equals(((FieldViolation) other).description);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, description);
  }

  @Override
  public String toString() {
    return field + ": " + description;
  }
}
