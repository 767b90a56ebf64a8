// The fair deal, as a backend runs it (docs/fair-deal.md): make up a secret server seed, ask the service's Deal for
// the hands and the commitment (SHA-256 of the seed), show the commitment before the hand, and after the hand
// reveal the seed so that anyone can recompute the deal with the SDK's verifyDeal, without the service.
import { formatCard, type SamLocClient, verifyDeal } from "@cardrules/client/web";

/** What a deal is made from; the same four values always deal the same hands. */
export interface DealInputs {
  /** Secret until the hand is over: 32 random bytes. */
  readonly serverSeed: Uint8Array;
  /** Public, from the players or the table. */
  readonly clientSeed: string;
  /** The hand number. */
  readonly nonce: bigint;
  readonly seats: number;
}

export interface Dealt {
  readonly hands: readonly string[][];
  /** Published before the hand. */
  readonly commitment: Uint8Array;
  readonly algorithm: string;
}

const SEED_BYTES = 32;

/** A fresh server seed from the browser's cryptographic random source. */
export function newServerSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES));
}

/** The service deals: hands in seat order, and the commitment to show before the hand. */
export async function deal(sam: SamLocClient, inputs: DealInputs): Promise<Dealt> {
  const answer = await sam.deal({
    seatCount: inputs.seats,
    serverSeed: inputs.serverSeed,
    clientSeed: inputs.clientSeed,
    nonce: inputs.nonce,
  });
  return {
    hands: answer.hands.map((hand) => hand.cards.map(formatCard)),
    commitment: answer.commitment,
    algorithm: answer.algorithm,
  };
}

/** After the hand: are these the hands the revealed seed deals, and is it the seed committed to? Local only. */
export function checkDeal(inputs: DealInputs, dealt: Dealt): Promise<boolean> {
  return verifyDeal({
    game: "sam_loc",
    serverSeed: inputs.serverSeed,
    clientSeed: inputs.clientSeed,
    nonce: inputs.nonce,
    seatCount: inputs.seats,
    algorithm: dealt.algorithm,
    hands: dealt.hands,
    commitment: dealt.commitment,
  });
}

/** The leader of hand `nonce`: the lead goes round the table, one seat per hand. */
export function leaderOf(nonce: bigint, seats: number): number {
  return Number(nonce % BigInt(seats));
}

/** Bytes as lower-case hex. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Hex (64 digits for 32 bytes) as bytes, or undefined when it is not hex of 32 bytes. */
export function seedFromHex(text: string): Uint8Array | undefined {
  const clean = text.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(clean)) {
    return undefined;
  }
  return Uint8Array.from(clean.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}
