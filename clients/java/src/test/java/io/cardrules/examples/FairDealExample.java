// The README's fair deal and views example, compiled with the tests and run by ConformanceTest against a live server.
package io.cardrules.examples;

import com.google.protobuf.ByteString;
import io.cardrules.client.CardText;
import io.cardrules.client.FairDeal;
import io.cardrules.client.RulesChannels;
import io.cardrules.client.SamLocClient;
import io.cardrules.client.Views;
import io.cardrules.v1.SamLocServiceDealRequest;
import io.cardrules.v1.SamLocServiceDealResponse;
import io.cardrules.v1.SamLocServiceStartHandRequest;
import io.cardrules.v1.SamLocServiceStartHandResponse;
import io.cardrules.v1.SamSeat;
import io.grpc.ManagedChannel;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

public final class FairDealExample {
  private FairDealExample() {}

  /** One Sâm hand dealt fairly: commit, deal, forward each seat its own view, reveal, verify. */
  public static List<String> fairHand(String target) {
    ManagedChannel channel = RulesChannels.connect(target);
    try {
      SamLocClient sam = new SamLocClient(channel, 10_000);
      // The backend's secret for this hand: 32 bytes from a cryptographic source, kept until the hand is over.
      byte[] serverSeed = new byte[32];
      new SecureRandom().nextBytes(serverSeed);
      SamLocServiceDealResponse deal =
          sam.deal(
              SamLocServiceDealRequest.newBuilder()
                  .setSeatCount(4)
                  .setServerSeed(ByteString.copyFrom(serverSeed))
                  .setClientSeed("table-7 players' seeds") // public, published before the deal
                  .setNonce(1) // the hand number under this seed
                  .build());
      // Before the hand: publish deal.getCommitment() (SHA-256 of the seed) to the players.

      // One call, one copy of the answer per viewer: seat k's client gets only its own cards.
      SamLocServiceStartHandResponse start =
          sam.startHand(
              SamLocServiceStartHandRequest.newBuilder()
                  .addAllHands(deal.getHandsList())
                  .setLeader(0)
                  .addAllViews(Views.tableViewers(4))
                  .build());
      List<String> lines = new ArrayList<>();
      if (start.hasState()) { // no state when a seat was dealt an instant win
        for (SamSeat seat : Views.viewFor(start, Views.seat(2)).getState().getSeatsList()) {
          lines.add(seat.hasHand() ? CardText.text(seat.getHand()) : seat.getCardCount() + " cards");
        }
      }

      // After the hand: reveal serverSeed; any player recomputes the deal, with no server call.
      boolean fair =
          FairDeal.verify(
              FairDeal.Game.SAM_LOC, serverSeed, "table-7 players' seeds", 1, deal.getHandsList(),
              deal.getCommitment());
      lines.add("fair: " + fair);
      return lines;
    } finally {
      channel.shutdownNow();
    }
  }
}
