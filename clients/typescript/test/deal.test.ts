import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import {
  commitmentOf,
  DEAL_ALGORITHM,
  type DealInput,
  DealInputError,
  dealFrom,
  formatCards,
  parseCards,
  parseHand,
  verifyCommitment,
  verifyDeal,
} from "@cardrules/client";

const SEED = Uint8Array.from({ length: 32 }, (_, i) => i);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

// Known answers of cardrules-deal-v1 (docs/fair-deal.md), the same in every SDK and on the server.
const KNOWN: readonly { input: DealInput; hands: string[]; undealt: string; commitment: string }[] = [
  {
    input: { game: "sam_loc", serverSeed: SEED, clientSeed: "", nonce: 0, seatCount: 4 },
    hands: [
      "JD AC 7H 4D 4C 9C 6H KS AS 8C",
      "8S 5H 4H KD 2H 2S 8D 6C TH JS",
      "3D 9H 5S KC 2D TC TS AD 7D 8H",
      "6D 9D JC QC QD KH 9S 4S QH AH",
    ],
    undealt: "6S 3C 5D 3S 2C 5C 7S QS 7C TD 3H JH",
    commitment: "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
  },
  {
    input: { game: "lieng", serverSeed: SEED, clientSeed: "table-7", nonce: 2n ** 63n - 1n, seatCount: 6 },
    hands: ["6D 7H 3C", "2C TH JC", "5D 9H JS", "7C 7D KS", "6H 9S 9D", "KH QH AH"],
    undealt:
      "3D 2H QS 9C 3S 5S 2S 6C 8D AC QC 4D 4C TD 5C 8C 3H 2D 4S KD QD 7S KC 4H JH AD 6S TS 8S TC 5H AS 8H JD",
    commitment: "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
  },
  {
    // A client seed outside ASCII: its UTF-8 bytes (10 of them) are what is hashed.
    input: { game: "sam_loc", serverSeed: new Uint8Array(32).fill(0xff), clientSeed: "Bàn 9 ♠", nonce: 42n, seatCount: 2 },
    hands: ["2C 9D 5D QH AD JS JD JC 7S TC", "TS TD KC KH 5S QD 4S 2D 9S 8S"],
    undealt:
      "6S QC KS 4H 7D 4D 7C 4C 5C 6D 2S 5H 9C KD 8D 8H 3D AC AS 2H 6H JH 3S 7H AH QS TH 6C 3C 8C 9H 3H",
    commitment: "af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051",
  },
  {
    // The longest seeds: 256 bytes each.
    input: {
      game: "lieng",
      serverSeed: Uint8Array.from({ length: 256 }, (_, i) => i),
      clientSeed: "x".repeat(256),
      nonce: 1,
      seatCount: 2,
    },
    hands: ["5D JC 4C", "2H 5S KS"],
    undealt:
      "9C 7D JD QC TS AH 4D 2S KC AD 8S TC TH 7S TD 6D 3C KH 4H 3H 9H 6H 9S 4S JS 5C 9D 3D 7C QS 6C 7H JH 2C 6S AC " +
      "KD 2D AS QH 8C 5H 3S 8D QD 8H",
    commitment: "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880",
  },
];

for (const known of KNOWN) {
  const { game, seatCount, nonce } = known.input;
  test(`the known answer for ${game}, ${seatCount} seats, nonce ${nonce}`, async () => {
    const deal = await dealFrom(known.input);
    assert.deepEqual(
      deal.hands.map((hand) => formatCards(hand)),
      known.hands,
    );
    assert.equal(formatCards(deal.undealt), known.undealt);
    assert.equal(hex(deal.commitment), known.commitment);
    assert.equal(deal.algorithm, DEAL_ALGORITHM);
    assert.equal(deal.hands[0]?.$typeName, "cardrules.v1.Cards");
  });
}

test("every seat count deals the whole deck once: hands then undealt", async () => {
  for (const [game, perSeat, most] of [
    ["sam_loc", 10, 5],
    ["lieng", 3, 6],
  ] as const) {
    for (let seatCount = 2; seatCount <= most; seatCount++) {
      const deal = await dealFrom({ game, serverSeed: SEED, clientSeed: "c", nonce: seatCount, seatCount });
      assert.equal(deal.hands.length, seatCount);
      assert.ok(deal.hands.every((hand) => hand.cards.length === perSeat));
      const all = [...deal.hands.flatMap((hand) => hand.cards), ...deal.undealt.cards].map((card) => formatCards([card]));
      assert.equal(new Set(all).size, 52, `${game} ${seatCount}`);
    }
  }
});

test("each input changes the deal: game, seat count, nonce, client seed, server seed", async () => {
  const base: DealInput = { game: "sam_loc", serverSeed: SEED, clientSeed: "", nonce: 0, seatCount: 2 };
  const first = async (input: DealInput) => formatCards((await dealFrom(input)).hands[0] ?? []).slice(0, 8);
  const seen = new Set([
    await first(base),
    await first({ ...base, game: "lieng" }),
    await first({ ...base, seatCount: 3 }),
    await first({ ...base, nonce: 1 }),
    await first({ ...base, clientSeed: "a" }),
    await first({ ...base, serverSeed: new Uint8Array(32) }),
  ]);
  assert.equal(seen.size, 6);
  assert.equal(await first({ ...base, nonce: 0n }), await first(base), "a number and a bigint nonce deal alike");
});

test("the commitment is SHA-256 of the server seed, checked in full", async () => {
  const expected = createHash("sha256").update(SEED).digest();
  assert.equal(hex(await commitmentOf(SEED)), expected.toString("hex"));
  assert.equal(await verifyCommitment(SEED, expected), true);
  const flipped = Uint8Array.from(expected);
  flipped[31] = (flipped[31] as number) ^ 1;
  assert.equal(await verifyCommitment(SEED, flipped), false);
  assert.equal(await verifyCommitment(SEED, expected.subarray(0, 31)), false);
  assert.equal(await verifyCommitment(SEED, new Uint8Array(0)), false);
});

test("verifyDeal accepts the dealt hands in any order within a seat, as text, arrays or Cards", async () => {
  const known = KNOWN[0];
  assert.ok(known !== undefined);
  const commitment = Buffer.from(known.commitment, "hex");
  assert.equal(await verifyDeal({ ...known.input, hands: known.hands, commitment }), true);
  const sorted = known.hands.map((hand) => hand.split(" ").sort());
  assert.equal(await verifyDeal({ ...known.input, hands: sorted }), true);
  assert.equal(await verifyDeal({ ...known.input, hands: known.hands.map((hand) => parseHand(hand)) }), true);
  assert.equal(await verifyDeal({ ...known.input, hands: known.hands.map((hand) => parseCards(hand)) }), true);
});

test("verifyDeal refuses other hands, another seat order, and a wrong commitment", async () => {
  const known = KNOWN[0];
  assert.ok(known !== undefined);
  const [a, b, c, d] = known.hands as [string, string, string, string];
  const refused = [
    [b, a, c, d], // two seats swapped
    [a, b, c], // a seat missing
    [a, b, c, d, d], // a seat too many
    [a.replace("JD", "6S"), b, c, d], // an undealt card instead of a dealt one
    [a.replace("JD", "AC"), b, c, d], // a card twice, one missing
    [`${a} 6S`, b, c, d], // a card too many
    [a.split(" ").slice(1).join(" "), b, c, d], // a card too few
  ];
  for (const hands of refused) {
    assert.equal(await verifyDeal({ ...known.input, hands }), false, JSON.stringify(hands));
  }
  assert.equal(await verifyDeal({ ...known.input, nonce: 1, hands: known.hands }), false);
  assert.equal(await verifyDeal({ ...known.input, clientSeed: " ", hands: known.hands }), false);
  const otherCommitment = await commitmentOf(new Uint8Array(32));
  assert.equal(await verifyDeal({ ...known.input, hands: known.hands, commitment: otherCommitment }), false);
});

test("inputs out of the range Deal accepts are refused, naming the input", async () => {
  const base: DealInput = { game: "sam_loc", serverSeed: SEED, clientSeed: "", nonce: 0, seatCount: 4 };
  const cases: [Partial<Record<keyof DealInput, unknown>>, string, string, RegExp][] = [
    [{ game: "poker" }, "game", "INVALID_VALUE", /^game:/],
    [{ game: "constructor" }, "game", "INVALID_VALUE", /^game:/],
    [{ seatCount: 1 }, "seat_count", "WRONG_SEAT_COUNT", /^seat_count:/],
    [{ seatCount: 6 }, "seat_count", "WRONG_SEAT_COUNT", /^seat_count: 6 is not from 2 to 5 for sam_loc/],
    [{ game: "lieng", seatCount: 7 }, "seat_count", "WRONG_SEAT_COUNT", /^seat_count:/],
    [{ seatCount: 2.5 }, "seat_count", "WRONG_SEAT_COUNT", /^seat_count:/],
    [{ serverSeed: new Uint8Array(31) }, "server_seed", "WRONG_LENGTH", /^server_seed: 31 bytes, not 32 to 256/],
    [{ serverSeed: new Uint8Array(257) }, "server_seed", "WRONG_LENGTH", /^server_seed: 257 bytes/],
    [{ serverSeed: "seed" }, "server_seed", "INVALID_VALUE", /^server_seed:/],
    [{ clientSeed: "♠".repeat(86) }, "client_seed", "WRONG_LENGTH", /^client_seed: 258 bytes in UTF-8/],
    [{ clientSeed: "\uD800" }, "client_seed", "INVALID_VALUE", /^client_seed:/],
    [{ nonce: -1 }, "nonce", "OUT_OF_RANGE", /^nonce:/],
    [{ nonce: 2n ** 63n }, "nonce", "OUT_OF_RANGE", /^nonce:/],
    [{ nonce: 2 ** 53 }, "nonce", "OUT_OF_RANGE", /^nonce:.*bigint/],
    [{ nonce: 0.5 }, "nonce", "OUT_OF_RANGE", /^nonce:/],
    [{ algorithm: "cardrules-deal-v2" }, "algorithm", "UNKNOWN_ALGORITHM", /^algorithm:/],
  ];
  for (const [change, field, reason, message] of cases) {
    const input = { ...base, ...change } as DealInput;
    await assert.rejects(
      dealFrom(input),
      (error: unknown) =>
        error instanceof DealInputError &&
        error instanceof RangeError &&
        error.field === field &&
        error.reason === reason &&
        message.test(error.message),
    );
    await assert.rejects(verifyDeal({ ...input, hands: [] }), DealInputError);
  }
  // The bounds themselves are accepted.
  await dealFrom({ ...base, clientSeed: "♠".repeat(85) + "x" });
  await dealFrom({ ...base, seatCount: 5, nonce: 2n ** 63n - 1n, serverSeed: new Uint8Array(256) });
  await dealFrom({ ...base, algorithm: "" });
  await dealFrom({ ...base, algorithm: DEAL_ALGORITHM });
});

test("the node and web entries export the same fair-deal and view functions", async () => {
  const root = await import("@cardrules/client");
  for (const entry of [await import("@cardrules/client/node"), await import("@cardrules/client/web")]) {
    assert.equal(entry.dealFrom, root.dealFrom);
    assert.equal(entry.verifyDeal, root.verifyDeal);
    assert.equal(entry.verifyCommitment, root.verifyCommitment);
    assert.equal(entry.viewFor, root.viewFor);
    assert.equal(entry.viewers, root.viewers);
  }
});
