package io.cardrules.client;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One unary call made in stream mode. To the stub it is an ordinary {@link ClientCall} (one request, one answer or
 * a status), so the blocking, future and coroutine clients, their deadlines and their typed errors work unchanged;
 * underneath, the request travels on one of the channel's streams, and is sent again on another when that stream
 * ends before answering or the answer is an error the retry policy retries.
 *
 * <p>The deadline is enforced here, by a timer: the stream has none, and a late answer is dropped. The call ends
 * exactly once, whichever of answer, deadline, cancellation or failure comes first.
 */
final class StreamedCall<ReqT, RespT> extends ClientCall<ReqT, RespT> {
  /** How a stream may end that no other stream would change (the same set in every SDK's stream mode). */
  static final Set<Status.Code> FINAL =
      Collections.unmodifiableSet(
          EnumSet.of(
              Status.Code.UNAUTHENTICATED,
              Status.Code.PERMISSION_DENIED,
              Status.Code.UNIMPLEMENTED,
              Status.Code.INVALID_ARGUMENT,
              Status.Code.FAILED_PRECONDITION,
              Status.Code.RESOURCE_EXHAUSTED));

  private final StreamingChannel channel;
  private final MethodDescriptor<ReqT, RespT> method;
  private final StreamRoutes.Route route;
  private final CallOptions options;
  private final Context context;
  private final Context.CancellationListener cancelled =
      context -> cancel("the call's Context was cancelled", context.cancellationCause());
  private final AtomicBoolean done = new AtomicBoolean();
  private final long id;
  private Listener<RespT> listener;
  private ReqT request;
  private Deadline deadline;
  private long startNanos;
  private volatile Message message;
  private volatile ScheduledFuture<?> timer;
  private volatile PooledStream stream;
  // Attempts are sequential (a call waits on at most one stream or one backoff at a time): no two threads touch it.
  private volatile int attempts;

  StreamedCall(StreamingChannel channel, MethodDescriptor<ReqT, RespT> method, StreamRoutes.Route route,
      CallOptions options, long id) {
    this.channel = channel;
    this.method = method;
    this.route = route;
    this.options = options;
    this.context = Context.current();
    this.id = id;
  }

  long id() {
    return id;
  }

  Message message() {
    return message;
  }

  StreamRoutes.Route route() {
    return route;
  }

  boolean isDone() {
    return done.get();
  }

  /** The stream this call now waits on (null while in backoff). */
  void waitingOn(PooledStream stream) {
    this.stream = stream;
  }

  @Override
  public void start(Listener<RespT> listener, Metadata headers) {
    if (this.listener != null) {
      throw new IllegalStateException("already started");
    }
    this.listener = listener;
    this.startNanos = System.nanoTime();
    deadline = earlier(options.getDeadline(), context.getDeadline());
    if (!channel.register(this)) {
      end(Status.UNAVAILABLE.withDescription("Channel shutdown invoked"), new Metadata());
      return;
    }
    context.addListener(cancelled, Runnable::run);
    if (deadline != null) {
      long nanos = deadline.timeRemaining(TimeUnit.NANOSECONDS);
      if (nanos <= 0) {
        end(Status.DEADLINE_EXCEEDED.withDescription("ClientCall started after the deadline was exceeded"),
            new Metadata());
        return;
      }
      try {
        timer = channel.timer().schedule(this::deadlineExceeded, nanos, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException shutDown) {
        end(Status.UNAVAILABLE.withDescription("Channel shutdownNow invoked"), new Metadata());
      }
    }
  }

  @Override
  public void request(int numMessages) {
    // One answer, delivered whole: there is nothing to pace.
  }

  @Override
  public void sendMessage(ReqT message) {
    if (request != null) {
      throw new IllegalStateException(method.getFullMethodName() + " is unary: one request per call");
    }
    request = message;
  }

  @Override
  public void halfClose() {
    if (done.get()) {
      return;
    }
    if (request == null) {
      end(Status.INTERNAL.withDescription("no request was sent before halfClose"), new Metadata());
      return;
    }
    try {
      message = wrap(request);
    } catch (RuntimeException | IOException bad) {
      end(Status.INTERNAL.withDescription("cannot put the request on the stream: " + bad).withCause(bad),
          new Metadata());
      return;
    }
    attempts = 1;
    channel.send(this);
  }

  @Override
  public void cancel(String reason, Throwable cause) {
    end(Status.CANCELLED.withDescription(reason).withCause(cause), new Metadata());
  }

  @Override
  public boolean isReady() {
    return !done.get();
  }

  /** The answer came: the response, or the error a unary call would have failed with. */
  void answered(Message response) {
    FieldDescriptor result = response.getOneofFieldDescriptor(route.service.result);
    if (result == route.answer) {
      RespT value;
      try {
        value = unwrap((Message) response.getField(result));
      } catch (RuntimeException bad) {
        end(Status.INTERNAL.withDescription("cannot read the answer: " + bad).withCause(bad), new Metadata());
        return;
      }
      succeed(value);
      return;
    }
    if (result == route.service.error) {
      StatusRuntimeException error =
          StatusProto.toStatusRuntimeException((com.google.rpc.Status) response.getField(result));
      failed(error.getStatus(), error.getTrailers(), channel.retryPolicy().retries(error.getStatus().getCode()));
      return;
    }
    end(Status.INTERNAL.withDescription(
            "the answer to " + method.getFullMethodName() + " carries "
                + (result == null ? "no result" : result.getName())),
        new Metadata());
  }

  /**
   * The stream ended before answering. Most ends say the connection broke or moved (a replica drained, was killed or
   * reached its maximum connection age; a proxy reset the stream): the call is sent again on another stream. The
   * {@link #FINAL} codes are the server's answer about the stream itself, which another stream would get too: the
   * call fails with it, as a unary call would. UNAUTHENTICATED is final only from a stream that never answered: one
   * that did was let in, and ends so when its credentials expire, so a new stream may be let in again.
   */
  void streamEnded(Status status, boolean established) {
    if (channel.isShutdownNow()) {
      end(Status.UNAVAILABLE.withDescription("Channel shutdownNow invoked"), new Metadata());
      return;
    }
    Status.Code code = status.getCode();
    boolean settled = FINAL.contains(code) && !(code == Status.Code.UNAUTHENTICATED && established);
    Status failure =
        status.isOk() ? Status.UNAVAILABLE.withDescription("the stream ended without answering the call") : status;
    failed(failure, new Metadata(), !settled);
  }

  /** A shut-down channel or pool: the call cannot be sent again. */
  void refused(String reason) {
    end(Status.UNAVAILABLE.withDescription(reason), new Metadata());
  }

  /** The stream could not be opened. */
  void unsendable(Throwable error) {
    end(Status.INTERNAL.withDescription("cannot open a stream: " + error).withCause(error), new Metadata());
  }

  private void failed(Status status, Metadata trailers, boolean retryable) {
    stream = null;
    int attempt = attempts;
    if (!retryable || attempt >= channel.retryPolicy().maxAttempts() || done.get()) {
      end(status, trailers);
      return;
    }
    attempts = attempt + 1;
    try {
      channel.timer().schedule(
          () -> channel.send(this), RetryPolicy.backoffMillis(attempt + 1), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException shutDown) {
      end(status, trailers);
    }
  }

  private void deadlineExceeded() {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    end(Status.DEADLINE_EXCEEDED.withDescription(
            String.format(Locale.ROOT, "deadline exceeded after %.3fs waiting for the answer on a stream", seconds)),
        new Metadata());
  }

  private void succeed(RespT value) {
    if (!finish()) {
      return;
    }
    deliver(() -> {
      listener.onHeaders(new Metadata());
      listener.onMessage(value);
      listener.onClose(Status.OK, new Metadata());
    });
    channel.ended(this);
  }

  private void end(Status status, Metadata trailers) {
    if (!finish()) {
      return;
    }
    if (listener != null) {
      deliver(() -> listener.onClose(status, trailers));
    }
    channel.ended(this);
  }

  /** True for the one caller that ends the call. */
  private boolean finish() {
    if (!done.compareAndSet(false, true)) {
      return false;
    }
    ScheduledFuture<?> deadlineTimer = timer;
    if (deadlineTimer != null) {
      deadlineTimer.cancel(false);
    }
    PooledStream waiting = stream;
    if (waiting != null) {
      waiting.forget(id);
    }
    context.removeListener(cancelled);
    return true;
  }

  /** On the call's executor (the blocking stub's own thread, say), else the channel's; never on the stream's. */
  private void deliver(Runnable callbacks) {
    Executor executor = options.getExecutor() != null ? options.getExecutor() : channel.callbacks();
    try {
      executor.execute(callbacks);
    } catch (RejectedExecutionException shutDown) {
      callbacks.run();
    }
  }

  private Message wrap(ReqT request) throws IOException {
    Message.Builder wrapped = route.service.requestPrototype.newBuilderForType();
    wrapped.setField(route.service.requestId, id);
    if (request instanceof Message) {
      // A message of the right type, or another implementation of it (the conformance runner's DynamicMessage).
      wrapped.setField(route.call, request);
    } else {
      wrapped.setField(
          route.call, wrapped.newBuilderForField(route.call).mergeFrom(method.streamRequest(request)).build());
    }
    return wrapped.build();
  }

  @SuppressWarnings("unchecked")
  private RespT unwrap(Message answer) {
    MethodDescriptor.Marshaller<RespT> marshaller = method.getResponseMarshaller();
    if (marshaller instanceof MethodDescriptor.PrototypeMarshaller) {
      Object prototype = ((MethodDescriptor.PrototypeMarshaller<RespT>) marshaller).getMessagePrototype();
      if (prototype != null && prototype.getClass() == answer.getClass()) {
        return (RespT) answer;
      }
    }
    return method.parseResponse(answer.toByteString().newInput());
  }

  private static Deadline earlier(Deadline a, Deadline b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : a.minimum(b);
  }
}
