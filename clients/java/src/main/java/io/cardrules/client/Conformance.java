package io.cardrules.client;

import io.cardrules.client.conformance.Runner;
import io.grpc.ManagedChannel;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * The conformance runner: replays vector files against a live server.
 *
 * <pre>
 * java -cp ... io.cardrules.client.Conformance VECTORS_DIR [--target HOST:PORT] [--timeout SECONDS] [--verbose]
 *     [--stream] [--tls | --ca PEM] [--cert PEM --key PEM] [--token TOKEN]
 * </pre>
 *
 * {@code --stream} replays every vector in stream mode ({@link RulesChannelBuilder#streams}): each call travels on
 * the service's {@code Stream} RPC, and must get the same answer or error as the unary call.
 *
 * Prints one line per failing case and ends with {@code N passed, M failed}. Exit status: 0 all passed; 1 some
 * case failed or none was found; 2 bad usage or an unreadable vectors directory or certificate file.
 *
 * <p>For a server with authentication on: {@code --token} (or, without it, the environment variable {@code
 * CARDRULES_TOKEN}, which keeps the token out of process listings) is sent on every call; {@code --ca} trusts
 * that CA for TLS ({@code --tls}: the system's roots; {@code --root-certificates} is the same as {@code --ca}) and
 * {@code --cert}/{@code --key} are the client certificate for mutual TLS (the key in PKCS#8). Without TLS the token
 * goes over plaintext: point the runner only at a server on a trusted network then.
 */
public final class Conformance {
  private static final String USAGE =
      "usage: io.cardrules.client.Conformance VECTORS_DIR [--target localhost:50051] [--timeout 10] [--verbose]"
          + " [--stream] [--tls | --ca PEM] [--cert PEM --key PEM] [--token TOKEN]";
  /** Streams per service with {@code --stream}: more than one, so calls are spread and matched across streams. */
  static final int STREAMS = 2;
  /** Read when {@code --token} is absent. */
  static final String TOKEN_ENV = "CARDRULES_TOKEN";

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
    boolean stream = false;
    boolean tls = false;
    String ca = null;
    String cert = null;
    String key = null;
    String token = null;
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
          case "--stream":
            stream = true;
            break;
          case "--tls":
            tls = true;
            break;
          case "--ca":
          case "--root-certificates":
            ca = args[++i];
            break;
          case "--cert":
            cert = args[++i];
            break;
          case "--key":
            key = args[++i];
            break;
          case "--token":
            token = args[++i];
            break;
          default:
            if (args[i].startsWith("--") || vectors != null) {
              return usage("unexpected argument " + args[i]);
            }
            vectors = args[i];
        }
      }
    } catch (ArrayIndexOutOfBoundsException | NumberFormatException error) {
      return usage(String.valueOf(error.getMessage()));
    }
    if (vectors == null || !(timeoutSeconds > 0)) {
      return usage(vectors == null ? "VECTORS_DIR is required" : "--timeout must be > 0");
    }
    if ((cert == null) != (key == null)) {
      return usage("--cert and --key go together");
    }
    if (token == null) {
      token = System.getenv(TOKEN_ENV);
    }
    // Retries as in every SDK channel; no default deadline, since every call carries the runner's own timeout.
    ManagedChannel channel;
    try {
      RulesChannelBuilder options = RulesChannels.builder(target).defaultDeadline(0, TimeUnit.MILLISECONDS);
      if (tls) {
        options.tls();
      }
      if (ca != null) {
        options.caCertificates(new File(ca));
      }
      if (cert != null) {
        options.clientCertificate(new File(cert), new File(key));
      }
      boolean secure = tls || ca != null || cert != null;
      if (token != null && !token.isEmpty()) {
        // Without a TLS option plaintext was chosen; the runner is a test tool pointed at a chosen server.
        if (secure) {
          options.token(token);
        } else {
          options.insecureToken(token);
        }
      }
      if (stream) {
        options.streams(STREAMS);
      }
      channel = options.build();
    } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException error) {
      return usage(String.valueOf(error.getMessage()));
    }
    try {
      Runner.Summary summary =
          Runner.run(Paths.get(vectors), channel, (long) (timeoutSeconds * 1000), verbose, System.out);
      if (summary.passed() + summary.failed() == 0) {
        System.err.println("cardrules-conformance: no vector cases found under " + vectors);
      }
      System.out.println(summary.line());
      System.out.flush();
      if (summary.refused() > 0) {
        System.err.println(
            "cardrules-conformance: the server refused the credentials of " + summary.refused()
                + " call(s) (UNAUTHENTICATED): pass its token with --token or $" + TOKEN_ENV
                + ", and a client certificate with --cert/--key if it wants one");
      }
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
