import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CARD_FORMAT,
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

test("parses the suit symbols, with or without the emoji selector, printing letters", () => {
  assert.equal(formatCards(parseCards("A♠ 10♥ q♦ 2♣")), "AS TH QD 2C");
  assert.equal(formatCard(parseCard("K♥\uFE0F")), "KH");
  assert.equal(formatCards(parseCards("A♠10♥Q♦")), "AS TH QD");
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

for (const bad of ["1S", "XS", "3X", "", "3SS", "11H", "T", "♠A", "A♤"]) {
  test(`rejects ${JSON.stringify(bad)} naming the text and showing the format`, () => {
    assert.throws(
      () => parseCard(bad),
      (error: unknown) =>
        error instanceof CardParseError &&
        error.text === bad &&
        error.message === `bad card ${JSON.stringify(bad)}: ${CARD_FORMAT}`,
    );
  });
}

test("the format in the error is the one every SDK shows", () => {
  assert.equal(
    CARD_FORMAT,
    'a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"',
  );
  assert.throws(() => parseCard("1X"), { message: `bad card "1X": ${CARD_FORMAT}` });
});

test("a bad card in a list is named with its index", () => {
  assert.throws(
    () => parseCards("3S XX 5C"),
    (error: unknown) =>
      error instanceof CardParseError && error.text === "XX" && error.index === 1 && /"XX" at \[1\]/.test(error.message),
  );
});

test("formatting an unspecified card is an error, not a guess", () => {
  assert.throws(() => formatCard({ rank: Rank.UNSPECIFIED, suit: Suit.SPADES }), RangeError);
});
