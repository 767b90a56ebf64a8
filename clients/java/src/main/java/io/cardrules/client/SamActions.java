package io.cardrules.client;

import io.cardrules.v1.Cards;
import io.cardrules.v1.SamAction;
import io.cardrules.v1.SamMove;
import io.cardrules.v1.SamPass;

/** Sâm Lốc actions built from what the service answers. */
public final class SamActions {
  private SamActions() {}

  /**
   * The action that makes {@code move} (one of {@code LegalMoves}' answers) for {@code seat}: its cards as a play, or
   * a pass. Throws IllegalArgumentException for a move that is neither (an empty {@code SamMove}).
   */
  public static SamAction fromMove(int seat, SamMove move) {
    SamAction.Builder action = SamAction.newBuilder().setSeat(seat);
    switch (move.getMoveCase()) {
      case PLAY:
        return action.setPlay(Cards.newBuilder().addAllCards(move.getPlay().getCardsList())).build();
      case PASS:
        return action.setPass(SamPass.getDefaultInstance()).build();
      default:
        throw new IllegalArgumentException("the move holds neither a play nor a pass");
    }
  }
}
