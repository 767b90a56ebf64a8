package cardrules

import (
	"testing"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

func TestSamActionFromMovePlaysTheMoveCards(t *testing.T) {
	move := &cardrulesv1.SamMove{Move: &cardrulesv1.SamMove_Play{Play: &cardrulesv1.SamCombination{
		Kind: cardrulesv1.SamCombinationKind_SAM_COMBINATION_KIND_PAIR, Cards: MustCards("5C 5H"), Length: 2}}}
	action := SamActionFromMove(2, move)
	if action.GetSeat() != 2 {
		t.Fatalf("seat %d, want 2", action.GetSeat())
	}
	if text, err := CardsText(action.GetPlay().GetCards()); err != nil || text != "5C 5H" {
		t.Fatalf("play %q (%v), want 5C 5H", text, err)
	}
	action.GetPlay().GetCards()[0].Rank = cardrulesv1.Rank_RANK_KING
	if move.GetPlay().GetCards()[0].GetRank() != cardrulesv1.Rank_RANK_FIVE {
		t.Fatal("the action shares cards with the move: changing one changed the other")
	}
}

func TestSamActionFromMovePasses(t *testing.T) {
	action := SamActionFromMove(1, &cardrulesv1.SamMove{Move: &cardrulesv1.SamMove_Pass{Pass: &cardrulesv1.SamPass{}}})
	if action.GetSeat() != 1 || action.GetPass() == nil || action.GetPlay() != nil {
		t.Fatalf("got %v, want a pass by seat 1", action)
	}
	if SamActionFromMove(0, &cardrulesv1.SamMove{}) != nil {
		t.Fatal("an empty move gave an action")
	}
}
