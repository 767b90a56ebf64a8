package cardrules.client;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The rules server for the tests: the one named by {@code CARDRULES_TARGET} (system property or environment), or
 * else {@code python -m cardrules.server} from the repository's .venv on a free port, stopped by {@link #close()}.
 */
final class TestServer implements AutoCloseable {
  static final Path REPO = Paths.get(System.getProperty("user.dir")).resolve("../..").normalize();
  private static final long START_MILLIS = 30_000;

  // grpc.health.v1.Health/Check with raw bytes: an empty HealthCheckRequest is no bytes, and SERVING is
  // field 1 = 1 (0x08 0x01), so the tests need no health-proto dependency to wait for the server.
  private static final MethodDescriptor<byte[], byte[]> HEALTH_CHECK =
      MethodDescriptor.<byte[], byte[]>newBuilder()
          .setType(MethodDescriptor.MethodType.UNARY)
          .setFullMethodName("grpc.health.v1.Health/Check")
          .setRequestMarshaller(Bytes.INSTANCE)
          .setResponseMarshaller(Bytes.INSTANCE)
          .build();
  private static final byte[] SERVING = {0x08, 0x01};

  final String target;
  private final Process process;
  private final Path log;

  private TestServer(String target, Process process, Path log) {
    this.target = target;
    this.process = process;
    this.log = log;
  }

  static TestServer start() throws IOException, InterruptedException {
    String given = System.getProperty("CARDRULES_TARGET", System.getenv("CARDRULES_TARGET"));
    if (given != null && !given.isEmpty()) {
      return new TestServer(given, null, null);
    }
    int port = freePort();
    Path log = Files.createTempFile("cardrules-java-sdk-server", ".log");
    ProcessBuilder builder =
        new ProcessBuilder(
                REPO.resolve(".venv/bin/python").toString(), "-m", "cardrules.server", "--host", "127.0.0.1",
                "--port", String.valueOf(port), "--metrics-port", "0")
            .directory(REPO.toFile())
            .redirectErrorStream(true)
            // A file, not a pipe: a pipe nobody reads fills up and blocks the server.
            .redirectOutput(log.toFile());
    builder.environment().keySet().removeIf(name -> name.startsWith("CARDRULES_"));
    builder.environment().put("PYTHONPATH", REPO.toString());
    TestServer server = new TestServer("127.0.0.1:" + port, builder.start(), log);
    try {
      server.awaitServing();
    } catch (IOException | RuntimeException | InterruptedException error) {
      server.close();
      throw error;
    }
    return server;
  }

  private void awaitServing() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
    ManagedChannel channel = RulesChannels.connect(target);
    try {
      String last = "no answer yet";
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new IOException("server exited with " + process.exitValue() + " on start-up:\n" + output());
        }
        try {
          byte[] answer =
              ClientCalls.blockingUnaryCall(
                  channel, HEALTH_CHECK, CallOptions.DEFAULT.withDeadlineAfter(1, TimeUnit.SECONDS), new byte[0]);
          if (Arrays.equals(answer, SERVING)) {
            return;
          }
          last = "not SERVING yet";
        } catch (StatusRuntimeException error) {
          last = error.getStatus().getCode().name();
        }
        Thread.sleep(100);
      }
      throw new IOException("server not SERVING within " + START_MILLIS + " ms (" + last + "):\n" + output());
    } finally {
      channel.shutdownNow();
    }
  }

  String output() throws IOException {
    return log == null ? "" : new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (process == null) {
      return;
    }
    // SIGTERM first (a graceful drain), then SIGKILL to the server and anything it started (workers).
    process.destroy();
    if (!process.waitFor(15, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.waitFor();
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    Files.deleteIfExists(log);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
    INSTANCE;

    @Override
    public InputStream stream(byte[] value) {
      return new ByteArrayInputStream(value);
    }

    @Override
    public byte[] parse(InputStream stream) {
      try {
        return stream.readAllBytes();
      } catch (IOException error) {
        throw new IllegalStateException(error);
      }
    }
  }
}
