package cardrules

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"unicode/utf8"

	cardrulesv1 "github.com/cardrules/cardrules/clients/go/gen/cardrules/v1"
)

// DealAlgorithm is the fair deal's name and version, as Deal returns it in its algorithm field.
const DealAlgorithm = "cardrules-deal-v1"

// DealGame is the game a deal is for: GameSamLoc (10 cards a seat, 2–5 seats) or GameLieng (3 cards a seat,
// 2–6 seats).
type DealGame string

// The games Deal deals for, by the name the algorithm hashes.
const (
	GameSamLoc DealGame = "sam_loc"
	GameLieng  DealGame = "lieng"
)

// DealInput is what a deal is made from: the same values SamLocService.Deal and LiengService.Deal take.
type DealInput struct {
	Game DealGame
	// ServerSeed is 32 to 256 bytes, kept secret by the backend until the hand is over, then revealed.
	ServerSeed []byte
	// ClientSeed is public (from the players or the table): valid UTF-8, at most 256 bytes.
	ClientSeed string
	// Nonce is the hand number, 0 or more.
	Nonce     int64
	SeatCount int
	// Algorithm is the algorithm asked for: "" for the newest, else its name (only DealAlgorithm so far).
	Algorithm string
}

// LocalDeal is a deal as Deal returns it, recomputed without the service.
type LocalDeal struct {
	// Hands holds one hand a seat, in seat order, each in the order dealt (not sorted): ready for StartHand or
	// StartBetting.
	Hands []*cardrulesv1.Cards
	// Undealt holds the cards nobody was dealt, in shuffled order.
	Undealt *cardrulesv1.Cards
	// Commitment is SHA-256 of the server seed: what the backend publishes before the hand.
	Commitment []byte
	Algorithm  string
}

type dealShape struct{ perSeat, fewestSeats, mostSeats int }

var dealShapes = map[DealGame]dealShape{GameSamLoc: {10, 2, 5}, GameLieng: {3, 2, 6}}

const (
	deckSize           = 52
	minServerSeedBytes = 32
	maxServerSeedBytes = 256
	maxClientSeedBytes = 256
)

// The unshuffled deck's suit order (♠ ♣ ♦ ♥), thirteen ranks each from the ace.
var dealSuits = [4]cardrulesv1.Suit{
	cardrulesv1.Suit_SUIT_SPADES, cardrulesv1.Suit_SUIT_CLUBS,
	cardrulesv1.Suit_SUIT_DIAMONDS, cardrulesv1.Suit_SUIT_HEARTS,
}

// DealFrom recomputes the deal the service makes from in (cardrules-deal-v1, docs/fair-deal.md), with the
// standard library's HMAC-SHA256 and no call to the service. It fails, naming the field, on an input out of the
// range Deal accepts (a *DealInputError).
func DealFrom(in DealInput) (*LocalDeal, error) {
	shape, err := checkDealInput(in)
	if err != nil {
		return nil, err
	}
	stream := newDealStream(in)
	var deck [deckSize]int
	for i := range deck {
		deck[i] = i
	}
	// Fisher–Yates (Durstenfeld), each index drawn without modulo bias.
	for i := deckSize - 1; i > 0; i-- {
		j := stream.uniform(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	cards := make([]*cardrulesv1.Card, deckSize)
	for i, index := range deck {
		cards[i] = &cardrulesv1.Card{Suit: dealSuits[index/13], Rank: cardrulesv1.Rank(index%13 + 1)}
	}
	hands := make([]*cardrulesv1.Cards, in.SeatCount)
	for seat := range hands {
		hands[seat] = &cardrulesv1.Cards{Cards: cards[seat*shape.perSeat : (seat+1)*shape.perSeat : (seat+1)*shape.perSeat]}
	}
	return &LocalDeal{
		Hands:      hands,
		Undealt:    &cardrulesv1.Cards{Cards: cards[in.SeatCount*shape.perSeat:]},
		Commitment: Commitment(in.ServerSeed),
		Algorithm:  DealAlgorithm,
	}, nil
}

// VerifyDeal reports whether hands are the deal in makes (seat by seat; within a hand the cards may be in any
// order, as StartHand's sorted hands are) and, when commitment is not nil, whether SHA-256 of the server seed
// equals it (VerifyCommitment). It fails like DealFrom on an input out of range.
func VerifyDeal(in DealInput, hands []*cardrulesv1.Cards, commitment []byte) (bool, error) {
	deal, err := DealFrom(in)
	if err != nil {
		return false, err
	}
	same := len(hands) == len(deal.Hands)
	for seat := 0; same && seat < len(hands); seat++ {
		same = sameCardSet(deal.Hands[seat].GetCards(), hands[seat].GetCards())
	}
	if commitment != nil && !VerifyCommitment(in.ServerSeed, commitment) {
		return false, nil
	}
	return same, nil
}

// Commitment is SHA-256 of the server seed: what a backend publishes before the hand.
func Commitment(serverSeed []byte) []byte {
	sum := sha256.Sum256(serverSeed)
	return sum[:]
}

// VerifyCommitment reports whether SHA-256 of serverSeed equals commitment, in constant time.
func VerifyCommitment(serverSeed, commitment []byte) bool {
	return subtle.ConstantTimeCompare(Commitment(serverSeed), commitment) == 1
}

// DealInputError is an input out of the range Deal accepts. Field and Reason are those of the service's field
// violation for the same request ("server_seed", "WRONG_LENGTH").
type DealInputError struct {
	Field       string
	Reason      string
	Description string
}

func (e *DealInputError) Error() string {
	return fmt.Sprintf("cardrules: deal: %s %s", e.Field, e.Description)
}

func dealInputError(field, reason, format string, args ...any) error {
	return &DealInputError{Field: field, Reason: reason, Description: fmt.Sprintf(format, args...)}
}

func checkDealInput(in DealInput) (dealShape, error) {
	shape, ok := dealShapes[in.Game]
	if !ok {
		return dealShape{}, dealInputError("game", "INVALID_VALUE", "%q is not a game (sam_loc or lieng)", in.Game)
	}
	if in.SeatCount < shape.fewestSeats || in.SeatCount > shape.mostSeats {
		return dealShape{}, dealInputError("seat_count", "WRONG_SEAT_COUNT", "%d is not from %d to %d for %s",
			in.SeatCount, shape.fewestSeats, shape.mostSeats, in.Game)
	}
	if n := len(in.ServerSeed); n < minServerSeedBytes || n > maxServerSeedBytes {
		return dealShape{}, dealInputError("server_seed", "WRONG_LENGTH", "is %d bytes, not %d to %d",
			n, minServerSeedBytes, maxServerSeedBytes)
	}
	// The contract's client_seed is a proto string, always UTF-8: other bytes could not have come from Deal.
	if !utf8.ValidString(in.ClientSeed) {
		return dealShape{}, dealInputError("client_seed", "INVALID_VALUE", "is not valid UTF-8")
	}
	if n := len(in.ClientSeed); n > maxClientSeedBytes {
		return dealShape{}, dealInputError("client_seed", "WRONG_LENGTH", "is %d bytes, more than %d",
			n, maxClientSeedBytes)
	}
	if in.Nonce < 0 {
		return dealShape{}, dealInputError("nonce", "OUT_OF_RANGE", "%d is negative", in.Nonce)
	}
	if in.Algorithm != "" && in.Algorithm != DealAlgorithm {
		return dealShape{}, dealInputError("algorithm", "UNKNOWN_ALGORITHM", "%q is not one this SDK deals (%s)",
			in.Algorithm, DealAlgorithm)
	}
	return shape, nil
}

// dealStream is the random byte stream block(0) ‖ block(1) ‖ …, each block HMAC-SHA256(server seed,
// message(counter)).
type dealStream struct {
	prefix  []byte // message(counter) without the counter: algorithm, game, seats, nonce, client seed
	key     []byte
	counter uint64
	block   []byte
}

func newDealStream(in DealInput) *dealStream {
	message := make([]byte, 0, len(DealAlgorithm)+len(in.Game)+len(in.ClientSeed)+26)
	message = append(message, DealAlgorithm...)
	message = append(message, 0)
	message = append(message, in.Game...)
	message = append(message, 0)
	message = binary.BigEndian.AppendUint32(message, uint32(in.SeatCount))
	message = binary.BigEndian.AppendUint64(message, uint64(in.Nonce))
	message = binary.BigEndian.AppendUint32(message, uint32(len(in.ClientSeed)))
	message = append(message, in.ClientSeed...)
	return &dealStream{prefix: message, key: in.ServerSeed}
}

func (s *dealStream) next() byte {
	if len(s.block) == 0 {
		h := hmac.New(sha256.New, s.key)
		h.Write(s.prefix)
		h.Write(binary.BigEndian.AppendUint64(nil, s.counter))
		s.block = h.Sum(nil)
		s.counter++
	}
	b := s.block[0]
	s.block = s.block[1:]
	return b
}

// uniform is an integer in [0, n) for 1 ≤ n ≤ 256: bytes at or above the largest multiple of n are discarded,
// so no value is more likely than another.
func (s *dealStream) uniform(n int) int {
	limit := 256 - 256%n
	for {
		if b := int(s.next()); b < limit {
			return b % n
		}
	}
}

// sameCardSet: given holds exactly the dealt cards, each once, in any order.
func sameCardSet(dealt, given []*cardrulesv1.Card) bool {
	if len(dealt) != len(given) {
		return false
	}
	type key struct {
		suit cardrulesv1.Suit
		rank cardrulesv1.Rank
	}
	wanted := make(map[key]bool, len(dealt))
	for _, card := range dealt {
		wanted[key{card.GetSuit(), card.GetRank()}] = true
	}
	for _, card := range given {
		k := key{card.GetSuit(), card.GetRank()}
		if !wanted[k] {
			return false
		}
		delete(wanted, k) // a card given twice then misses the second time
	}
	return true
}
