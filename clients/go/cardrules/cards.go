package cardrules

import (
	"fmt"
	"strings"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// The proto numbers ranks by face value (ACE = 1 … KING = 13), not by the text order "3456789TJQKA2", so the
// mapping is spelled out rather than derived from an index.
var (
	ranks = map[byte]cardrulesv1.Rank{
		'A': cardrulesv1.Rank_RANK_ACE, '2': cardrulesv1.Rank_RANK_TWO, '3': cardrulesv1.Rank_RANK_THREE,
		'4': cardrulesv1.Rank_RANK_FOUR, '5': cardrulesv1.Rank_RANK_FIVE, '6': cardrulesv1.Rank_RANK_SIX,
		'7': cardrulesv1.Rank_RANK_SEVEN, '8': cardrulesv1.Rank_RANK_EIGHT, '9': cardrulesv1.Rank_RANK_NINE,
		'T': cardrulesv1.Rank_RANK_TEN, 'J': cardrulesv1.Rank_RANK_JACK, 'Q': cardrulesv1.Rank_RANK_QUEEN,
		'K': cardrulesv1.Rank_RANK_KING,
	}
	suits = map[byte]cardrulesv1.Suit{
		'S': cardrulesv1.Suit_SUIT_SPADES, 'C': cardrulesv1.Suit_SUIT_CLUBS,
		'D': cardrulesv1.Suit_SUIT_DIAMONDS, 'H': cardrulesv1.Suit_SUIT_HEARTS,
	}
	// The suit symbols people paste from card games and chat: accepted as input, never printed.
	suitSymbols = map[string]cardrulesv1.Suit{
		"♠": cardrulesv1.Suit_SUIT_SPADES, "♣": cardrulesv1.Suit_SUIT_CLUBS,
		"♦": cardrulesv1.Suit_SUIT_DIAMONDS, "♥": cardrulesv1.Suit_SUIT_HEARTS,
	}
	rankLetters = invert(ranks)
	suitLetters = invert(suits)
)

func invert[V comparable](m map[byte]V) map[V]byte {
	out := make(map[V]byte, len(m))
	for letter, value := range m {
		out[value] = letter
	}
	return out
}

// CardFormat says how card text is written; every parse error ends with it.
const CardFormat = `a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"`

// ParseCard parses one card: a rank (A 2-9 T J Q K, or 10) then a suit (S C D H, or ♠ ♣ ♦ ♥), any case: "TD",
// "10d", "Q♦".
func ParseCard(text string) (*cardrulesv1.Card, error) {
	trimmed := strings.TrimSpace(text)
	card, size, ok := cardAt(trimmed, 0)
	if !ok || size != len(trimmed) {
		return nil, fmt.Errorf("cardrules: bad card %q: %s", text, CardFormat)
	}
	return card, nil
}

// ParseCards parses many cards separated by spaces or commas, or written run together: "3S 4D 5C",
// "3S,4D,5C", "3S4D5C", "3♠ 4♦ 5♣". An empty text gives no cards.
func ParseCards(text string) ([]*cardrulesv1.Card, error) {
	var cards []*cardrulesv1.Card
	for i := 0; i < len(text); {
		if isSeparator(text[i]) {
			i++
			continue
		}
		card, size, ok := cardAt(text, i)
		if !ok {
			end := i
			for end < len(text) && !isSeparator(text[end]) {
				end++
			}
			return nil, fmt.Errorf("cardrules: bad card %q at byte %d of %q: %s", text[i:end], i, text, CardFormat)
		}
		cards = append(cards, card)
		i += size
	}
	return cards, nil
}

// MustCards is ParseCards for literals in code and tests: it panics on bad text.
func MustCards(text string) []*cardrulesv1.Card {
	cards, err := ParseCards(text)
	if err != nil {
		panic(err)
	}
	return cards
}

// Hand parses cards into the Cards message that requests use for hands and plays.
func Hand(text string) (*cardrulesv1.Cards, error) {
	cards, err := ParseCards(text)
	if err != nil {
		return nil, err
	}
	return &cardrulesv1.Cards{Cards: cards}, nil
}

// MustHand is Hand for literals in code and tests: it panics on bad text.
func MustHand(text string) *cardrulesv1.Cards {
	hand, err := Hand(text)
	if err != nil {
		panic(err)
	}
	return hand
}

// Hands parses several hands at once: Hands("AC AD AH", "2S 3H 4D").
func Hands(texts ...string) ([]*cardrulesv1.Cards, error) {
	hands := make([]*cardrulesv1.Cards, 0, len(texts))
	for _, text := range texts {
		hand, err := Hand(text)
		if err != nil {
			return nil, err
		}
		hands = append(hands, hand)
	}
	return hands, nil
}

// MustHands is Hands for literals in code and tests: it panics on bad text.
func MustHands(texts ...string) []*cardrulesv1.Cards {
	hands, err := Hands(texts...)
	if err != nil {
		panic(err)
	}
	return hands
}

// CardText formats a card as text: RANK_TEN of SUIT_DIAMONDS is "TD". A card without a valid rank and suit
// is an error, not a guess.
func CardText(card *cardrulesv1.Card) (string, error) {
	rank, rankOK := rankLetters[card.GetRank()]
	suit, suitOK := suitLetters[card.GetSuit()]
	if !rankOK || !suitOK {
		return "", fmt.Errorf("cardrules: card has no valid rank and suit: %v of %v", card.GetRank(), card.GetSuit())
	}
	return string([]byte{rank, suit}), nil
}

// CardsText formats cards as space-separated text: "3S 4D 5C".
func CardsText(cards []*cardrulesv1.Card) (string, error) {
	texts := make([]string, len(cards))
	for i, card := range cards {
		text, err := CardText(card)
		if err != nil {
			return "", fmt.Errorf("cards[%d]: %w", i, err)
		}
		texts[i] = text
	}
	return strings.Join(texts, " "), nil
}

// cardAt reads the card starting at text[i]; size is how many bytes it took ("10D" is three, "10♦" five).
func cardAt(text string, i int) (card *cardrulesv1.Card, size int, ok bool) {
	rankLetter, rankSize := upper(text, i), 1
	if strings.HasPrefix(text[i:], "10") {
		rankLetter, rankSize = 'T', 2
	}
	rank, rankOK := ranks[rankLetter]
	if !rankOK || i+rankSize >= len(text) {
		return nil, 0, false
	}
	if suit, suitOK := suits[upper(text, i+rankSize)]; suitOK {
		return &cardrulesv1.Card{Rank: rank, Suit: suit}, rankSize + 1, true
	}
	for symbol, suit := range suitSymbols {
		if strings.HasPrefix(text[i+rankSize:], symbol) {
			return &cardrulesv1.Card{Rank: rank, Suit: suit}, rankSize + len(symbol), true
		}
	}
	return nil, 0, false
}

func upper(text string, i int) byte {
	if i >= len(text) {
		return 0
	}
	c := text[i]
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c
}

func isSeparator(c byte) bool {
	return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'
}
