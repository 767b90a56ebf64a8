package io.cardrules.client;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Channels to the rules service: service config (load balancing, retries) and a default deadline.
 *
 * <p>Every rules RPC is a pure function of its request, so retrying one can never apply it twice; that is why
 * the retry policy covers every method of every service. Same policy as {@code clients/python/.../channel.py}.
 */
public final class RulesChannels {
  /** The deadline given to calls that set none: 2 s, as in the other SDKs. */
  public static final long DEFAULT_DEADLINE_MILLIS = 2000;

  /** The full name of every service of the contract ({@link RulesServices}, generated from the protos). */
  public static final List<String> SERVICES = serviceNames();

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
      policy.put("maxAttempts", (double) RetryPolicy.MAX_ATTEMPTS);
      policy.put("initialBackoff", seconds(RetryPolicy.INITIAL_BACKOFF_MILLIS));
      policy.put("maxBackoff", seconds(RetryPolicy.MAX_BACKOFF_MILLIS));
      policy.put("backoffMultiplier", RetryPolicy.BACKOFF_MULTIPLIER);
      List<Object> codes = new ArrayList<>();
      for (Status.Code code : RetryPolicy.RETRYABLE_CODES) {
        codes.add(code.name());
      }
      policy.put("retryableStatusCodes", codes);
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

  private static List<String> serviceNames() {
    List<String> names = new ArrayList<>();
    for (ServiceDescriptor service : RulesServices.ALL) {
      names.add(service.getName());
    }
    return Collections.unmodifiableList(names);
  }

  private static String seconds(long millis) {
    return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + "s";
  }

  /**
   * A builder for a channel to {@code target} ({@code host:port}, or e.g. {@code dns:///rules.games:50051} for
   * round robin over a headless service): {@code RulesChannels.builder(target).tls().token(t).roundRobin().build()}.
   */
  public static RulesChannelBuilder builder(String target) {
    return new RulesChannelBuilder(target);
  }

  /**
   * The same service config, retries, default deadline and interceptors on a channel builder of yours: an
   * in-process one in tests ({@code InProcessChannelBuilder.forName(name)}), OkHttp on Android with your own
   * socket factory, ... Transport security is then that builder's: {@code tls()}, {@code token(...)} and the
   * other credential options fail at build.
   */
  public static RulesChannelBuilder builder(ManagedChannelBuilder<?> transport) {
    return new RulesChannelBuilder(transport);
  }

  /**
   * A plaintext channel with the defaults, connecting at once: pick_first, retries on, 2 s default deadline. Same
   * as {@code builder(target).build()}.
   */
  public static ManagedChannel connect(String target) {
    return builder(target).build();
  }
}
