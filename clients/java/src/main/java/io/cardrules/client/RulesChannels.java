package io.cardrules.client;

import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Channels to the rules service: service config (load balancing, retries) and a default deadline.
 *
 * <p>Every rules RPC is a pure function of its request, so retrying one can never apply it twice; that is why
 * the retry policy covers every method of both services. Same policy as {@code clients/python/.../channel.py}.
 */
public final class RulesChannels {
  /** The deadline given to calls that set none: 2 s, as in the other SDKs. */
  public static final long DEFAULT_DEADLINE_MILLIS = 2000;

  public static final List<String> SERVICES =
      Collections.unmodifiableList(Arrays.asList("cardrules.v1.SamLocService", "cardrules.v1.LiengService"));

  private RulesChannels() {}

  /**
   * The gRPC service config. grpc-java reads it as JSON-shaped maps, with numbers as Double and durations as
   * strings. No method {@code timeout}: see {@link DefaultDeadline}.
   */
  public static Map<String, Object> serviceConfig(LoadBalancing loadBalancing, boolean retry) {
    List<Object> names = new ArrayList<>();
    for (String service : SERVICES) {
      names.add(Collections.singletonMap("service", service));
    }
    Map<String, Object> method = new LinkedHashMap<>();
    method.put("name", names);
    if (retry) {
      Map<String, Object> policy = new LinkedHashMap<>();
      policy.put("maxAttempts", 4.0);
      policy.put("initialBackoff", "0.1s");
      policy.put("maxBackoff", "1s");
      policy.put("backoffMultiplier", 2.0);
      // CANCELLED too: a replica shutting down cancels calls it had accepted but not started, and the call is
      // pure, so another replica may answer it. gRPC never retries a cancellation by this client itself.
      policy.put("retryableStatusCodes", Arrays.<Object>asList("UNAVAILABLE", "CANCELLED"));
      method.put("retryPolicy", policy);
    }
    Map<String, Object> config = new LinkedHashMap<>();
    config.put(
        "loadBalancingConfig",
        Collections.<Object>singletonList(
            Collections.singletonMap(loadBalancing.policy(), Collections.emptyMap())));
    config.put("methodConfig", Collections.<Object>singletonList(method));
    return config;
  }

  /**
   * A builder with the service config, retries and default deadline set; add your own options, then build.
   * For round robin over a headless service: {@code newBuilder("dns:///rules.games:50051", creds,
   * LoadBalancing.ROUND_ROBIN, true, 2000)}. {@code defaultDeadlineMillis} 0 means no default deadline.
   */
  public static ManagedChannelBuilder<?> newBuilder(
      String target,
      ChannelCredentials credentials,
      LoadBalancing loadBalancing,
      boolean retry,
      long defaultDeadlineMillis) {
    ManagedChannelBuilder<?> builder =
        Grpc.newChannelBuilder(target, credentials)
            .defaultServiceConfig(serviceConfig(loadBalancing, retry))
            // Without this grpc-java may take a service config from DNS TXT records instead of ours.
            .disableServiceConfigLookUp();
    if (retry) {
      builder.enableRetry();
    } else {
      builder.disableRetry();
    }
    if (defaultDeadlineMillis > 0) {
      builder.intercept(new DefaultDeadline(defaultDeadlineMillis));
    }
    return builder;
  }

  /**
   * A channel with {@code options}: TLS and client certificates, a bearer token, load balancing, retries, the
   * default deadline (see {@link ChannelOptions}).
   */
  public static ManagedChannel connect(String target, ChannelOptions options) {
    return options.connect(target);
  }

  /** A plaintext channel, connecting at once: pick_first, retries on, 2 s default deadline. */
  public static ManagedChannel connect(String target) {
    return connect(target, LoadBalancing.PICK_FIRST);
  }

  /** A plaintext channel with the given load balancing, connecting at once: retries on, 2 s default deadline. */
  public static ManagedChannel connect(String target, LoadBalancing loadBalancing) {
    return connecting(
        newBuilder(target, InsecureChannelCredentials.create(), loadBalancing, true, DEFAULT_DEADLINE_MILLIS).build());
  }

  /**
   * Starts connecting now rather than on the first call: the channel leaves idle (name resolution, load balancer,
   * transport set up) while the caller builds its first request, so a cold JVM's first call does not spend its
   * deadline on that.
   */
  static ManagedChannel connecting(ManagedChannel channel) {
    channel.getState(true);
    return channel;
  }
}
