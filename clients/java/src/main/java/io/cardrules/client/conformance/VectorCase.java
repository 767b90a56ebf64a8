package io.cardrules.client.conformance;

import com.google.gson.JsonObject;

/**
 * One case of a vector file, or a malformed file or case ({@link #problem()} non-null), which is reported as a
 * failure naming it rather than thrown, so one bad file cannot hide the results of the others.
 */
public final class VectorCase {
  private final String file;
  private final String name;
  private final JsonObject entry;
  private final String problem;

  VectorCase(String file, String name, JsonObject entry, String problem) {
    this.file = file;
    this.name = name;
    this.entry = entry;
    this.problem = problem;
  }

  /** The file's path relative to the vectors directory. */
  public String file() {
    return file;
  }

  /** The case name, {@code cases[i]} when it has none, or empty for a problem with the whole file. */
  public String name() {
    return name;
  }

  /** Why the file or case does not follow the format, or null when it does. */
  public String problem() {
    return problem;
  }

  public String service() {
    return entry.get("service").getAsString();
  }

  public String method() {
    return entry.get("method").getAsString();
  }

  public JsonObject request() {
    return entry.getAsJsonObject("request");
  }

  public JsonObject expect() {
    return entry.getAsJsonObject("expect");
  }

  /** "file: case" for report lines. */
  public String label() {
    return name.isEmpty() ? file : file + ": " + name;
  }
}
