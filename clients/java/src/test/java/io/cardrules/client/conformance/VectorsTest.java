package io.cardrules.client.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorsTest {
  private static final String CASE =
      "{\"name\": \"%s\", \"service\": \"s\", \"method\": \"m\", \"request\": {}, \"expect\": %s}";

  private static String problem(String expect) {
    List<VectorCase> cases = Vectors.parse("f.json", "{\"cases\": [" + String.format(CASE, "n", expect) + "]}");
    assertEquals(1, cases.size());
    return cases.get(0).problem();
  }

  @Test
  void expectKeysAreLimited() {
    assertNull(problem("{\"response\": {}, \"unordered\": [\"moves\"]}"));
    assertNull(problem("{\"error\": {\"code\": \"INVALID_ARGUMENT\", \"fieldViolations\": []}}"));
    assertEquals("\"expect\" has unknown keys [respons]", problem("{\"respons\": {}}"));
    assertEquals("\"expect\" needs exactly one of \"response\" and \"error\"", problem("{}"));
    assertEquals(
        "\"expect.error\" has unknown keys [fieldViolation]",
        problem("{\"error\": {\"code\": \"INTERNAL\", \"fieldViolation\": []}}"));
    assertEquals(
        "\"expect.error.code\" must be a gRPC status code name other than OK, not \"OK\"",
        problem("{\"error\": {\"code\": \"OK\"}}"));
    String violations =
        "\"expect.error.fieldViolations\" must be a list of {\"field\": path, \"reason\": REASON} objects";
    String internal = "{\"error\": {\"code\": \"INTERNAL\", \"fieldViolations\": %s}}";
    assertNull(problem(String.format(internal, "[{\"field\": \"a\", \"reason\": \"R\"}]")));
    assertEquals(violations, problem(String.format(internal, "[\"a\"]")));
    assertEquals(violations, problem(String.format(internal, "[{\"field\": \"a\"}]")));
    assertEquals(violations, problem(String.format(internal, "[{\"field\": \"a\", \"reason\": \"\"}]")));
    assertEquals(
        violations, problem(String.format(internal, "[{\"field\": \"a\", \"reason\": \"R\", \"why\": \"x\"}]")));
    assertEquals(
        "\"expect.unordered\" only applies to \"response\"",
        problem("{\"error\": {\"code\": \"INTERNAL\"}, \"unordered\": []}"));
  }

  @Test
  void badFilesBecomeFailuresNotExceptions() {
    assertEquals("not valid JSON", Vectors.parse("f.json", "{").get(0).problem().substring(0, 14));
    assertEquals("expected an object with a \"cases\" list", Vectors.parse("f.json", "[]").get(0).problem());
    assertEquals("cases[0]", Vectors.parse("f.json", "{\"cases\": [1]}").get(0).name());
  }

  @Test
  void filesAreFoundAtAnyDepthInPythonPathOrder(@TempDir Path dir) throws Exception {
    String one = "{\"cases\": [" + String.format(CASE, "%s", "{\"response\": {}}") + "]}";
    Files.createDirectories(dir.resolve("a"));
    Files.writeString(dir.resolve("a.json"), String.format(one, "second"));
    Files.writeString(dir.resolve("a/b.json"), String.format(one, "first"));
    Files.writeString(dir.resolve("notes.txt"), "ignored");
    List<String> names = Vectors.load(dir).stream().map(VectorCase::name).collect(Collectors.toList());
    assertEquals(List.of("first", "second"), names);
  }
}
