package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.cardrules.v1.Rank;
import io.cardrules.v1.SamAction;
import io.cardrules.v1.SamCombination;
import io.cardrules.v1.SamCombinationKind;
import io.cardrules.v1.SamMove;
import io.cardrules.v1.SamPass;
import org.junit.jupiter.api.Test;

class SamActionsTest {
  @Test
  void aPlayBecomesThePlayOfItsCards() {
    SamMove pair =
        SamMove.newBuilder()
            .setPlay(
                SamCombination.newBuilder()
                    .setKind(SamCombinationKind.SAM_COMBINATION_KIND_PAIR)
                    .addAllCards(CardText.cards("7S 7H"))
                    .setTop(Rank.RANK_SEVEN)
                    .setLength(2))
            .build();
    SamAction action = SamActions.fromMove(3, pair);
    assertEquals(3, action.getSeat());
    assertEquals(SamAction.ActionCase.PLAY, action.getActionCase());
    assertEquals("7S 7H", CardText.text(action.getPlay()));
  }

  @Test
  void aPassBecomesAPass() {
    SamAction action = SamActions.fromMove(1, SamMove.newBuilder().setPass(SamPass.getDefaultInstance()).build());
    assertEquals(SamAction.newBuilder().setSeat(1).setPass(SamPass.getDefaultInstance()).build(), action);
  }

  @Test
  void anEmptyMoveIsRefused() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> SamActions.fromMove(0, SamMove.getDefaultInstance()));
    assertEquals("the move holds neither a play nor a pass", error.getMessage());
  }
}
