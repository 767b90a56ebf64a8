import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CardParseError,
  formatCard,
  formatCards,
  parseCard,
  parseCards,
  parseHand,
  Rank,
  Suit,
} from "@cardrules/client";

test("parses rank and suit letters, the 10 alias and lower case", () => {
  assert.deepEqual([parseCard("TD").rank, parseCard("TD").suit], [Rank.TEN, Suit.DIAMONDS]);
  assert.deepEqual([parseCard("10d").rank, parseCard("10d").suit], [Rank.TEN, Suit.DIAMONDS]);
  assert.deepEqual([parseCard("as").rank, parseCard("as").suit], [Rank.ACE, Suit.SPADES]);
  assert.deepEqual([parseCard(" 2H ").rank, parseCard(" 2H ").suit], [Rank.TWO, Suit.HEARTS]);
  assert.equal(parseCard("KC").$typeName, "cardrules.v1.Card");
});

test("all 52 cards round-trip through their string form", () => {
  const texts = [..."A23456789TJQK"].flatMap((rank) => [..."SCDH"].map((suit) => rank + suit));
  assert.equal(new Set(texts.map((text) => formatCard(parseCard(text)))).size, 52);
  for (const text of texts) {
    assert.equal(formatCard(parseCard(text)), text);
  }
});

test("parses lists with spaces, commas, no separator, or as an array", () => {
  const expected = "3S 4D TC";
  assert.equal(formatCards(parseCards("3S 4D 10C")), expected);
  assert.equal(formatCards(parseCards("3S, 4D,TC")), expected);
  assert.equal(formatCards(parseCards("3S4D10C")), expected);
  assert.equal(formatCards(parseCards(["3S", "4d", "10c"])), expected);
  assert.deepEqual(parseCards(""), []);
});

test("parseHand builds a Cards message and formatCards accepts it", () => {
  const hand = parseHand("QH KH AH");
  assert.equal(hand.$typeName, "cardrules.v1.Cards");
  assert.equal(formatCards(hand, ""), "QHKHAH");
});

for (const bad of ["1S", "XS", "3X", "", "3SS", "11H", "T"]) {
  test(`rejects ${JSON.stringify(bad)} naming the text`, () => {
    assert.throws(
      () => parseCard(bad),
      (error: unknown) => error instanceof CardParseError && error.text === bad && error.message.includes(`"${bad}"`),
    );
  });
}

test("a bad card in a list is named with its index", () => {
  assert.throws(
    () => parseCards("3S XX 5C"),
    (error: unknown) => error instanceof CardParseError && error.text === "XX" && error.index === 1,
  );
});

test("formatting an unspecified card is an error, not a guess", () => {
  assert.throws(() => formatCard({ rank: Rank.UNSPECIFIED, suit: Suit.SPADES }), RangeError);
});
