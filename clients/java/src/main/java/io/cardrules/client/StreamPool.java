package io.cardrules.client;

import io.grpc.Channel;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The streams of one service: a fixed number of slots, each holding an open stream or none. A call goes to the
 * least busy stream; an empty slot (never opened, or its stream ended) gets a new stream, which the channel's load
 * balancing places (round_robin: the next replica), so streams move off a replica that drains or dies.
 */
final class StreamPool {
  private final Channel channel;
  private final StreamRoutes.Service service;
  private final PooledStream[] slots;
  // Guarded by this.
  private boolean closed;

  StreamPool(Channel channel, StreamRoutes.Service service, int size) {
    this.channel = channel;
    this.service = service;
    this.slots = new PooledStream[size];
  }

  /** Sends the call on a stream; a closed pool refuses it. */
  void send(StreamedCall<?, ?> call) {
    while (!call.isDone()) {
      PooledStream stream;
      try {
        stream = pick();
      } catch (RuntimeException error) {
        // An interceptor of the caller's threw as the stream opened: the call fails with it, as a unary call would.
        call.unsendable(error);
        return;
      }
      if (stream == null) {
        call.refused("Channel shutdown invoked");
        return;
      }
      if (stream.send(call)) {
        return;
      }
      Status ended = stream.ended();
      if (ended != null) {
        // The stream ended between pick and send (say, refused as it opened): the call takes that end as if it
        // had been sent on it, so retries and final statuses apply rather than a loop of new streams.
        call.streamEnded(ended, stream.established());
        return;
      }
    }
  }

  private synchronized PooledStream pick() {
    if (closed) {
      return null;
    }
    PooledStream best = null;
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] == null || !slots[i].isOpen()) {
        slots[i] = new PooledStream(this, channel, service);
        slots[i].open();
      }
      if (best == null || slots[i].load() < best.load()) {
        best = slots[i];
      }
    }
    return best;
  }

  /** A stream ended: its slot opens a new one on the next call. */
  synchronized void ended(PooledStream stream) {
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] == stream) {
        slots[i] = null;
      }
    }
  }

  /** Graceful shutdown: no new calls; each stream is half-closed, so the server answers what it has, then ends it. */
  void close() {
    for (PooledStream stream : closeSlots()) {
      stream.halfClose();
    }
  }

  /** Immediate shutdown: every stream is cancelled. */
  void cancel(String reason) {
    for (PooledStream stream : closeSlots()) {
      stream.cancel(reason);
    }
  }

  private synchronized List<PooledStream> closeSlots() {
    closed = true;
    List<PooledStream> open = new ArrayList<>();
    for (PooledStream stream : slots) {
      if (stream != null) {
        open.add(stream);
      }
    }
    return open;
  }
}
