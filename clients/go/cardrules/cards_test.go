package cardrules

import (
	"strings"
	"testing"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

func TestParseCardAcceptsLettersTenAndAnyCase(t *testing.T) {
	for text, want := range map[string]*cardrulesv1.Card{
		"TD":   {Rank: cardrulesv1.Rank_RANK_TEN, Suit: cardrulesv1.Suit_SUIT_DIAMONDS},
		"10D":  {Rank: cardrulesv1.Rank_RANK_TEN, Suit: cardrulesv1.Suit_SUIT_DIAMONDS},
		"10d":  {Rank: cardrulesv1.Rank_RANK_TEN, Suit: cardrulesv1.Suit_SUIT_DIAMONDS},
		" as ": {Rank: cardrulesv1.Rank_RANK_ACE, Suit: cardrulesv1.Suit_SUIT_SPADES},
		"2H":   {Rank: cardrulesv1.Rank_RANK_TWO, Suit: cardrulesv1.Suit_SUIT_HEARTS},
		"kc":   {Rank: cardrulesv1.Rank_RANK_KING, Suit: cardrulesv1.Suit_SUIT_CLUBS},
		"A♠":   {Rank: cardrulesv1.Rank_RANK_ACE, Suit: cardrulesv1.Suit_SUIT_SPADES},
		"10♥":  {Rank: cardrulesv1.Rank_RANK_TEN, Suit: cardrulesv1.Suit_SUIT_HEARTS},
		"q♦":   {Rank: cardrulesv1.Rank_RANK_QUEEN, Suit: cardrulesv1.Suit_SUIT_DIAMONDS},
		"3♣":   {Rank: cardrulesv1.Rank_RANK_THREE, Suit: cardrulesv1.Suit_SUIT_CLUBS},
	} {
		got, err := ParseCard(text)
		if err != nil || got.GetRank() != want.GetRank() || got.GetSuit() != want.GetSuit() {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
}

func TestParseCardRejectsBadText(t *testing.T) {
	for _, text := range []string{"", "1D", "TX", "TDS", "D", "11D", "T D", "A♤", "♠A", "10"} {
		if got, err := ParseCard(text); err == nil {
			t.Errorf("ParseCard(%q) = %v, want an error", text, got)
		} else if !strings.Contains(err.Error(), CardFormat) {
			t.Errorf("ParseCard(%q) error %q does not show the format", text, err)
		}
	}
}

func TestParseCardsSeparatedOrRunTogether(t *testing.T) {
	for _, text := range []string{"3S 4D 10C", "3S,4D,TC", "3s4d10c", " 3S ,\t4D\n TC ", "3♠ 4♦ 10♣", "3♠4♦10♣"} {
		cards, err := ParseCards(text)
		if err != nil {
			t.Fatalf("ParseCards(%q): %v", text, err)
		}
		if got, _ := CardsText(cards); got != "3S 4D TC" {
			t.Errorf("ParseCards(%q) formats as %q, want %q", text, got, "3S 4D TC")
		}
	}
	if cards, err := ParseCards(""); err != nil || len(cards) != 0 {
		t.Errorf("ParseCards(\"\") = %v, %v; want no cards", cards, err)
	}
}

func TestParseCardsNamesTheBadCard(t *testing.T) {
	_, err := ParseCards("3S 4X 5C")
	if err == nil || !strings.Contains(err.Error(), `"4X" at byte 3`) {
		t.Fatalf("error %v does not name the bad card and its position", err)
	}
}

func TestEveryCardRoundTrips(t *testing.T) {
	for _, rank := range "3456789TJQKA2" {
		for _, suit := range "SCDH" {
			text := string(rank) + string(suit)
			card, err := ParseCard(text)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := CardText(card); err != nil || back != text {
				t.Errorf("CardText(ParseCard(%q)) = %q, %v", text, back, err)
			}
		}
	}
}

func TestCardTextRejectsUnsetRankOrSuit(t *testing.T) {
	for _, card := range []*cardrulesv1.Card{{}, {Rank: cardrulesv1.Rank_RANK_ACE}, {Suit: cardrulesv1.Suit_SUIT_HEARTS}} {
		if text, err := CardText(card); err == nil {
			t.Errorf("CardText(%v) = %q, want an error", card, text)
		}
	}
	if _, err := CardsText([]*cardrulesv1.Card{{Rank: 1, Suit: 1}, {}}); err == nil || !strings.HasPrefix(err.Error(), "cards[1]") {
		t.Errorf("CardsText error %v does not name the index", err)
	}
}

func TestHands(t *testing.T) {
	hands := MustHands("AC AD AH", "2S3H4D")
	if len(hands) != 2 || len(hands[1].GetCards()) != 3 {
		t.Fatalf("MustHands gave %v", hands)
	}
	if _, err := Hands("AC AD", "ZZ"); err == nil {
		t.Error("Hands accepted ZZ")
	}
	defer func() {
		if recover() == nil {
			t.Error("MustCards did not panic on bad text")
		}
	}()
	MustCards("AC ZZ")
}
