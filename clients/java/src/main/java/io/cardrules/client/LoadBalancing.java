package io.cardrules.client;

/** The channel's load-balancing policy (gRPC service config names). */
public enum LoadBalancing {
  /** One connection to the first address that works: right behind an L7 gRPC proxy. */
  PICK_FIRST("pick_first"),
  /** Spread calls over every address the target resolves to, e.g. a Kubernetes headless service. */
  ROUND_ROBIN("round_robin");

  private final String policy;

  LoadBalancing(String policy) {
    this.policy = policy;
  }

  /** The policy name in a service config. */
  public String policy() {
    return policy;
  }
}
