// DongPv2/sam-loc (TypeScript, src/ai/aiEngine.ts): findAllValidCombinations(hand, pile) lists the plays a hand can
// make on the pile (null: leading), one per rank pattern; it is what the peer's bot (chooseAction) calls for
// its options. The peer's game engine itself only validates one chosen play (isValidCombination + canBeat in
// src/core/validator.ts); it has no list of legal moves. Driven by bench_peers.py through common.mjs.

import { runPeer } from './common.mjs';

const SUITS = ['SPADE', 'CLUB', 'DIAMOND', 'HEART']; // our suit order: card & 3 is ♠ ♣ ♦ ♥
const KINDS = { RAC: 'SINGLE', DOI: 'PAIR', SAM: 'TRIPLE', TU_QUY: 'QUAD', SANH: 'STRAIGHT' };

// A play in our terms: our kind and the sorted rank indexes (3 → 0 … A → 11, 2 → 12; the peer's rank is 3..15).
function pattern(combination) {
  const ranks = combination.cards.map((c) => c.rank - 3).sort((a, b) => a - b);
  return `${KINDS[combination.type]} ${ranks.join(' ')}`;
}

const lead = (peer) => {
  const find = peer.findAllValidCombinations;
  return (hand) => find(hand, null).length;
};
const leadAnswer = (peer, hand) => peer.findAllValidCombinations(hand, null).map(pattern).sort();

await runPeer({
  card: (c) => ({ rank: (c >> 2) + 3, suit: SUITS[c & 3] }),
  item: (_name, cards) => cards,
  calls: { sam_lead: lead, sam_lead_checked: lead },
  answers: { sam_lead: leadAnswer, sam_lead_checked: leadAnswer },
});
