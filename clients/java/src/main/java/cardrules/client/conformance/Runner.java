package cardrules.client.conformance;

import io.grpc.Channel;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Replays every vector under a directory and reports one line per failing case; usable from tests. */
public final class Runner {
  private Runner() {}

  /** The counts and the failure lines ({@code FAIL file: case: first difference}). */
  public static final class Summary {
    private final int passed;
    private final List<String> failures;

    Summary(int passed, List<String> failures) {
      this.passed = passed;
      this.failures = Collections.unmodifiableList(new ArrayList<>(failures));
    }

    public int passed() {
      return passed;
    }

    public int failed() {
      return failures.size();
    }

    public List<String> failures() {
      return failures;
    }

    /** Every runner's last line: {@code N passed, M failed}. */
    public String line() {
      return passed + " passed, " + failures.size() + " failed";
    }

    /** Success means something ran and nothing failed. */
    public boolean ok() {
      return passed > 0 && failures.isEmpty();
    }
  }

  /**
   * Runs every case; failure lines (and, when {@code verbose}, pass lines) go to {@code out} as they happen.
   *
   * @throws IOException when the directory cannot be read
   */
  public static Summary run(Path vectors, Channel channel, long timeoutMillis, boolean verbose, PrintStream out)
      throws IOException {
    int passed = 0;
    List<String> failures = new ArrayList<>();
    for (VectorCase vector : Vectors.load(vectors)) {
      String difference = difference(channel, vector, timeoutMillis);
      if (difference == null) {
        passed++;
        if (verbose) {
          out.println("ok   " + vector.label());
        }
      } else {
        String line = "FAIL " + vector.label() + ": " + oneLine(difference);
        failures.add(line);
        out.println(line);
      }
    }
    return new Summary(passed, failures);
  }

  private static String difference(Channel channel, VectorCase vector, long timeoutMillis) {
    if (vector.problem() != null) {
      return "malformed vector: " + vector.problem();
    }
    try {
      return Matching.matchExpect(vector.expect(), CaseCall.run(channel, vector, timeoutMillis));
    } catch (CaseCall.Unsendable error) {
      return error.getMessage();
    }
  }

  // One line per failing case, even when a library message (e.g. a JSON parse error) spans several.
  private static String oneLine(String text) {
    return text.trim().replaceAll("\\s*\\R\\s*", " ");
  }
}
