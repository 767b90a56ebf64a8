package io.cardrules.client.conformance;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Loads vector files (format: {@code tests/vectors/README.md}) and checks each case's shape. */
public final class Vectors {
  private static final Set<String> STATUS_CODES =
      new HashSet<>(
          Arrays.asList(
              "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
              "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
              "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"));
  // Unknown keys inside `expect` are rejected: a misspelt "unordered" would silently make a case stricter, a
  // misspelt "fieldViolations" silently weaker.
  private static final Set<String> EXPECT_KEYS = new HashSet<>(Arrays.asList("response", "error", "unordered"));
  private static final Set<String> ERROR_KEYS = new HashSet<>(Arrays.asList("code", "fieldViolations"));

  private Vectors() {}

  /**
   * Every case of every {@code *.json} under {@code directory} (any depth), files in sorted path order.
   *
   * @throws IOException when the directory or a file cannot be read at all
   */
  public static List<VectorCase> load(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      throw new IOException("not a directory: " + directory);
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(directory)) {
      files =
          walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json"))
              .map(directory::relativize)
              .sorted(Vectors::compareByParts)
              .collect(Collectors.toList());
    } catch (UncheckedIOException error) {
      throw error.getCause();
    }
    List<VectorCase> cases = new ArrayList<>();
    for (Path relative : files) {
      String text = new String(Files.readAllBytes(directory.resolve(relative)), StandardCharsets.UTF_8);
      cases.addAll(parse(relative.toString(), text));
    }
    return Collections.unmodifiableList(cases);
  }

  /** The cases of one file's text; a malformed file or case becomes a case carrying its problem. */
  public static List<VectorCase> parse(String file, String text) {
    JsonElement document;
    try {
      document = JsonParser.parseString(text);
    } catch (JsonParseException error) {
      return Collections.singletonList(new VectorCase(file, "", null, "not valid JSON: " + error.getMessage()));
    }
    JsonElement entries = document.isJsonObject() ? document.getAsJsonObject().get("cases") : null;
    if (entries == null || !entries.isJsonArray()) {
      return Collections.singletonList(
          new VectorCase(file, "", null, "expected an object with a \"cases\" list"));
    }
    List<VectorCase> cases = new ArrayList<>();
    JsonArray list = entries.getAsJsonArray();
    for (int i = 0; i < list.size(); i++) {
      cases.add(toCase(file, i, list.get(i)));
    }
    return cases;
  }

  private static VectorCase toCase(String file, int index, JsonElement element) {
    if (!element.isJsonObject()) {
      return new VectorCase(file, "cases[" + index + "]", null, "a case must be an object");
    }
    JsonObject entry = element.getAsJsonObject();
    String name = isText(entry.get("name")) ? entry.get("name").getAsString() : "cases[" + index + "]";
    return new VectorCase(file, name, entry, problem(entry));
  }

  private static String problem(JsonObject entry) {
    for (String key : Arrays.asList("name", "service", "method")) {
      if (!isText(entry.get(key))) {
        return "\"" + key + "\" must be a non-empty string";
      }
    }
    if (!isObject(entry.get("request"))) {
      return "\"request\" must be an object";
    }
    if (!isObject(entry.get("expect"))) {
      return "\"expect\" must be an object";
    }
    JsonObject expect = entry.getAsJsonObject("expect");
    Set<String> unknown = new java.util.TreeSet<>(expect.keySet());
    unknown.removeAll(EXPECT_KEYS);
    if (!unknown.isEmpty()) {
      return "\"expect\" has unknown keys " + unknown;
    }
    if (expect.has("response") == expect.has("error")) {
      return "\"expect\" needs exactly one of \"response\" and \"error\"";
    }
    if (expect.has("response")) {
      if (!isObject(expect.get("response"))) {
        return "\"expect.response\" must be an object";
      }
      if (expect.has("unordered") && !isTextList(expect.get("unordered"))) {
        return "\"expect.unordered\" must be a list of dotted paths";
      }
      return null;
    }
    return errorProblem(expect);
  }

  private static String errorProblem(JsonObject expect) {
    if (expect.has("unordered")) {
      return "\"expect.unordered\" only applies to \"response\"";
    }
    if (!isObject(expect.get("error"))) {
      return "\"expect.error\" must be an object";
    }
    JsonObject error = expect.getAsJsonObject("error");
    Set<String> unknown = new java.util.TreeSet<>(error.keySet());
    unknown.removeAll(ERROR_KEYS);
    if (!unknown.isEmpty()) {
      return "\"expect.error\" has unknown keys " + unknown;
    }
    JsonElement code = error.get("code");
    if (!isText(code) || !STATUS_CODES.contains(code.getAsString())) {
      return "\"expect.error.code\" must be a gRPC status code name other than OK, not " + Matching.show(code);
    }
    if (error.has("fieldViolations") && !isViolationList(error.get("fieldViolations"))) {
      return "\"expect.error.fieldViolations\" must be a list of {\"field\": path, \"reason\": REASON} objects";
    }
    return null;
  }

  private static boolean isObject(JsonElement value) {
    return value != null && value.isJsonObject();
  }

  private static boolean isText(JsonElement value) {
    return value != null
        && value.isJsonPrimitive()
        && value.getAsJsonPrimitive().isString()
        && !value.getAsString().isEmpty();
  }

  /** [{"field": "hands[1]", "reason": "WRONG_CARD_COUNT"}, …]: exactly these two keys, non-empty strings. */
  private static boolean isViolationList(JsonElement value) {
    if (value == null || !value.isJsonArray()) {
      return false;
    }
    for (JsonElement item : value.getAsJsonArray()) {
      if (!isObject(item)) {
        return false;
      }
      JsonObject violation = item.getAsJsonObject();
      if (violation.size() != 2 || !isText(violation.get("field")) || !isText(violation.get("reason"))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isTextList(JsonElement value) {
    if (value == null || !value.isJsonArray()) {
      return false;
    }
    for (JsonElement item : value.getAsJsonArray()) {
      if (!item.isJsonPrimitive() || !item.getAsJsonPrimitive().isString()) {
        return false;
      }
    }
    return true;
  }

  // Sorted by path components, as Python sorts paths, so every runner reports files in the same order
  // ("a/b.json" before "a.json", which a plain string sort would reverse).
  private static int compareByParts(Path left, Path right) {
    int common = Math.min(left.getNameCount(), right.getNameCount());
    for (int i = 0; i < common; i++) {
      int order = left.getName(i).toString().compareTo(right.getName(i).toString());
      if (order != 0) {
        return order;
      }
    }
    return Integer.compare(left.getNameCount(), right.getNameCount());
  }
}
