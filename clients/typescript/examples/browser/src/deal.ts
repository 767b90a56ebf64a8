// The deal: a seeded shuffle of the 52-card deck, 10 cards to each seat. The same seed always deals the same
// hands, so a hand can be replayed (and tested); the service never deals, it only judges the dealt hands.

export const CARDS_PER_SEAT = 10;
const RANKS = "A23456789TJQK";
const SUITS = "SCDH";

/** The 52 cards as canonical text ("AS", "TD", …), in a fixed order. */
export function deck(): string[] {
  return [...SUITS].flatMap((suit) => [...RANKS].map((rank) => rank + suit));
}

/** `seats` hands of 10 card strings each, dealt from a deck shuffled with `seed`; also the seat that leads. */
export function deal(seed: number, seats: number): { hands: string[][]; leader: number } {
  const random = mulberry32(seed);
  const cards = deck();
  // Fisher–Yates: every order of the deck is equally likely for a uniform random source.
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j] as string, cards[i] as string];
  }
  const hands = Array.from({ length: seats }, (_, seat) =>
    cards.slice(seat * CARDS_PER_SEAT, (seat + 1) * CARDS_PER_SEAT),
  );
  return { hands, leader: Math.floor(random() * seats) };
}

/** A seed for a new deal when the page was not given one. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

// mulberry32: a tiny, well-mixed 32-bit generator; enough to deal cards for a demo (not for real money, where
// the game server deals with a cryptographic source).
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
