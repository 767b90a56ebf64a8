package cardrules.client.conformance;

import com.google.gson.JsonElement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What a call gave: a response as proto3 JSON (defaults emitted), or a status code name with its violations. */
public final class Outcome {
  private final JsonElement response;
  private final String code;
  private final List<String> fieldViolations;
  private final String message;

  private Outcome(JsonElement response, String code, List<String> fieldViolations, String message) {
    this.response = response;
    this.code = code;
    this.fieldViolations = fieldViolations;
    this.message = message;
  }

  public static Outcome response(JsonElement response) {
    return new Outcome(response, "OK", Collections.<String>emptyList(), "");
  }

  /** A failed call: {@code code} is a name like {@code INVALID_ARGUMENT}. */
  public static Outcome error(String code, List<String> fieldViolations, String message) {
    return new Outcome(
        null, code, Collections.unmodifiableList(new ArrayList<>(fieldViolations)), message == null ? "" : message);
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

  public List<String> fieldViolations() {
    return fieldViolations;
  }

  public String message() {
    return message;
  }
}
