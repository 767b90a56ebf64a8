package cardrules

import (
	"errors"
	"fmt"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// Per-viewer views (docs/concepts.md, "Views"): a request lists its viewers in Views, and the answer carries one
// redacted copy of itself per viewer. These helpers build the viewers and pick a viewer's copy, so a backend
// forwards each client its own view and never, by a slip, the whole answer.

// SeatViewer is the viewer of a player: the seat index in play order. Its view holds its own cards and what a
// spectator sees.
func SeatViewer(seat int32) *cardrulesv1.Viewer {
	return &cardrulesv1.Viewer{Viewer: &cardrulesv1.Viewer_Seat{Seat: seat}}
}

// SpectatorViewer is the viewer of public information only.
func SpectatorViewer() *cardrulesv1.Viewer {
	return &cardrulesv1.Viewer{Viewer: &cardrulesv1.Viewer_Spectator{Spectator: &cardrulesv1.Spectator{}}}
}

// AuditViewer is the viewer of the whole answer, for records and disputes. Never forward its view to a player.
func AuditViewer() *cardrulesv1.Viewer {
	return &cardrulesv1.Viewer{Viewer: &cardrulesv1.Viewer_Audit{Audit: &cardrulesv1.Audit{}}}
}

// TableViewers is every seat of a table of seatCount, then a spectator: the usual Views of a table's backend.
func TableViewers(seatCount int) []*cardrulesv1.Viewer {
	out := make([]*cardrulesv1.Viewer, 0, seatCount+1)
	for seat := range seatCount {
		out = append(out, SeatViewer(int32(seat)))
	}
	return append(out, SpectatorViewer())
}

// View is one viewer's copy of an answer of type A (SamLocServiceStartHandView and the other *View messages).
type View[A any] interface {
	GetViewer() *cardrulesv1.Viewer
	GetAnswer() A
}

// AnswerWithViews is an answer that carries views of type V (every response with a views field).
type AnswerWithViews[V any] interface {
	GetViews() []V
}

// ErrNoView is what ViewFor's error wraps when the answer holds no view for the viewer (the request did not ask
// for it): test it with errors.Is.
var ErrNoView = errors.New("cardrules: the answer holds no view for this viewer")

// ViewFor is the copy of answer meant for viewer, e.g. ViewFor(answer, SeatViewer(2)) on a ValidatePlay answer
// whose request asked for that viewer. When the answer holds no such view it returns an error wrapping ErrNoView
// (and the zero A, nil), never the whole answer.
func ViewFor[A AnswerWithViews[V], V View[A]](answer A, viewer *cardrulesv1.Viewer) (A, error) {
	for _, view := range answer.GetViews() {
		if SameViewer(view.GetViewer(), viewer) {
			return view.GetAnswer(), nil
		}
	}
	var none A
	return none, fmt.Errorf("%w (%s): add it to the request's views", ErrNoView, ViewerName(viewer))
}

// SameViewer reports whether a and b are the same seat, both spectators, or both the audit view. A viewer with
// nothing set matches nothing.
func SameViewer(a, b *cardrulesv1.Viewer) bool {
	switch v := a.GetViewer().(type) {
	case *cardrulesv1.Viewer_Seat:
		other, ok := b.GetViewer().(*cardrulesv1.Viewer_Seat)
		return ok && other.Seat == v.Seat
	case *cardrulesv1.Viewer_Spectator:
		_, ok := b.GetViewer().(*cardrulesv1.Viewer_Spectator)
		return ok
	case *cardrulesv1.Viewer_Audit:
		_, ok := b.GetViewer().(*cardrulesv1.Viewer_Audit)
		return ok
	default:
		return false
	}
}

// ViewerName is "seat 2", "a spectator" or "the audit view", as messages name a viewer.
func ViewerName(viewer *cardrulesv1.Viewer) string {
	switch v := viewer.GetViewer().(type) {
	case *cardrulesv1.Viewer_Seat:
		return fmt.Sprintf("seat %d", v.Seat)
	case *cardrulesv1.Viewer_Spectator:
		return "a spectator"
	case *cardrulesv1.Viewer_Audit:
		return "the audit view"
	default:
		return "a viewer with none of seat, spectator, audit set"
	}
}
