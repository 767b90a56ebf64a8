package cardrules.client;

import cardrules.client.conformance.Runner;
import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.TlsChannelCredentials;
import java.io.File;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * The conformance runner: replays vector files against a live server.
 *
 * <pre>
 * java -cp ... cardrules.client.Conformance VECTORS_DIR [--target HOST:PORT] [--timeout SECONDS] [--verbose]
 *     [--tls | --root-certificates PEM]
 * </pre>
 *
 * Prints one line per failing case and ends with {@code N passed, M failed}. Exit status: 0 all passed; 1 some
 * case failed or none was found; 2 bad usage or an unreadable vectors directory.
 */
public final class Conformance {
  private static final String USAGE =
      "usage: cardrules.client.Conformance VECTORS_DIR [--target localhost:50051] [--timeout 10] [--verbose]"
          + " [--tls | --root-certificates PEM]";

  private Conformance() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** The runner without exiting: returns the exit status. */
  public static int run(String[] args) {
    String vectors = null;
    String target = "localhost:50051";
    // Longer than a client's 2 s default: the vectors include the largest requests the contract allows.
    double timeoutSeconds = 10;
    boolean verbose = false;
    ChannelCredentials credentials = InsecureChannelCredentials.create();
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--target":
            target = args[++i];
            break;
          case "--timeout":
            timeoutSeconds = Double.parseDouble(args[++i]);
            break;
          case "--verbose":
            verbose = true;
            break;
          case "--tls":
            credentials = TlsChannelCredentials.create();
            break;
          case "--root-certificates":
            credentials = TlsChannelCredentials.newBuilder().trustManager(new File(args[++i])).build();
            break;
          default:
            if (args[i].startsWith("--") || vectors != null) {
              return usage("unexpected argument " + args[i]);
            }
            vectors = args[i];
        }
      }
    } catch (ArrayIndexOutOfBoundsException | NumberFormatException | IOException error) {
      return usage(String.valueOf(error.getMessage()));
    }
    if (vectors == null || !(timeoutSeconds > 0)) {
      return usage(vectors == null ? "VECTORS_DIR is required" : "--timeout must be > 0");
    }
    // Retries as in every SDK channel; no default deadline, since every call carries the runner's own timeout.
    ManagedChannel channel =
        RulesChannels.newBuilder(target, credentials, LoadBalancing.PICK_FIRST, true, 0).build();
    try {
      Runner.Summary summary =
          Runner.run(Paths.get(vectors), channel, (long) (timeoutSeconds * 1000), verbose, System.out);
      if (summary.passed() + summary.failed() == 0) {
        System.err.println("cardrules-conformance: no vector cases found under " + vectors);
      }
      System.out.println(summary.line());
      System.out.flush();
      return summary.ok() ? 0 : 1;
    } catch (IOException error) {
      System.err.println("cardrules-conformance: " + error.getMessage());
      return 2;
    } finally {
      channel.shutdownNow();
      try {
        channel.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static int usage(String problem) {
    System.err.println("cardrules-conformance: " + problem + "\n" + USAGE);
    return 2;
  }
}
