package io.cardrules.client;

import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One open {@code Stream} call of a {@link StreamPool}: sends the calls given to it, matches each answer to its call
 * by id, and when the stream ends hands every call still unanswered back to be sent again.
 */
final class PooledStream extends ClientCall.Listener<Message> {
  private final StreamPool pool;
  private final StreamRoutes.Service service;
  private final ClientCall<Message, Message> call;
  private final Map<Long, StreamedCall<?, ?>> pending = new ConcurrentHashMap<>();
  // Guarded by this: a ClientCall takes one sender at a time, and no call may be added once the stream ended.
  private boolean closed;
  private boolean halfClosed;
  // Set once the server has answered on this stream (its headers came): it was open, not refused.
  private volatile boolean established;
  // How the stream ended (guarded by this; null while open).
  private Status ended;

  PooledStream(StreamPool pool, Channel channel, StreamRoutes.Service service) {
    this.pool = pool;
    this.service = service;
    // No deadline: the stream lives as long as the pool wants it; each call has its own.
    this.call = channel.newCall(service.stream, CallOptions.DEFAULT);
  }

  void open() {
    call.start(this, new Metadata());
    // Answers are few bytes each and bounded by the calls this client sent: take them as they come.
    call.request(Integer.MAX_VALUE);
  }

  /** Sends the call on this stream; false when the stream has ended (or is ending) and another must take it. */
  boolean send(StreamedCall<?, ?> waiting) {
    synchronized (this) {
      if (closed || halfClosed) {
        return false;
      }
      pending.put(waiting.id(), waiting);
      waiting.waitingOn(this);
      try {
        call.sendMessage(waiting.message());
      } catch (RuntimeException ended) {
        // The call ended under us (cancelled by shutdownNow): onClose hands the pending calls back.
        pending.remove(waiting.id());
        waiting.waitingOn(null);
        return false;
      }
    }
    return true;
  }

  /** Calls sent and not yet answered: the pool gives new calls to its least busy stream. */
  int load() {
    return pending.size();
  }

  synchronized boolean isOpen() {
    return !closed && !halfClosed;
  }

  /** How the stream ended, or null while it has not. */
  synchronized Status ended() {
    return ended;
  }

  boolean established() {
    return established;
  }

  /** A call that ended otherwise (deadline, cancellation): its late answer, if any, is dropped. */
  void forget(long id) {
    pending.remove(id);
  }

  /** No more calls: the server answers those it has, then ends the stream. */
  void halfClose() {
    synchronized (this) {
      if (closed || halfClosed) {
        return;
      }
      halfClosed = true;
      call.halfClose();
    }
  }

  void cancel(String reason) {
    call.cancel(reason, null);
  }

  @Override
  public void onHeaders(Metadata headers) {
    established = true;
  }

  @Override
  public void onMessage(Message answer) {
    established = true;
    StreamedCall<?, ?> waiting = pending.remove((Long) answer.getField(service.responseId));
    if (waiting != null) {
      waiting.answered(answer);
    }
  }

  @Override
  public void onClose(Status status, Metadata trailers) {
    List<StreamedCall<?, ?>> unanswered;
    synchronized (this) {
      closed = true;
      ended = status;
      unanswered = new ArrayList<>(pending.values());
      pending.clear();
    }
    pool.ended(this);
    for (StreamedCall<?, ?> waiting : unanswered) {
      waiting.streamEnded(status, established);
    }
  }
}
