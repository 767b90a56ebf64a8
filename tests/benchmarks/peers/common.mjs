// The timing loop the peer drivers share (bench_peers.py runs them; see tests/benchmarks/README.md).
//
//     node --expose-gc DRIVER.mjs BUNDLE INPUTS.json [ANSWERS.json]
//
// BUNDLE is the peer's TypeScript bundled by esbuild at run time; INPUTS.json holds the seeded inputs Python
// generated (card ints 0..51, rank * 4 + suit, our order), the same items our core is timed on. Every item is
// converted to the peer's own card objects BEFORE timing. Each scenario: warm-up passes (V8 tiers up on them),
// then timed passes, CPU time of this process (process.cpuUsage: user + system). Prints {"rates": {scenario:
// calls/s}}; with ANSWERS.json also writes the peer's answers on the first timed batch, for the agreement check.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

let sink = 0; // every result feeds this, so the optimiser cannot drop a call whose result goes unused

function pass(call, items) {
  const start = process.cpuUsage();
  for (let i = 0; i < items.length; i++) sink = (sink + call(items[i])) | 0;
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1e6;
}

/** The same rule as bench_peers.py: a fresh-state scenario warms on its first `warmUp` batches and times each
 * later batch once; any other warms on its one batch `warmUp` times and times it until `minSeconds` of CPU. */
function measure(call, batches, fresh, warmUp, minSeconds) {
  const warm = fresh ? batches.slice(0, warmUp) : Array(warmUp).fill(batches[0]);
  const timed = fresh ? batches.slice(warmUp) : [batches[0]];
  for (const items of warm) pass(call, items);
  globalThis.gc?.();
  let calls = 0;
  let spent = 0;
  for (let i = 0; ; i++) {
    const items = timed[i % timed.length];
    spent += pass(call, items);
    calls += items.length;
    if (fresh ? i + 1 === timed.length : spent >= minSeconds) break;
  }
  return { rate: calls / spent, first: timed[0] };
}

/**
 * Run the named scenarios against the bundled peer module.
 * - card(c): the peer's card for our card int c (made once per card, shared by every hand holding it, as a
 *   dealt deck's cards are);
 * - item(name, cards): an input item of the scenario from its converted cards;
 * - calls[name](peer): the timed function of one item, returning a number;
 * - answers[name](peer, item): the answer compared with ours (strings or numbers, in our terms).
 */
export async function runPeer({ card, item, calls, answers }) {
  const [bundle, inputsPath, answersPath] = process.argv.slice(2);
  const peer = await import(pathToFileURL(resolve(bundle)).href);
  const inputs = JSON.parse(readFileSync(inputsPath, 'utf8'));
  const deck = Array.from({ length: 52 }, (_, c) => card(c));
  const convert = (value) => (typeof value === 'number' ? deck[value] : value.map(convert));
  const rates = {};
  const found = {};
  for (const name of Object.keys(calls)) {
    const scenario = inputs.scenarios[name];
    const batches = scenario.batches.map((batch) => batch.map((raw) => item(name, convert(raw))));
    globalThis.gc?.();
    const call = calls[name](peer);
    const { rate, first } = measure(call, batches, scenario.fresh, inputs.warm_up, inputs.min_seconds);
    rates[name] = rate;
    if (answersPath) found[name] = first.map((one) => answers[name](peer, one));
  }
  if (answersPath) writeFileSync(answersPath, JSON.stringify(found));
  console.log(JSON.stringify({ rates, sink }));
}
