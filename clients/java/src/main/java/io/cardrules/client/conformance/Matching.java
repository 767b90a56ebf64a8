package io.cardrules.client.conformance;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The matching rules of {@code tests/vectors/README.md} over Gson JSON trees, as in the Python and TypeScript
 * SDKs. Each method returns the first difference as text starting with its JSON path, or null on a match.
 */
public final class Matching {
  // proto3 JSON prints int64 as a decimal string; a vector may write the same value as a number.
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+");
  private static final Gson SHOW = new GsonBuilder().disableHtmlEscaping().create();
  private static final int SHOW_LIMIT = 200;

  private Matching() {}

  /** One case's {@code expect} (with {@code response} or {@code error}) against what the call gave. */
  public static String matchExpect(JsonObject expect, Outcome outcome) {
    if (expect.has("error")) {
      JsonObject error = expect.getAsJsonObject("error");
      if (outcome.isResponse()) {
        return "error: expected " + show(error.get("code")) + ", but the call succeeded";
      }
      return matchError(error, outcome);
    }
    if (!outcome.isResponse()) {
      return "response: the call failed with " + outcome.code() + ": " + outcome.message();
    }
    List<String> unordered = new ArrayList<>();
    if (expect.has("unordered")) {
      for (JsonElement path : expect.getAsJsonArray("unordered")) {
        unordered.add(path.getAsString());
      }
    }
    return matchSubset(expect.get("response"), outcome.response(), unordered);
  }

  /**
   * The status code name must be equal; {@code fieldViolations}, when given, must equal the actual set of (field,
   * reason) pairs (the vector loader checked each entry is a {@code {"field", "reason"}} object).
   */
  public static String matchError(JsonObject expected, Outcome actual) {
    String code = expected.has("code") ? expected.get("code").getAsString() : null;
    if (!actual.code().equals(code)) {
      String detail = actual.message().isEmpty() ? "" : " (" + actual.message() + ")";
      return "error.code: expected " + code + ", got " + actual.code() + detail;
    }
    if (!expected.has("fieldViolations")) {
      return null;
    }
    Set<String> want = new TreeSet<>();
    for (JsonElement entry : expected.getAsJsonArray("fieldViolations")) {
      JsonObject violation = entry.getAsJsonObject();
      want.add(Outcome.violation(violation.get("field").getAsString(), violation.get("reason").getAsString()));
    }
    Set<String> got = new TreeSet<>(actual.fieldViolations());
    if (want.equals(got)) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    Set<String> missing = new TreeSet<>(want);
    missing.removeAll(got);
    Set<String> unexpected = new TreeSet<>(got);
    unexpected.removeAll(want);
    if (!missing.isEmpty()) {
      parts.add("missing " + SHOW.toJson(missing));
    }
    if (!unexpected.isEmpty()) {
      parts.add("unexpected " + SHOW.toJson(unexpected));
    }
    return "error.fieldViolations: " + String.join(", ", parts) + " (got " + SHOW.toJson(got) + ")";
  }

  /**
   * {@code expected} is a subset of the {@code actual} response; lists at the dotted paths in {@code unordered}
   * (list indices left out, e.g. {@code pots.winners}) may match in any order.
   */
  public static String matchSubset(JsonElement expected, JsonElement actual, Collection<String> unordered) {
    return match(expected, actual, "response", "", new HashSet<>(unordered));
  }

  public static String matchSubset(JsonElement expected, JsonElement actual, String... unordered) {
    return matchSubset(expected, actual, Arrays.asList(unordered));
  }

  // `where` is the reported path with indices; `schema` is the dotted field path without them.
  private static String match(
      JsonElement expected, JsonElement actual, String where, String schema, Set<String> unordered) {
    if (expected.isJsonObject()) {
      if (!actual.isJsonObject()) {
        return where + ": expected an object, got " + show(actual);
      }
      JsonObject have = actual.getAsJsonObject();
      for (Map.Entry<String, JsonElement> entry : expected.getAsJsonObject().entrySet()) {
        String key = entry.getKey();
        if (!have.has(key)) {
          return where + "." + key + ": missing (expected " + show(entry.getValue()) + ")";
        }
        String difference =
            match(entry.getValue(), have.get(key), where + "." + key, schema.isEmpty() ? key : schema + "." + key,
                unordered);
        if (difference != null) {
          return difference;
        }
      }
      return null;
    }
    if (expected.isJsonArray()) {
      if (!actual.isJsonArray()) {
        return where + ": expected a list, got " + show(actual);
      }
      JsonArray want = expected.getAsJsonArray();
      JsonArray got = actual.getAsJsonArray();
      if (want.size() != got.size()) {
        return where + ": expected " + want.size() + " elements, got " + got.size() + ": " + show(got);
      }
      if (unordered.contains(schema)) {
        return matchUnordered(want, got, where, schema, unordered);
      }
      for (int i = 0; i < want.size(); i++) {
        String difference = match(want.get(i), got.get(i), where + "[" + i + "]", schema, unordered);
        if (difference != null) {
          return difference;
        }
      }
      return null;
    }
    if (scalarsEqual(expected, actual)) {
      return null;
    }
    return where + ": expected " + show(expected) + ", got " + show(actual);
  }

  // Each expected element needs its own actual element. Subset matching means one actual element can fit several
  // expected ones, so a greedy pass could fail where a pairing exists: find a maximum bipartite matching
  // (augmenting paths; the lists here are small).
  private static String matchUnordered(
      JsonArray expected, JsonArray actual, String where, String schema, Set<String> unordered) {
    List<List<Integer>> fits = new ArrayList<>();
    for (JsonElement want : expected) {
      List<Integer> candidates = new ArrayList<>();
      for (int j = 0; j < actual.size(); j++) {
        if (match(want, actual.get(j), where, schema, unordered) == null) {
          candidates.add(j);
        }
      }
      fits.add(candidates);
    }
    Map<Integer, Integer> owner = new HashMap<>(); // actual index -> expected index
    for (int i = 0; i < expected.size(); i++) {
      if (!assign(i, fits, owner, new HashSet<>())) {
        if (!fits.get(i).isEmpty()) {
          return where + ": expected element " + show(expected.get(i)) + " has no distinct element left to match";
        }
        // Name the difference against the element at the same index: usually the one the author meant.
        String closest = match(expected.get(i), actual.get(i), where + "[" + i + "]", schema, unordered);
        return where + ": expected element " + show(expected.get(i)) + " matches no element (same index: "
            + closest + ")";
      }
    }
    return null;
  }

  private static boolean assign(int i, List<List<Integer>> fits, Map<Integer, Integer> owner, Set<Integer> seen) {
    for (int j : fits.get(i)) {
      if (!seen.add(j)) {
        continue;
      }
      Integer previous = owner.get(j);
      if (previous == null || assign(previous, fits, owner, seen)) {
        owner.put(j, i);
        return true;
      }
    }
    return false;
  }

  /** Scalars match by value; an int64 written as a number matches the same decimal string either way round. */
  static boolean scalarsEqual(JsonElement expected, JsonElement actual) {
    if (expected.isJsonNull() || actual.isJsonNull()) {
      return expected.isJsonNull() && actual.isJsonNull();
    }
    if (!expected.isJsonPrimitive() || !actual.isJsonPrimitive()) {
      return false;
    }
    JsonPrimitive want = expected.getAsJsonPrimitive();
    JsonPrimitive got = actual.getAsJsonPrimitive();
    // JSON true is never the number 1.
    if (want.isBoolean() || got.isBoolean()) {
      return want.isBoolean() && got.isBoolean() && want.getAsBoolean() == got.getAsBoolean();
    }
    if (want.isNumber() && got.isNumber()) {
      return number(want).compareTo(number(got)) == 0;
    }
    if (want.isNumber()) {
      return decimalEquals(got.getAsString(), number(want));
    }
    if (got.isNumber()) {
      return decimalEquals(want.getAsString(), number(got));
    }
    return want.getAsString().equals(got.getAsString());
  }

  private static BigDecimal number(JsonPrimitive value) {
    // Exact, never through a double: int64 values beyond 2^53 must compare exactly.
    return new BigDecimal(value.getAsString());
  }

  private static boolean decimalEquals(String text, BigDecimal number) {
    if (!DECIMAL.matcher(text).matches()) {
      return false;
    }
    BigDecimal integral = number.stripTrailingZeros();
    return integral.scale() <= 0 && integral.compareTo(new BigDecimal(text)) == 0;
  }

  static String show(JsonElement value) {
    String text = value == null ? "nothing" : SHOW.toJson(value);
    return text.length() <= SHOW_LIMIT ? text : text.substring(0, SHOW_LIMIT - 1) + "…";
  }
}
