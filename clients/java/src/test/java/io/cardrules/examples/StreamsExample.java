// The stream mode example of the README, compiled with the tests and run by ConformanceTest against a live server.
package io.cardrules.examples;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import io.cardrules.client.LiengFutureClient;
import io.cardrules.client.RulesChannels;
import io.cardrules.v1.ScoreLiengResponse;
import io.grpc.ManagedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

public final class StreamsExample {
  private StreamsExample() {}

  /** Scores many tables at once over a few streams; returns how many answers came. */
  public static int scoreTables(String target, int tables) throws InterruptedException, ExecutionException {
    ManagedChannel channel =
        RulesChannels.builder(target) // e.g. "dns:///cardrules-headless.games:50051"
            .roundRobin() // each stream opens on the next replica
            .streams(4) // 4 streams per service; 0, the default, sends each call on its own
            .build();
    try {
      LiengFutureClient lieng = new LiengFutureClient(channel, 10_000); // same clients, deadlines and errors
      List<ListenableFuture<ScoreLiengResponse>> calls = new ArrayList<>();
      for (int table = 0; table < tables; table++) {
        calls.add(lieng.scoreLieng("AC AD AH", "2S 3H 4D"));
      }
      return Futures.allAsList(calls).get().size();
    } finally {
      channel.shutdown(); // the calls made are answered first
    }
  }

  public static void main(String[] args) throws Exception {
    System.out.println(scoreTables("localhost:50051", 1000) + " tables scored");
  }
}
