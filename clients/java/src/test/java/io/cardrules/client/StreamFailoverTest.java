package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.util.concurrent.ListenableFuture;
import io.cardrules.v1.LiengScore;
import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.LiengServiceStreamRequest;
import io.cardrules.v1.LiengServiceStreamResponse;
import io.cardrules.v1.ScoreLiengRequest;
import io.cardrules.v1.ScoreLiengResponse;
import io.grpc.EquivalentAddressGroup;
import io.grpc.ManagedChannel;
import io.grpc.NameResolver;
import io.grpc.NameResolverProvider;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.inprocess.InProcessSocketAddress;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Stream mode over two in-process replicas behind one round-robin channel (a name resolver that returns both, as
 * DNS does for a headless service): a replica killed with calls in flight on its streams loses none of them.
 */
class StreamFailoverTest {
  /** A replica that holds its answers until released, so calls are surely in flight when it dies. */
  static final class Replica extends LiengServiceGrpc.LiengServiceImplBase {
    final AtomicInteger read = new AtomicInteger();
    private final Semaphore reads;
    private final List<Runnable> held = new ArrayList<>();
    private boolean holding = true;

    Replica(Semaphore reads) {
      this.reads = reads;
    }

    @Override
    public StreamObserver<LiengServiceStreamRequest> stream(StreamObserver<LiengServiceStreamResponse> answers) {
      return new StreamObserver<LiengServiceStreamRequest>() {
        @Override
        public void onNext(LiengServiceStreamRequest request) {
          ScoreLiengResponse.Builder scores = ScoreLiengResponse.newBuilder();
          for (int i = 0; i < request.getScoreLieng().getHandsCount(); i++) {
            scores.addScores(LiengScore.newBuilder().setPoints(i));
          }
          LiengServiceStreamResponse answer =
              LiengServiceStreamResponse.newBuilder().setId(request.getId()).setScoreLieng(scores).build();
          answer(() -> answers.onNext(answer));
          read.incrementAndGet();
          reads.release();
        }

        @Override
        public void onError(Throwable error) {}

        @Override
        public void onCompleted() {
          answer(answers::onCompleted);
        }
      };
    }

    private void answer(Runnable write) {
      synchronized (this) {
        if (holding) {
          held.add(write);
          return;
        }
      }
      write.run();
    }

    /** Sends the answers held so far, and answers at once from now on. */
    void release() {
      List<Runnable> writes;
      synchronized (this) {
        holding = false;
        writes = new ArrayList<>(held);
        held.clear();
      }
      writes.forEach(Runnable::run);
    }
  }

  /** Resolves {@code replicas:///any} to the in-process servers' addresses. */
  private static final class Replicas extends NameResolverProvider {
    private final List<EquivalentAddressGroup> addresses = new ArrayList<>();

    Replicas(String... names) {
      for (String name : names) {
        addresses.add(new EquivalentAddressGroup(new InProcessSocketAddress(name)));
      }
    }

    @Override
    public NameResolver newNameResolver(URI target, NameResolver.Args args) {
      return new NameResolver() {
        @Override
        public String getServiceAuthority() {
          return "replicas";
        }

        @Override
        public void start(Listener2 listener) {
          listener.onResult(ResolutionResult.newBuilder().setAddresses(addresses).build());
        }

        @Override
        public void shutdown() {}
      };
    }

    @Override
    public String getDefaultScheme() {
      return "replicas";
    }

    @Override
    protected boolean isAvailable() {
      return true;
    }

    @Override
    protected int priority() {
      return 5;
    }

    @Override
    public Collection<Class<? extends SocketAddress>> getProducedSocketAddressTypes() {
      return Collections.<Class<? extends SocketAddress>>singleton(InProcessSocketAddress.class);
    }
  }

  private final String[] names = {InProcessServerBuilder.generateName(), InProcessServerBuilder.generateName()};
  private final Semaphore reads = new Semaphore(0);
  private final Replica[] replicas = {new Replica(reads), new Replica(reads)};
  private final Server[] servers = new Server[2];
  private ManagedChannel channel;

  @BeforeEach
  @SuppressWarnings("deprecation") // nameResolverFactory: the one way to give a channel builder its own resolver
  void start() throws IOException {
    for (int i = 0; i < 2; i++) {
      servers[i] = InProcessServerBuilder.forName(names[i]).addService(replicas[i]).build().start();
    }
    channel =
        RulesChannels.builder(
                InProcessChannelBuilder.forTarget("replicas:///rules").nameResolverFactory(new Replicas(names)))
            .roundRobin()
            .streams(2)
            .build();
  }

  @AfterEach
  void stop() throws InterruptedException {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    for (Server server : servers) {
      server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aReplicaKilledWithCallsInFlightLosesNone() throws Exception {
    LiengFutureClient lieng = new LiengFutureClient(channel, 60_000);
    List<ListenableFuture<ScoreLiengResponse>> calls = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ScoreLiengRequest.Builder request = ScoreLiengRequest.newBuilder();
      for (int hand = 0; hand <= i % 5; hand++) {
        request.addHands(CardText.cardsMessage("AC AD AH"));
      }
      calls.add(lieng.scoreLieng(request.build()));
    }
    // Every call read by some replica, none answered yet.
    assertTrue(reads.tryAcquire(calls.size(), 60, TimeUnit.SECONDS));
    // Kill the replica holding more calls; the other answers its own, and every call sent again.
    int killed = replicas[0].read.get() >= replicas[1].read.get() ? 0 : 1;
    int holding = replicas[killed].read.get();
    int survivor = 1 - killed;
    servers[killed].shutdownNow();
    replicas[survivor].release();
    for (int i = 0; i < calls.size(); i++) {
      assertEquals(1 + i % 5, calls.get(i).get(60, TimeUnit.SECONDS).getScoresCount());
    }
    System.out.println(
        "failover: replica " + killed + " killed holding " + holding + " of " + calls.size()
            + " calls; all answered");
  }
}
