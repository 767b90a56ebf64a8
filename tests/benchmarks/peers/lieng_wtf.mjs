// sonnh58/lieng.wtf (TypeScript, packages/shared/src/utils/hand-evaluator.ts): evaluateHand(cards) scores one
// 3-card hand, compareHands(a, b) compares two evaluated hands (negative: a wins); its server's showdown
// (packages/server/src/game/game-manager.ts) calls exactly these. Driven by bench_peers.py through common.mjs.

import { runPeer } from './common.mjs';

// The peer's Suit enum: SPADE 0, CLUB 1, HEART 2, DIAMOND 3; ours (card & 3): ♠ ♣ ♦ ♥.
const SUITS = [0, 1, 3, 2];
const FACES = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2]; // our rank index (card >> 2) → face value (A = 1)

const tier = (result) => (result.type === 'NORMAL' ? `POINTS ${result.points}` : result.type);

await runPeer({
  card: (c) => ({ suit: SUITS[c & 3], rank: FACES[c >> 2] }),
  item: (_name, cards) => cards,
  calls: {
    lieng_one: (peer) => {
      const evaluate = peer.evaluateHand;
      return (hand) => evaluate(hand).points;
    },
    lieng_two: (peer) => {
      const evaluate = peer.evaluateHand;
      const compare = peer.compareHands;
      return (pair) => compare(evaluate(pair[0]), evaluate(pair[1]));
    },
  },
  answers: {
    lieng_one: (peer, hand) => tier(peer.evaluateHand(hand)),
    // in our terms: 1 if the first hand wins, -1 if the second does, 0 for a tie
    lieng_two: (peer, pair) => -Math.sign(peer.compareHands(peer.evaluateHand(pair[0]), peer.evaluateHand(pair[1]))),
  },
});
