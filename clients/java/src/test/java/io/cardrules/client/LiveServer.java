package io.cardrules.client;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The live rules server for the tests that need one: {@code -Dcardrules.target=HOST:PORT} or the environment variable
 * {@code CARDRULES_TARGET}. Without either those tests are skipped, so {@code mvn install} works from a clone with no
 * server; tests/sdk/test_java_conformance.py starts a server, passes its address, and fails on any skipped test.
 */
final class LiveServer {
  static final String PROPERTY = "cardrules.target";
  static final String VARIABLE = "CARDRULES_TARGET";
  /** The shared vectors: {@code -Dcardrules.vectors} (set by the pom), else ../../tests/vectors. */
  static final Path VECTORS =
      Paths.get(System.getProperty("cardrules.vectors", Paths.get("../../tests/vectors").toAbsolutePath().toString()))
          .normalize();

  private LiveServer() {}

  /** The server's address, or "" when none was given. */
  static String target() {
    String target = System.getProperty(PROPERTY, "");
    return target.isEmpty() ? System.getenv().getOrDefault(VARIABLE, "") : target;
  }

  /** Skips the calling test (a JUnit assumption, reported as skipped) when no server was given. */
  static void assumeGiven(String target) {
    assumeTrue(
        !target.isEmpty(),
        "no live server: set -D" + PROPERTY + "=HOST:PORT or " + VARIABLE + " to run the tests against one");
  }
}
