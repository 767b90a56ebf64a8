package io.cardrules.client.conformance;

import com.google.gson.JsonElement;
import io.cardrules.client.RulesException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What a call gave: a response as proto3 JSON (defaults emitted), or a status code name with its violations. */
public final class Outcome {
  private final JsonElement response;
  private final String code;
  private final List<String> fieldViolations;
  private final String message;
  private final RulesException failure;

  private Outcome(
      JsonElement response, String code, List<String> fieldViolations, String message, RulesException failure) {
    this.response = response;
    this.code = code;
    this.fieldViolations = fieldViolations;
    this.message = message;
    this.failure = failure;
  }

  public static Outcome response(JsonElement response) {
    return new Outcome(response, "OK", Collections.<String>emptyList(), "", null);
  }

  /**
   * A failed call: {@code code} is a name like {@code INVALID_ARGUMENT}; each field violation is written {@code
   * "field REASON"} ({@link #violation}).
   */
  public static Outcome error(String code, List<String> fieldViolations, String message) {
    return error(code, fieldViolations, message, null);
  }

  /** A failed call, with the SDK's typed exception for it (see {@link #failure()}). */
  public static Outcome error(String code, List<String> fieldViolations, String message, RulesException failure) {
    return new Outcome(
        null,
        code,
        Collections.unmodifiableList(new ArrayList<>(fieldViolations)),
        message == null ? "" : message,
        failure);
  }

  public boolean isResponse() {
    return response != null;
  }

  public JsonElement response() {
    return response;
  }

  public String code() {
    return code;
  }

  /** Each BadRequest field violation as {@code "field REASON"}, e.g. {@code "hands[1] WRONG_CARD_COUNT"}. */
  public List<String> fieldViolations() {
    return fieldViolations;
  }

  /** How a field violation is written here and in differences: its field, a space, its reason. */
  public static String violation(String field, String reason) {
    return field + " " + reason;
  }

  public String message() {
    return message;
  }

  /** The typed exception of a failed call (e.g. {@link io.cardrules.client.UnauthenticatedException}), or null. */
  public RulesException failure() {
    return failure;
  }
}
