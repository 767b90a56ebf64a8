package cardrules

import (
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
	"google.golang.org/protobuf/proto"
)

// SamActionFromMove turns one of LegalMoves' answers into the action that makes it: the move's cards as a play,
// or a pass, by seat. A LegalMoves answer lists moves for its `seat` field; pass that seat. A move with neither
// a play nor a pass (a zero SamMove) gives nil.
func SamActionFromMove(seat int32, move *cardrulesv1.SamMove) *cardrulesv1.SamAction {
	switch m := move.GetMove().(type) {
	case *cardrulesv1.SamMove_Play:
		cards := make([]*cardrulesv1.Card, len(m.Play.GetCards()))
		for i, card := range m.Play.GetCards() {
			cards[i] = proto.Clone(card).(*cardrulesv1.Card)
		}
		return &cardrulesv1.SamAction{Seat: seat, Action: &cardrulesv1.SamAction_Play{Play: &cardrulesv1.Cards{Cards: cards}}}
	case *cardrulesv1.SamMove_Pass:
		return &cardrulesv1.SamAction{Seat: seat, Action: &cardrulesv1.SamAction_Pass{Pass: &cardrulesv1.SamPass{}}}
	default:
		return nil
	}
}
