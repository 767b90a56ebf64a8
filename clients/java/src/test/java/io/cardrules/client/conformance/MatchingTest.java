package io.cardrules.client.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The matching rules of tests/vectors/README.md, checked with literal JSON pairs. */
class MatchingTest {
  private static JsonElement json(String text) {
    return JsonParser.parseString(text);
  }

  private static String subset(String expected, String actual, String... unordered) {
    return Matching.matchSubset(json(expected), json(actual), unordered);
  }

  @Test
  void expectedIsASubset() {
    assertNull(subset("{\"a\": 1}", "{\"a\": 1, \"b\": 2}"));
    assertNull(subset("{\"o\": {\"x\": true}}", "{\"o\": {\"x\": true, \"y\": \"z\"}}"));
    assertEquals("response.c: missing (expected 3)", subset("{\"c\": 3}", "{\"a\": 1}"));
    assertEquals("response.o.x: expected true, got false", subset("{\"o\": {\"x\": true}}", "{\"o\": {\"x\": false}}"));
  }

  @Test
  void int64NumbersEqualDecimalStrings() {
    assertNull(subset("{\"n\": 20000}", "{\"n\": \"20000\"}"));
    assertNull(subset("{\"n\": \"20000\"}", "{\"n\": 20000}"));
    assertNull(subset("{\"n\": 9007199254740993}", "{\"n\": \"9007199254740993\"}"));
    assertNull(subset("{\"n\": 1.0}", "{\"n\": \"1\"}"));
    assertTrue(subset("{\"n\": 9007199254740993}", "{\"n\": \"9007199254740992\"}") != null);
    assertTrue(subset("{\"n\": 1.5}", "{\"n\": \"1\"}") != null);
    assertTrue(subset("{\"n\": 1}", "{\"n\": \"1e0\"}") != null);
    assertNull(subset("{\"n\": 1}", "{\"n\": 1.0}"));
  }

  @Test
  void booleansAreNotNumbersAndStringsAreExact() {
    assertTrue(subset("{\"b\": true}", "{\"b\": 1}") != null);
    assertTrue(subset("{\"b\": 1}", "{\"b\": true}") != null);
    assertTrue(subset("{\"s\": \"RANK_TEN\"}", "{\"s\": \"RANK_TEN \"}") != null);
    assertNull(subset("{\"z\": null}", "{\"z\": null}"));
  }

  @Test
  void listsAreOrderedUnlessListedAsUnordered() {
    assertNull(subset("{\"l\": [1, 2]}", "{\"l\": [1, 2]}"));
    assertEquals("response.l[0]: expected 2, got 1", subset("{\"l\": [2, 1]}", "{\"l\": [1, 2]}"));
    assertNull(subset("{\"l\": [2, 1]}", "{\"l\": [1, 2]}", "l"));
    assertEquals("response.l: expected 1 elements, got 2: [1,2]", subset("{\"l\": [1]}", "{\"l\": [1, 2]}", "l"));
  }

  @Test
  void unorderedPathsLeaveIndicesOut() {
    String actual = "{\"pots\": [{\"winners\": [3, 1]}, {\"winners\": [2, 0]}]}";
    assertNull(subset("{\"pots\": [{\"winners\": [1, 3]}, {\"winners\": [0, 2]}]}", actual, "pots.winners"));
    assertTrue(subset("{\"pots\": [{\"winners\": [1, 3]}, {\"winners\": [0, 2]}]}", actual) != null);
  }

  @Test
  void unorderedNeedsADistinctElementForEachExpectedOne() {
    // A loose pattern first must not take the only element the strict pattern fits (maximum matching).
    String actual = "{\"m\": [{\"k\": 1, \"v\": 2}, {\"k\": 1, \"v\": 3}]}";
    assertNull(subset("{\"m\": [{\"k\": 1}, {\"v\": 2}]}", actual, "m"));
    String twice = subset("{\"m\": [{\"v\": 2}, {\"v\": 2}]}", actual, "m");
    assertTrue(twice.contains("no distinct element left"), twice);
    String none = subset("{\"m\": [{\"v\": 9}, {\"k\": 1}]}", actual, "m");
    assertTrue(none.startsWith("response.m: expected element {\"v\":9} matches no element"), none);
  }

  @Test
  void errorsCompareCodeThenViolationSet() {
    JsonObject expected =
        json("{\"code\": \"INVALID_ARGUMENT\", \"fieldViolations\": [{\"field\": \"a\", \"reason\": \"R\"},"
                + " {\"field\": \"b\", \"reason\": \"S\"}]}")
            .getAsJsonObject();
    assertNull(Matching.matchError(expected, Outcome.error("INVALID_ARGUMENT", List.of("b S", "a R"), "bad")));
    assertEquals(
        "error.fieldViolations: missing [\"a R\"], unexpected [\"c R\"] (got [\"b S\",\"c R\"])",
        Matching.matchError(expected, Outcome.error("INVALID_ARGUMENT", List.of("b S", "c R"), "")));
    assertEquals(
        "error.fieldViolations: missing [\"a R\"], unexpected [\"a T\"] (got [\"a T\",\"b S\"])",
        Matching.matchError(expected, Outcome.error("INVALID_ARGUMENT", List.of("b S", "a T"), "")));
    assertEquals(
        "error.code: expected INVALID_ARGUMENT, got INTERNAL (boom)",
        Matching.matchError(expected, Outcome.error("INTERNAL", List.of(), "boom")));
    JsonObject codeOnly = json("{\"code\": \"INVALID_ARGUMENT\"}").getAsJsonObject();
    assertNull(Matching.matchError(codeOnly, Outcome.error("INVALID_ARGUMENT", List.of("x R"), "")));
    JsonObject none = json("{\"code\": \"INVALID_ARGUMENT\", \"fieldViolations\": []}").getAsJsonObject();
    assertTrue(Matching.matchError(none, Outcome.error("INVALID_ARGUMENT", List.of("x R"), "")) != null);
  }

  @Test
  void expectChoosesResponseOrError() {
    JsonObject wantsError = json("{\"error\": {\"code\": \"INVALID_ARGUMENT\"}}").getAsJsonObject();
    assertEquals(
        "error: expected \"INVALID_ARGUMENT\", but the call succeeded",
        Matching.matchExpect(wantsError, Outcome.response(json("{}"))));
    JsonObject wantsResponse = json("{\"response\": {\"legal\": false}, \"unordered\": []}").getAsJsonObject();
    assertNull(Matching.matchExpect(wantsResponse, Outcome.response(json("{\"legal\": false}"))));
    assertEquals(
        "response: the call failed with UNAVAILABLE: down",
        Matching.matchExpect(wantsResponse, Outcome.error("UNAVAILABLE", List.of(), "down")));
  }
}
