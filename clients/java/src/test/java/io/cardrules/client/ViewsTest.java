package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cardrules.v1.Audit;
import io.cardrules.v1.Cards;
import io.cardrules.v1.LiengServiceLegalMovesResponse;
import io.cardrules.v1.SamLocServiceStartHandResponse;
import io.cardrules.v1.SamLocServiceStartHandView;
import io.cardrules.v1.SamSeat;
import io.cardrules.v1.SamTableState;
import io.cardrules.v1.Spectator;
import io.cardrules.v1.Viewer;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewsTest {
  private static SamTableState state(String seat0, String seat1) {
    return SamTableState.newBuilder()
        .addSeats(seat0 == null ? SamSeat.newBuilder().setCardCount(3) : SamSeat.newBuilder().setHand(cards(seat0)))
        .addSeats(seat1 == null ? SamSeat.newBuilder().setCardCount(3) : SamSeat.newBuilder().setHand(cards(seat1)))
        .build();
  }

  private static Cards cards(String text) {
    return CardText.cardsMessage(text);
  }

  private static SamLocServiceStartHandView view(Viewer viewer, SamTableState state) {
    return SamLocServiceStartHandView.newBuilder()
        .setViewer(viewer)
        .setAnswer(SamLocServiceStartHandResponse.newBuilder().setState(state))
        .build();
  }

  // An answer as the server gives it for views [seat 0, seat 1, spectator].
  private static final SamLocServiceStartHandResponse ANSWER =
      SamLocServiceStartHandResponse.newBuilder()
          .setState(state("3S 4S 5S", "3H 4H 5H"))
          .addViews(view(Views.seat(0), state("3S 4S 5S", null)))
          .addViews(view(Views.seat(1), state(null, "3H 4H 5H")))
          .addViews(view(Views.spectator(), state(null, null)))
          .build();

  @Test
  void eachViewerGetsItsOwnCopy() {
    assertEquals(state("3S 4S 5S", null), Views.viewFor(ANSWER, Views.seat(0)).getState());
    assertEquals(state(null, "3H 4H 5H"), Views.viewFor(ANSWER, Views.seat(1)).getState());
    assertEquals(state(null, null), Views.viewFor(ANSWER, Views.spectator()).getState());
    assertSame(ANSWER.getViews(1).getAnswer(), Views.viewFor(ANSWER, Views.seat(1)));
  }

  @Test
  void aViewerNotAskedForIsAnErrorNeverTheWholeAnswer() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> Views.viewFor(ANSWER, Views.seat(2)));
    assertEquals(
        "viewer: this SamLocServiceStartHandResponse has no view for seat 2 (3 views): list the viewer in the"
            + " request's views",
        error.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Views.viewFor(ANSWER, Views.audit()));
    assertThrows(IllegalArgumentException.class, () -> Views.viewFor(ANSWER, Viewer.getDefaultInstance()));
    assertThrows(
        IllegalArgumentException.class,
        () -> Views.viewFor(LiengServiceLegalMovesResponse.getDefaultInstance(), Views.spectator()));
  }

  @Test
  void anAnswerTypeWithoutViewsIsRefused() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> Views.viewFor(cards("AS"), Views.seat(0)));
    assertEquals("answer: a cardrules.v1.Cards has no views", error.getMessage());
  }

  @Test
  void viewerBuilders() {
    assertEquals(Viewer.ViewerCase.SEAT, Views.seat(0).getViewerCase()); // seat 0 is set, not the default
    assertEquals(Viewer.newBuilder().setSpectator(Spectator.getDefaultInstance()).build(), Views.spectator());
    assertEquals(Viewer.newBuilder().setAudit(Audit.getDefaultInstance()).build(), Views.audit());
    assertEquals(List.of(Views.seat(0), Views.seat(1), Views.seat(2)), Views.everySeat(3));
    assertEquals(List.of(Views.seat(0), Views.seat(1), Views.spectator()), Views.tableViewers(2));
    assertEquals(List.of("seat 3", "spectator", "audit", "no viewer"),
        List.of(Views.describe(Views.seat(3)), Views.describe(Views.spectator()), Views.describe(Views.audit()),
            Views.describe(Viewer.getDefaultInstance())));
    assertTrue(Views.everySeat(0).isEmpty());
    assertThrows(IllegalArgumentException.class, () -> Views.everySeat(-1));
  }
}
