package io.cardrules.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A channel in stream mode ({@link RulesChannelBuilder#streams}): the unary rules RPCs made on it travel as messages
 * on a few long-lived {@code Stream} calls per service instead of one HTTP/2 stream each, which costs the server far
 * less per call. Everything else (health checks, a raw {@code Stream} call, calls carrying call credentials of
 * their own, which a shared stream cannot carry) goes as usual.
 *
 * <p>Interceptors given to the builder see every call as before, and also each stream as it opens (method {@code
 * .../Stream}); headers they add to a single call are not sent, since a stream message carries none.
 */
final class StreamingChannel extends ManagedChannel {
  private final ManagedChannel transport;
  private final Channel calls;
  private final RetryPolicy retry;
  private final Map<String, StreamPool> pools = new HashMap<>();
  private final Set<StreamedCall<?, ?>> outstanding =
      Collections.newSetFromMap(new ConcurrentHashMap<StreamedCall<?, ?>, Boolean>());
  private final AtomicLong ids = new AtomicLong();
  private final ScheduledThreadPoolExecutor timer;
  private final ExecutorService callbacks;
  private volatile boolean shutdown;
  private volatile boolean shutdownNow;

  /**
   * @param transport the channel the streams (and the calls that do not use them) go on
   * @param streams streams per service
   * @param callInterceptors run on each call, as the builder's interceptors and default deadline do on a channel
   * @param streamInterceptors run when a stream opens (the builder's own interceptors: headers, logging)
   */
  StreamingChannel(ManagedChannel transport, int streams, RetryPolicy retry, List<ClientInterceptor> callInterceptors,
      List<ClientInterceptor> streamInterceptors) {
    this.transport = transport;
    this.retry = retry;
    Channel streamChannel = ClientInterceptors.intercept(transport, streamInterceptors);
    for (StreamRoutes.Route route : StreamRoutes.all().values()) {
      if (!pools.containsKey(route.service.name)) {
        pools.put(route.service.name, new StreamPool(streamChannel, route.service, streams));
      }
    }
    this.calls = ClientInterceptors.intercept(new Router(), callInterceptors);
    this.timer = new ScheduledThreadPoolExecutor(1, daemons("cardrules-stream-timer"));
    this.timer.setRemoveOnCancelPolicy(true);
    this.callbacks =
        new ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<Runnable>(),
            daemons("cardrules-stream-callback"));
  }

  /** Routes each call: a unary rules RPC to its service's streams, anything else to the transport. */
  private final class Router extends Channel {
    @Override
    public <ReqT, RespT> ClientCall<ReqT, RespT> newCall(MethodDescriptor<ReqT, RespT> method, CallOptions options) {
      StreamRoutes.Route route = StreamRoutes.of(method);
      if (route == null || options.getCredentials() != null || shutdown) {
        return transport.newCall(method, options);
      }
      return new StreamedCall<>(StreamingChannel.this, method, route, options, ids.incrementAndGet());
    }

    @Override
    public String authority() {
      return transport.authority();
    }
  }

  @Override
  public <ReqT, RespT> ClientCall<ReqT, RespT> newCall(MethodDescriptor<ReqT, RespT> method, CallOptions options) {
    return calls.newCall(method, options);
  }

  @Override
  public String authority() {
    return transport.authority();
  }

  RetryPolicy retryPolicy() {
    return retry;
  }

  ScheduledExecutorService timer() {
    return timer;
  }

  ExecutorService callbacks() {
    return callbacks;
  }

  boolean isShutdownNow() {
    return shutdownNow;
  }

  /** A call started; false once the channel is shut down (the call then fails UNAVAILABLE, as on any channel). */
  boolean register(StreamedCall<?, ?> call) {
    outstanding.add(call);
    if (shutdown) {
      outstanding.remove(call);
      return false;
    }
    return true;
  }

  /** Sends (or sends again) a call on its service's streams. */
  void send(StreamedCall<?, ?> call) {
    if (call.isDone()) {
      return;
    }
    pools.get(call.route().service.name).send(call);
  }

  /** A call ended; the last one to end after shutdown stops the timer and callback threads. */
  void ended(StreamedCall<?, ?> call) {
    outstanding.remove(call);
    stopThreadsWhenIdle();
  }

  private void stopThreadsWhenIdle() {
    if (shutdown && outstanding.isEmpty()) {
      timer.shutdown();
      callbacks.shutdown();
    }
  }

  /**
   * Orderly shutdown, as for any channel: calls already made are answered (each stream is half-closed, so the
   * server answers the calls it has, then ends it), new calls fail UNAVAILABLE.
   */
  @Override
  public ManagedChannel shutdown() {
    shutdown = true;
    for (StreamPool pool : pools.values()) {
      pool.close();
    }
    transport.shutdown();
    stopThreadsWhenIdle();
    return this;
  }

  /** Immediate shutdown: every call not yet answered fails UNAVAILABLE and the streams are cancelled. */
  @Override
  public ManagedChannel shutdownNow() {
    shutdown = true;
    shutdownNow = true;
    for (StreamPool pool : pools.values()) {
      pool.cancel("Channel shutdownNow invoked");
    }
    for (StreamedCall<?, ?> call : new ArrayList<>(outstanding)) {
      call.refused("Channel shutdownNow invoked");
    }
    transport.shutdownNow();
    stopThreadsWhenIdle();
    return this;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return transport.isTerminated() && timer.isTerminated() && callbacks.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long end = System.nanoTime() + unit.toNanos(timeout);
    return transport.awaitTermination(timeout, unit)
        && timer.awaitTermination(end - System.nanoTime(), TimeUnit.NANOSECONDS)
        && callbacks.awaitTermination(end - System.nanoTime(), TimeUnit.NANOSECONDS);
  }

  @Override
  public ConnectivityState getState(boolean requestConnection) {
    return transport.getState(requestConnection);
  }

  @Override
  public void notifyWhenStateChanged(ConnectivityState source, Runnable callback) {
    transport.notifyWhenStateChanged(source, callback);
  }

  @Override
  public void resetConnectBackoff() {
    transport.resetConnectBackoff();
  }

  @Override
  public void enterIdle() {
    transport.enterIdle();
  }

  @Override
  public String toString() {
    return "StreamingChannel{" + transport + "}";
  }

  private static ThreadFactory daemons(String name) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
