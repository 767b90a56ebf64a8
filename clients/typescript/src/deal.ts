// The fair deal, recomputed locally (cardrules-deal-v1, docs/fair-deal.md): the same hands the service's `Deal`
// returns, from the same server seed, client seed and nonce, with no call to the service. HMAC-SHA256 comes from
// WebCrypto (`crypto.subtle`, in every browser's secure context and in Node ≥ 20), so this module pulls in no Node
// built-in and the functions are async, as WebCrypto is.
import { create } from "@bufbuild/protobuf";
import { parseCards } from "./cards.js";
import { type Card, CardSchema, type Cards, CardsSchema, Rank, Suit } from "./gen/cardrules/v1/cards_pb.js";

/** The algorithm's name and version, as `Deal` returns it in `algorithm`. */
export const DEAL_ALGORITHM = "cardrules-deal-v1";

/** The game a deal is for: `sam_loc` (10 cards a seat, 2–5 seats) or `lieng` (3 cards a seat, 2–6 seats). */
export type DealGame = "sam_loc" | "lieng";

/** What a deal is made from: the same values `SamLocService.Deal` / `LiengService.Deal` take. */
export interface DealInput {
  readonly game: DealGame;
  /** The server seed, 32 to 256 bytes: kept secret by the backend until the hand is over, then revealed. */
  readonly serverSeed: Uint8Array;
  /** The public client seed (from the players or the table), at most 256 bytes once encoded as UTF-8. */
  readonly clientSeed: string;
  /** The hand number, 0 to 2^63 − 1. */
  readonly nonce: bigint | number;
  readonly seatCount: number;
  /** The algorithm asked for: empty or absent for the newest, else its name (only `cardrules-deal-v1` so far). */
  readonly algorithm?: string;
}

/** A deal as `Deal` returns it. */
export interface LocalDeal {
  /** One hand a seat, in seat order, each in the order dealt (not sorted): ready for StartHand / StartBetting. */
  readonly hands: Cards[];
  /** The cards nobody was dealt, in shuffled order. */
  readonly undealt: Cards;
  /** SHA-256 of the server seed: what the backend publishes before the hand. */
  readonly commitment: Uint8Array;
  readonly algorithm: typeof DEAL_ALGORITHM;
}

/** Hands to check: `Cards` messages, card arrays, or card text ("AS 2H …" or ["AS", "2H"]), one a seat. */
export type HandToCheck = Cards | readonly Pick<Card, "rank" | "suit">[] | string | readonly string[];

/** What {@link verifyDeal} checks: the deal's inputs, the hands shown, and optionally the published commitment. */
export interface DealToVerify extends DealInput {
  readonly hands: readonly HandToCheck[];
  /** The commitment published before the hand; when given, SHA-256 of `serverSeed` must equal it. */
  readonly commitment?: Uint8Array;
}

/**
 * An input out of the range `Deal` accepts: `field` and `reason` are those of the service's field violation for the
 * same request (`server_seed`, `WRONG_LENGTH`); the message starts with the field. A RangeError.
 */
export class DealInputError extends RangeError {
  override readonly name = "DealInputError";

  constructor(
    readonly field: string,
    readonly reason: string,
    description: string,
  ) {
    super(`${field}: ${description}`);
  }
}

const CARDS_PER_SEAT: Readonly<Record<DealGame, number>> = { sam_loc: 10, lieng: 3 };
const SEAT_RANGE: Readonly<Record<DealGame, readonly [number, number]>> = { sam_loc: [2, 5], lieng: [2, 6] };
const SEED_BYTES: readonly [number, number] = [32, 256];
const CLIENT_SEED_MAX_BYTES = 256;
const NONCE_MAX = 2n ** 63n - 1n;
// The unshuffled deck's suit order (♠ ♣ ♦ ♥), thirteen ranks each from the ace.
const SUIT_ORDER: readonly Suit[] = [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS];
const DECK_SIZE = 52;
const encoder = new TextEncoder();

/**
 * The deal the service makes from these inputs, recomputed here: `await dealFrom({ game: "sam_loc", serverSeed,
 * clientSeed: "table 7", nonce: 12n, seatCount: 4 })`. Throws a DealInputError naming the input when one is out of
 * the range `Deal` accepts (the same bounds), and an Error when the platform has no WebCrypto.
 */
export async function dealFrom(input: DealInput): Promise<LocalDeal> {
  const perSeat = checkInput(input);
  const bytes = await byteStream(input);
  const deck = Array.from({ length: DECK_SIZE }, (_, i) => i);
  // Fisher–Yates (Durstenfeld), each index drawn without modulo bias.
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const j = await uniform(bytes, i + 1);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  const cards = deck.map(cardAt);
  const hands = Array.from({ length: input.seatCount }, (_, seat) =>
    create(CardsSchema, { cards: cards.slice(seat * perSeat, (seat + 1) * perSeat) }),
  );
  return {
    hands,
    undealt: create(CardsSchema, { cards: cards.slice(input.seatCount * perSeat) }),
    commitment: await commitmentOf(input.serverSeed),
    algorithm: DEAL_ALGORITHM,
  };
}

/**
 * Whether `hands` are the deal these inputs make (seat by seat; within a hand the cards may be in any order, as
 * StartHand's sorted hands are) and, when `commitment` is given, whether the server seed is the one committed to.
 * Throws like {@link dealFrom} on inputs out of range, and a CardParseError on card text that is not a card.
 */
export async function verifyDeal(deal: DealToVerify): Promise<boolean> {
  const { hands } = await dealFrom(deal);
  const given = deal.hands.map(cardKeys);
  const sameHands =
    given.length === hands.length &&
    hands.every((hand, seat) => sameCardSet(cardKeys(hand), given[seat] as readonly number[]));
  const sameCommitment = deal.commitment === undefined || (await verifyCommitment(deal.serverSeed, deal.commitment));
  return sameHands && sameCommitment;
}

/** SHA-256 of the server seed: the commitment a backend publishes before the hand. */
export async function commitmentOf(serverSeed: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest("SHA-256", new Uint8Array(serverSeed)));
}

/** Whether SHA-256(`serverSeed`) equals `commitment`, compared in time that does not depend on where they differ. */
export async function verifyCommitment(serverSeed: Uint8Array, commitment: Uint8Array): Promise<boolean> {
  const actual = await commitmentOf(serverSeed);
  if (commitment.length !== actual.length) {
    return false;
  }
  let difference = 0;
  for (let i = 0; i < actual.length; i++) {
    difference |= (actual[i] as number) ^ (commitment[i] as number);
  }
  return difference === 0;
}

// The cards a seat gets, or a DealInputError naming the first input out of range.
function checkInput(input: DealInput): number {
  const perSeat = Object.hasOwn(CARDS_PER_SEAT, input.game) ? CARDS_PER_SEAT[input.game] : undefined;
  const seats = Object.hasOwn(SEAT_RANGE, input.game) ? SEAT_RANGE[input.game] : undefined;
  if (perSeat === undefined || seats === undefined) {
    throw new DealInputError("game", "INVALID_VALUE", `${JSON.stringify(input.game)} is not a game (sam_loc or lieng)`);
  }
  const [fewest, most] = seats;
  if (!Number.isInteger(input.seatCount) || input.seatCount < fewest || input.seatCount > most) {
    throw new DealInputError(
      "seat_count",
      "WRONG_SEAT_COUNT",
      `${input.seatCount} is not from ${fewest} to ${most} for ${input.game}`,
    );
  }
  if (!(input.serverSeed instanceof Uint8Array)) {
    throw new DealInputError("server_seed", "INVALID_VALUE", "must be a Uint8Array of 32 to 256 bytes");
  }
  const [shortest, longest] = SEED_BYTES;
  if (input.serverSeed.length < shortest || input.serverSeed.length > longest) {
    throw new DealInputError(
      "server_seed",
      "WRONG_LENGTH",
      `${input.serverSeed.length} bytes, not ${shortest} to ${longest}`,
    );
  }
  // A lone surrogate has no UTF-8 form: encoding would silently replace it, so two seeds would deal alike.
  if (typeof input.clientSeed !== "string" || /[\uD800-\uDFFF]/u.test(input.clientSeed)) {
    throw new DealInputError("client_seed", "INVALID_VALUE", "must be a string of whole Unicode characters");
  }
  const clientBytes = encoder.encode(input.clientSeed).length;
  if (clientBytes > CLIENT_SEED_MAX_BYTES) {
    throw new DealInputError(
      "client_seed",
      "WRONG_LENGTH",
      `${clientBytes} bytes in UTF-8, more than ${CLIENT_SEED_MAX_BYTES}`,
    );
  }
  const nonce = nonceOf(input.nonce);
  if (nonce < 0n || nonce > NONCE_MAX) {
    throw new DealInputError("nonce", "OUT_OF_RANGE", `${input.nonce} is not from 0 to 2^63 - 1`);
  }
  if (input.algorithm !== undefined && input.algorithm !== "" && input.algorithm !== DEAL_ALGORITHM) {
    throw new DealInputError(
      "algorithm",
      "UNKNOWN_ALGORITHM",
      `${JSON.stringify(input.algorithm)} is not one this SDK deals (${DEAL_ALGORITHM})`,
    );
  }
  return perSeat;
}

function nonceOf(nonce: bigint | number): bigint {
  if (typeof nonce === "bigint") {
    return nonce;
  }
  if (!Number.isSafeInteger(nonce)) {
    throw new DealInputError("nonce", "OUT_OF_RANGE", `${nonce} is not a whole number (pass a bigint above 2^53)`);
  }
  return BigInt(nonce);
}

/** The random byte stream block(0) ‖ block(1) ‖ …, each block HMAC-SHA256(server seed, message(counter)). */
interface ByteStream {
  next(): Promise<number>;
}

async function byteStream(input: DealInput): Promise<ByteStream> {
  const key = await subtle().importKey(
    "raw",
    new Uint8Array(input.serverSeed),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const message = messagePrefix(input);
  const counterAt = message.length - 8;
  const view = new DataView(message.buffer);
  let counter = 0n;
  let block = new Uint8Array(0);
  let offset = 0;
  return {
    async next(): Promise<number> {
      if (offset === block.length) {
        view.setBigUint64(counterAt, counter++);
        block = new Uint8Array(await subtle().sign("HMAC", key, message));
        offset = 0;
      }
      return block[offset++] as number;
    },
  };
}

// "cardrules-deal-v1" 0x00, game 0x00, seat count (u32), nonce (u64), client seed length (u32) and bytes, then
// 8 bytes for the counter (all big-endian).
function messagePrefix(input: DealInput): Uint8Array<ArrayBuffer> {
  const algorithm = encoder.encode(DEAL_ALGORITHM);
  const game = encoder.encode(input.game);
  const client = encoder.encode(input.clientSeed);
  const message = new Uint8Array(algorithm.length + 1 + game.length + 1 + 4 + 8 + 4 + client.length + 8);
  const view = new DataView(message.buffer);
  let at = 0;
  message.set(algorithm, at);
  at += algorithm.length + 1;
  message.set(game, at);
  at += game.length + 1;
  view.setUint32(at, input.seatCount);
  at += 4;
  view.setBigUint64(at, nonceOf(input.nonce));
  at += 8;
  view.setUint32(at, client.length);
  at += 4;
  message.set(client, at);
  return message;
}

// A uniform integer in [0, n) for 1 ≤ n ≤ 256: bytes at or above the largest multiple of n are discarded, so
// no value is more likely than another.
async function uniform(bytes: ByteStream, n: number): Promise<number> {
  const limit = 256 - (256 % n);
  for (;;) {
    const byte = await bytes.next();
    if (byte < limit) {
      return byte % n;
    }
  }
}

function cardAt(index: number): Card {
  return create(CardSchema, { suit: SUIT_ORDER[Math.floor(index / 13)] as Suit, rank: ((index % 13) + 1) as Rank });
}

// Each card as its deck index (suit × 13 + rank − 1), so hands compare as sets of numbers; NaN for a card that is
// not one of the 52, which matches nothing.
function cardKeys(hand: HandToCheck): number[] {
  const cards = typeof hand === "string" || isTextList(hand) ? parseCards(hand) : "cards" in hand ? hand.cards : hand;
  return cards.map((card) => {
    const suit = SUIT_ORDER.indexOf(card.suit);
    return suit < 0 || !Number.isInteger(card.rank) || card.rank < Rank.ACE || card.rank > Rank.KING
      ? Number.NaN
      : suit * 13 + card.rank - 1;
  });
}

function isTextList(hand: HandToCheck): hand is readonly string[] {
  return Array.isArray(hand) && hand.length > 0 && hand.every((item) => typeof item === "string");
}

function sameCardSet(dealt: readonly number[], given: readonly number[]): boolean {
  const wanted = new Set(dealt);
  return given.length === dealt.length && new Set(given).size === given.length && given.every((k) => wanted.has(k));
}

// WebCrypto's type as the compiler knows it here (Node's declarations; a browser's lib.dom has the same shape).
type Subtle = typeof globalThis.crypto.subtle;

function subtle(): Subtle {
  const webCrypto = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (webCrypto === undefined) {
    throw new Error(
      "no WebCrypto (crypto.subtle) here: browsers offer it only on https:// or localhost pages; Node needs ≥ 20",
    );
  }
  return webCrypto;
}
