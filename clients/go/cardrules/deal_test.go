package cardrules_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/clients/go/cardrules"
	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

func seedBytes(n int) []byte {
	seed := make([]byte, n)
	for i := range seed {
		seed[i] = byte(i)
	}
	return seed
}

func text(t *testing.T, cards []*cardrulesv1.Card) string {
	t.Helper()
	s, err := cardrules.CardsText(cards)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Known answers of cardrules-deal-v1 (docs/fair-deal.md), the same in every SDK and on the server.
var knownDeals = []struct {
	in         cardrules.DealInput
	hands      []string
	undealt    string
	commitment string
}{
	{
		in: cardrules.DealInput{Game: cardrules.GameSamLoc, ServerSeed: seedBytes(32), Nonce: 0, SeatCount: 4},
		hands: []string{
			"JD AC 7H 4D 4C 9C 6H KS AS 8C",
			"8S 5H 4H KD 2H 2S 8D 6C TH JS",
			"3D 9H 5S KC 2D TC TS AD 7D 8H",
			"6D 9D JC QC QD KH 9S 4S QH AH",
		},
		undealt:    "6S 3C 5D 3S 2C 5C 7S QS 7C TD 3H JH",
		commitment: "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
	},
	{
		in: cardrules.DealInput{Game: cardrules.GameLieng, ServerSeed: seedBytes(32), ClientSeed: "table-7",
			Nonce: math.MaxInt64, SeatCount: 6},
		hands: []string{"6D 7H 3C", "2C TH JC", "5D 9H JS", "7C 7D KS", "6H 9S 9D", "KH QH AH"},
		undealt: "3D 2H QS 9C 3S 5S 2S 6C 8D AC QC 4D 4C TD 5C 8C 3H 2D 4S KD QD 7S KC 4H JH AD 6S TS 8S TC " +
			"5H AS 8H JD",
		commitment: "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
	},
	{
		// A client seed outside ASCII: its UTF-8 bytes (10 of them) are what is hashed.
		in: cardrules.DealInput{Game: cardrules.GameSamLoc, ServerSeed: bytes.Repeat([]byte{0xff}, 32),
			ClientSeed: "Bàn 9 ♠", Nonce: 42, SeatCount: 2},
		hands: []string{"2C 9D 5D QH AD JS JD JC 7S TC", "TS TD KC KH 5S QD 4S 2D 9S 8S"},
		undealt: "6S QC KS 4H 7D 4D 7C 4C 5C 6D 2S 5H 9C KD 8D 8H 3D AC AS 2H 6H JH 3S 7H AH QS TH 6C 3C 8C " +
			"9H 3H",
		commitment: "af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051",
	},
	{
		// The longest seeds: 256 bytes each.
		in: cardrules.DealInput{Game: cardrules.GameLieng, ServerSeed: seedBytes(256),
			ClientSeed: strings.Repeat("x", 256), Nonce: 1, SeatCount: 2},
		hands: []string{"5D JC 4C", "2H 5S KS"},
		undealt: "9C 7D JD QC TS AH 4D 2S KC AD 8S TC TH 7S TD 6D 3C KH 4H 3H 9H 6H 9S 4S JS 5C 9D 3D 7C QS " +
			"6C 7H JH 2C 6S AC KD 2D AS QH 8C 5H 3S 8D QD 8H",
		commitment: "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880",
	},
}

func TestDealFromKnownAnswers(t *testing.T) {
	for _, known := range knownDeals {
		deal, err := cardrules.DealFrom(known.in)
		if err != nil {
			t.Fatal(err)
		}
		for seat, hand := range deal.Hands {
			if got := text(t, hand.GetCards()); seat >= len(known.hands) || got != known.hands[seat] {
				t.Errorf("%s nonce %d seat %d: %s", known.in.Game, known.in.Nonce, seat, got)
			}
		}
		if len(deal.Hands) != len(known.hands) {
			t.Errorf("%s: %d hands, want %d", known.in.Game, len(deal.Hands), len(known.hands))
		}
		if got := text(t, deal.Undealt.GetCards()); got != known.undealt {
			t.Errorf("%s nonce %d undealt: %s", known.in.Game, known.in.Nonce, got)
		}
		if got := hex.EncodeToString(deal.Commitment); got != known.commitment || deal.Algorithm != cardrules.DealAlgorithm {
			t.Errorf("%s: commitment %s, algorithm %s", known.in.Game, got, deal.Algorithm)
		}
	}
}

func TestDealFromDealsTheWholeDeckForEverySeatCount(t *testing.T) {
	for game, most := range map[cardrules.DealGame]int{cardrules.GameSamLoc: 5, cardrules.GameLieng: 6} {
		for seats := 2; seats <= most; seats++ {
			deal, err := cardrules.DealFrom(cardrules.DealInput{Game: game, ServerSeed: seedBytes(32), ClientSeed: "c",
				Nonce: int64(seats), SeatCount: seats})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			all := deal.Undealt.GetCards()
			for _, hand := range deal.Hands {
				all = append(all[:len(all):len(all)], hand.GetCards()...)
			}
			for _, card := range all {
				seen[text(t, []*cardrulesv1.Card{card})] = true
			}
			if len(deal.Hands) != seats || len(seen) != 52 || len(all) != 52 {
				t.Errorf("%s %d seats: %d hands, %d distinct of %d cards", game, seats, len(deal.Hands), len(seen), len(all))
			}
		}
	}
}

func TestCommitmentIsSHA256OfTheSeedComparedInFull(t *testing.T) {
	seed := seedBytes(32)
	sum := sha256.Sum256(seed)
	if !bytes.Equal(cardrules.Commitment(seed), sum[:]) || !cardrules.VerifyCommitment(seed, sum[:]) {
		t.Fatal("the commitment is not SHA-256 of the seed")
	}
	flipped := append([]byte(nil), sum[:]...)
	flipped[31] ^= 1
	for _, wrong := range [][]byte{flipped, sum[:31], {}, nil} {
		if cardrules.VerifyCommitment(seed, wrong) {
			t.Errorf("accepted %x", wrong)
		}
	}
}

func TestVerifyDealAcceptsTheDealInAnyOrderWithinASeat(t *testing.T) {
	known := knownDeals[0]
	commitment, _ := hex.DecodeString(known.commitment)
	reversed := make([]string, len(known.hands))
	for i, hand := range known.hands {
		cards := strings.Fields(hand)
		for a, b := 0, len(cards)-1; a < b; a, b = a+1, b-1 {
			cards[a], cards[b] = cards[b], cards[a]
		}
		reversed[i] = strings.Join(cards, " ")
	}
	for _, hands := range [][]string{known.hands, reversed} {
		ok, err := cardrules.VerifyDeal(known.in, cardrules.MustHands(hands...), commitment)
		if err != nil || !ok {
			t.Errorf("refused %v: %v", hands, err)
		}
	}
	if ok, err := cardrules.VerifyDeal(known.in, cardrules.MustHands(known.hands...), nil); err != nil || !ok {
		t.Errorf("refused without a commitment: %v", err)
	}
}

func TestVerifyDealRefusesOtherHandsAndAWrongCommitment(t *testing.T) {
	known := knownDeals[0]
	a, b, c, d := known.hands[0], known.hands[1], known.hands[2], known.hands[3]
	refused := map[string][]string{
		"two seats swapped":         {b, a, c, d},
		"a seat missing":            {a, b, c},
		"a seat too many":           {a, b, c, d, d},
		"an undealt card":           {strings.Replace(a, "JD", "6S", 1), b, c, d},
		"a card twice, one missing": {strings.Replace(a, "JD", "AC", 1), b, c, d},
		"a card too many":           {a + " 6S", b, c, d},
		"a card too few":            {strings.TrimPrefix(a, "JD "), b, c, d},
	}
	for why, hands := range refused {
		if ok, err := cardrules.VerifyDeal(known.in, cardrules.MustHands(hands...), nil); err != nil || ok {
			t.Errorf("%s: accepted (%v)", why, err)
		}
	}
	other := known.in
	other.Nonce = 1
	if ok, _ := cardrules.VerifyDeal(other, cardrules.MustHands(known.hands...), nil); ok {
		t.Error("another nonce: accepted")
	}
	wrong := cardrules.Commitment(make([]byte, 32))
	if ok, _ := cardrules.VerifyDeal(known.in, cardrules.MustHands(known.hands...), wrong); ok {
		t.Error("a wrong commitment: accepted")
	}
}

func TestDealFromRefusesInputsOutOfRangeNamingTheField(t *testing.T) {
	base := cardrules.DealInput{Game: cardrules.GameSamLoc, ServerSeed: seedBytes(32), SeatCount: 4}
	cases := []struct {
		field, reason string
		change        func(*cardrules.DealInput)
	}{
		{"game \"poker\"", "INVALID_VALUE", func(in *cardrules.DealInput) { in.Game = "poker" }},
		{"seat_count 6 is not from 2 to 5", "WRONG_SEAT_COUNT", func(in *cardrules.DealInput) { in.SeatCount = 6 }},
		{"seat_count 1 is not from 2 to 6", "WRONG_SEAT_COUNT",
			func(in *cardrules.DealInput) { in.Game, in.SeatCount = cardrules.GameLieng, 1 }},
		{"server_seed is 31 bytes", "WRONG_LENGTH", func(in *cardrules.DealInput) { in.ServerSeed = seedBytes(31) }},
		{"server_seed is 257 bytes", "WRONG_LENGTH", func(in *cardrules.DealInput) { in.ServerSeed = seedBytes(257) }},
		{"client_seed is 258 bytes", "WRONG_LENGTH", func(in *cardrules.DealInput) { in.ClientSeed = strings.Repeat("♠", 86) }},
		{"client_seed is not valid UTF-8", "INVALID_VALUE", func(in *cardrules.DealInput) { in.ClientSeed = "\xff" }},
		{"nonce -1 is negative", "OUT_OF_RANGE", func(in *cardrules.DealInput) { in.Nonce = -1 }},
		{"algorithm \"cardrules-deal-v2\"", "UNKNOWN_ALGORITHM",
			func(in *cardrules.DealInput) { in.Algorithm = "cardrules-deal-v2" }},
	}
	for _, c := range cases {
		in := base
		c.change(&in)
		_, err := cardrules.DealFrom(in)
		var bad *cardrules.DealInputError
		if !errors.As(err, &bad) || !strings.Contains(err.Error(), c.field) || !strings.HasPrefix(c.field, bad.Field+" ") ||
			bad.Reason != c.reason {
			t.Errorf("%s: %v", c.field, err)
		}
		if _, err := cardrules.VerifyDeal(in, nil, nil); err == nil {
			t.Errorf("%s: VerifyDeal did not fail", c.field)
		}
	}
	// The bounds themselves are accepted.
	edge := base
	edge.SeatCount, edge.Nonce, edge.ServerSeed = 5, math.MaxInt64, seedBytes(256)
	edge.ClientSeed, edge.Algorithm = strings.Repeat("♠", 85)+"x", cardrules.DealAlgorithm
	if _, err := cardrules.DealFrom(edge); err != nil {
		t.Error(err)
	}
}
