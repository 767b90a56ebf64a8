package io.cardrules.client.conformance;

import io.cardrules.client.UnauthenticatedException;
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
    private final int refused;

    Summary(int passed, List<String> failures, int refused) {
      this.passed = passed;
      this.failures = Collections.unmodifiableList(new ArrayList<>(failures));
      this.refused = refused;
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

    /** How many failing cases failed on a call refused for credentials ({@link UnauthenticatedException}). */
    public int refused() {
      return refused;
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
    int refused = 0;
    List<String> failures = new ArrayList<>();
    for (VectorCase vector : Vectors.load(vectors)) {
      Outcome outcome = null;
      String difference;
      if (vector.problem() != null) {
        difference = "malformed vector: " + vector.problem();
      } else {
        try {
          outcome = CaseCall.run(channel, vector, timeoutMillis);
          difference = Matching.matchExpect(vector.expect(), outcome);
          if (difference == null) {
            difference = LocalDeal.difference(vector); // a Deal case: this SDK must deal the same, locally
          }
        } catch (CaseCall.Unsendable error) {
          difference = error.getMessage();
        }
      }
      if (difference == null) {
        passed++;
        if (verbose) {
          out.println("ok   " + vector.label());
        }
        continue;
      }
      if (outcome != null && outcome.failure() instanceof UnauthenticatedException) {
        refused++;
      }
      String line = "FAIL " + vector.label() + ": " + oneLine(difference);
      failures.add(line);
      out.println(line);
    }
    return new Summary(passed, failures, refused);
  }

  // One line per failing case, even when a library message (e.g. a JSON parse error) spans several.
  private static String oneLine(String text) {
    return text.trim().replaceAll("\\s*\\R\\s*", " ");
  }
}
