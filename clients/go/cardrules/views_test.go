package cardrules_test

import (
	"errors"
	"testing"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/protobuf/proto"
)

// A StartHand answer as the service returns it for views [seat 1, spectator, seat 0]: each copy differs, so a
// wrong pick shows.
func answerWithViews() *cardrulesv1.SamLocServiceStartHandResponse {
	copyFor := func(note int32) *cardrulesv1.SamLocServiceStartHandResponse {
		return &cardrulesv1.SamLocServiceStartHandResponse{InstantWinner: proto.Int32(note)}
	}
	return &cardrulesv1.SamLocServiceStartHandResponse{
		Views: []*cardrulesv1.SamLocServiceStartHandView{
			{Viewer: cardrules.SeatViewer(1), Answer: copyFor(1)},
			{Viewer: cardrules.SpectatorViewer(), Answer: copyFor(100)},
			{Viewer: cardrules.SeatViewer(0), Answer: copyFor(0)},
		},
	}
}

func TestViewForPicksTheViewersCopy(t *testing.T) {
	answer := answerWithViews()
	for viewer, want := range map[*cardrulesv1.Viewer]int32{
		cardrules.SeatViewer(0): 0, cardrules.SeatViewer(1): 1, cardrules.SpectatorViewer(): 100,
	} {
		view, err := cardrules.ViewFor(answer, viewer)
		if err != nil || view.GetInstantWinner() != want {
			t.Errorf("%s: %v, %v", cardrules.ViewerName(viewer), view, err)
		}
	}
}

func TestViewForRefusesAViewerTheRequestDidNotAskFor(t *testing.T) {
	for _, viewer := range []*cardrulesv1.Viewer{cardrules.SeatViewer(2), cardrules.AuditViewer(), {}, nil} {
		view, err := cardrules.ViewFor(answerWithViews(), viewer)
		if view != nil || !errors.Is(err, cardrules.ErrNoView) {
			t.Errorf("%s: %v, %v", cardrules.ViewerName(viewer), view, err)
		}
	}
	if _, err := cardrules.ViewFor(&cardrulesv1.LiengServiceSettleRoundResponse{}, cardrules.SpectatorViewer()); err == nil {
		t.Error("an answer without views gave a view")
	}
}

func TestViewersAndTheirNames(t *testing.T) {
	var names []string
	for _, viewer := range cardrules.TableViewers(3) {
		names = append(names, cardrules.ViewerName(viewer))
	}
	if got := names; len(got) != 4 || got[0] != "seat 0" || got[2] != "seat 2" || got[3] != "a spectator" {
		t.Errorf("TableViewers(3): %v", got)
	}
	if cardrules.ViewerName(cardrules.AuditViewer()) != "the audit view" {
		t.Error(cardrules.ViewerName(cardrules.AuditViewer()))
	}
	if cardrules.SameViewer(cardrules.SeatViewer(1), cardrules.SeatViewer(2)) ||
		cardrules.SameViewer(cardrules.AuditViewer(), cardrules.SpectatorViewer()) ||
		cardrules.SameViewer(&cardrulesv1.Viewer{}, &cardrulesv1.Viewer{}) ||
		!cardrules.SameViewer(cardrules.SeatViewer(2), cardrules.SeatViewer(2)) {
		t.Error("SameViewer")
	}
}
