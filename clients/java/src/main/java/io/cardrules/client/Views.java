package io.cardrules.client;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.cardrules.v1.Audit;
import io.cardrules.v1.Spectator;
import io.cardrules.v1.Viewer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Per-viewer views (docs/concepts.md, "Views"): a request lists viewers in its {@code views}, its answer carries one
 * redacted copy of itself per viewer, and {@link #viewFor} picks the copy to forward to one client.
 *
 * <pre>{@code
 * SamLocServiceValidatePlayResponse answer = sam.validatePlay(request.toBuilder()
 *     .addAllViews(Views.tableViewers(4)).build());
 * SamLocServiceValidatePlayResponse forSeat2 = Views.viewFor(answer, Views.seat(2)); // what seat 2's client gets
 * }</pre>
 *
 * <p>Works for every answer with views, now and in later contracts: it reads the answer's {@code views} field by
 * its descriptor, so no answer type is listed here.
 */
public final class Views {
  private Views() {}

  /** The player at {@code seat} (0-based, play order): its own cards and what a spectator sees. */
  public static Viewer seat(int seat) {
    return Viewer.newBuilder().setSeat(seat).build();
  }

  /** A spectator: public information only. */
  public static Viewer spectator() {
    return Viewer.newBuilder().setSpectator(Spectator.getDefaultInstance()).build();
  }

  /** The audit view: the whole answer, for records and disputes. Never forward it to a player. */
  public static Viewer audit() {
    return Viewer.newBuilder().setAudit(Audit.getDefaultInstance()).build();
  }

  /** Seats 0 to {@code seatCount - 1}, in order: a request's {@code views} for every player. */
  public static List<Viewer> everySeat(int seatCount) {
    if (seatCount < 0) {
      throw new IllegalArgumentException("seatCount: must be 0 or more, not " + seatCount);
    }
    List<Viewer> viewers = new ArrayList<>(seatCount + 1);
    for (int seat = 0; seat < seatCount; seat++) {
      viewers.add(seat(seat));
    }
    return Collections.unmodifiableList(viewers);
  }

  /** Every seat, then a spectator: the views a table with onlookers asks for. */
  public static List<Viewer> tableViewers(int seatCount) {
    List<Viewer> viewers = new ArrayList<>(everySeat(seatCount));
    viewers.add(spectator());
    return Collections.unmodifiableList(viewers);
  }

  /**
   * The copy of {@code answer} made for {@code viewer}: the {@code answer} of the entry of {@code answer.views} whose
   * {@code viewer} equals it. Never the unredacted answer itself.
   *
   * @throws IllegalArgumentException when the answer has no view for this viewer (list it in the request's {@code
   *     views}) or its type has no {@code views}
   */
  public static <T extends Message> T viewFor(T answer, Viewer viewer) {
    if (answer == null || viewer == null) {
      throw new IllegalArgumentException((answer == null ? "answer" : "viewer") + ": required");
    }
    Descriptor type = answer.getDescriptorForType();
    FieldDescriptor views = type.findFieldByName("views");
    if (views == null || !views.isRepeated() || views.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
      throw new IllegalArgumentException("answer: a " + type.getFullName() + " has no views");
    }
    Descriptor viewType = views.getMessageType();
    FieldDescriptor viewerField = viewType.findFieldByName("viewer");
    FieldDescriptor answerField = viewType.findFieldByName("answer");
    if (viewerField == null || answerField == null || answerField.getMessageType() != type) {
      throw new IllegalArgumentException("answer: the views of a " + type.getFullName() + " are not its copies");
    }
    int count = answer.getRepeatedFieldCount(views);
    for (int i = 0; i < count; i++) {
      Message view = (Message) answer.getRepeatedField(views, i);
      if (viewer.equals(view.getField(viewerField))) {
        @SuppressWarnings("unchecked") // the view's answer field is of the answer's own type (checked above)
        T copy = (T) view.getField(answerField);
        return copy;
      }
    }
    throw new IllegalArgumentException(
        "viewer: this " + type.getName() + " has no view for " + describe(viewer) + " (" + count
            + " views): list the viewer in the request's views");
  }

  /** {@code seat 2}, {@code spectator}, {@code audit}, or {@code no viewer}. */
  public static String describe(Viewer viewer) {
    switch (viewer.getViewerCase()) {
      case SEAT:
        return "seat " + viewer.getSeat();
      case SPECTATOR:
        return "spectator";
      case AUDIT:
        return "audit";
      default:
        return "no viewer";
    }
  }
}
