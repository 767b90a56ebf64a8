// The page: deal a Sâm hand with a seed, let the player act (a legal move, or any cards they pick), play the
// other seats with legal moves, and show the settlement. Every decision comes from the service (game.ts).
import {
  RulesError,
  type SamLocServiceSettleRoundResponse,
  type SamLocServiceValidatePlayResponse,
  type SamMove,
  SamInstantWinKindSchema,
  SamOutcomeSchema,
  SamReasonSchema,
  createSamLocClient,
  formatCard,
  parseHand,
  samActionFromMove,
} from "@cardrules/client/web";
import { cardFace, cardName, facesOf, sortForDisplay } from "./cards.js";
import { deal, randomSeed } from "./deal.js";
import { PLAYER, describeAction, describeEvent, enumName, seatName } from "./describe.js";
import { type SamActionInit, SamHand } from "./game.js";

/** The gRPC-Web URL of the local front (`bash deploy/local/up.sh`). */
const DEFAULT_FRONT = "http://127.0.0.1:8080";
const DEFAULT_BOT_DELAY_MS = 600;
// Longer than the SDK's 2 s default: a page may be served far from the service.
const CALL_TIMEOUT_MS = 5000;

type Phase = "idle" | "dealing" | "your-turn" | "others" | "settling" | "settled" | "error";

const params = new URLSearchParams(location.search);
const botDelayMs = Math.max(0, Number(params.get("delay") ?? DEFAULT_BOT_DELAY_MS) || 0);

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (element === null) {
    throw new Error(`index.html has no #${id}`);
  }
  return element as T;
};
const ui = {
  setup: $<HTMLFormElement>("setup"),
  setupFields: $<HTMLFieldSetElement>("setup-fields"),
  controls: $<HTMLFieldSetElement>("controls"),
  front: $<HTMLInputElement>("front"),
  seed: $<HTMLInputElement>("seed"),
  seats: $<HTMLSelectElement>("seats"),
  status: $("status"),
  error: $("error"),
  game: $("game"),
  current: $("current"),
  seatsList: $("seats-list"),
  hand: $("hand"),
  playSelected: $<HTMLButtonElement>("play-selected"),
  pass: $<HTMLButtonElement>("pass"),
  verdict: $("verdict"),
  reasonMessage: $("reason-message"),
  reasonMessageVi: $("reason-message-vi"),
  reasonCode: $("reason-code"),
  legalMoves: $("legal-moves"),
  log: $("log"),
  settlement: $("settlement"),
  outcome: $("outcome"),
  transfers: $("transfers"),
  nets: $("nets"),
  fee: $("fee"),
};

let hand: SamHand | undefined;
let selected = new Set<string>();
let busy = false;

ui.front.value = params.get("front") ?? DEFAULT_FRONT;
ui.seed.value = params.get("seed") ?? String(randomSeed());
ui.seats.value = params.get("seats") ?? "4";
ui.setup.addEventListener("submit", (event) => {
  event.preventDefault();
  void guarded(newHand);
});
ui.playSelected.addEventListener("click", () => {
  const cards = parseHand([...selected]);
  void guarded(() => playerActs({ seat: PLAYER, action: { case: "play", value: cards } }));
});
ui.pass.addEventListener("click", () => {
  void guarded(() => playerActs({ seat: PLAYER, action: { case: "pass", value: {} } }));
});

async function newHand(): Promise<void> {
  const seed = Number(ui.seed.value);
  const seats = Number(ui.seats.value);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error("the seed is a whole number from 0 to 4294967295");
  }
  const sam = createSamLocClient(ui.front.value, { timeoutMs: CALL_TIMEOUT_MS });
  const dealt = deal(seed, seats);
  hand = new SamHand(sam, dealt.hands, dealt.leader);
  selected = new Set();
  ui.log.replaceChildren();
  ui.settlement.hidden = true;
  ui.verdict.hidden = true;
  ui.error.hidden = true;
  ui.game.hidden = false;
  setPhase("dealing", `Dealing hand ${seed} to ${seats} players…`);
  const start = await hand.start();
  log(`Dealt with seed ${seed}; ${seatName(dealt.leader)} ${dealt.leader === PLAYER ? "lead" : "leads"}.`);
  if (start.state === undefined) {
    const kind = enumName(SamInstantWinKindSchema, start.instantWin);
    log(`${seatName(start.instantWinner)} won at the deal (${kind}).`);
  }
  await advance();
}

/** Play the other seats until it is the player's turn or the hand is over. */
async function advance(): Promise<void> {
  const current = requireHand();
  while (current.running && current.turn !== PLAYER) {
    setPhase("others", `${seatName(current.turn)} is thinking…`);
    render(current, []);
    await pause(botDelayMs);
    const { seat, verdict } = await current.playAutomatically();
    if (!verdict.legal) {
      throw new Error(`the service refused a move it listed as legal: ${verdict.message?.en ?? verdict.reason}`);
    }
    logVerdict(seat, verdict);
  }
  if (current.running) {
    const moves = await current.legalMoves();
    render(current, moves);
    setPhase("your-turn", "Your turn: pick cards or a legal move.");
    return;
  }
  render(current, []);
  setPhase("settling", "The hand is over: settling…");
  showSettlement(await current.settle());
  setPhase("settled", "Settled. Deal again with another seed, or the same one to replay.");
}

async function playerActs(action: SamActionInit): Promise<void> {
  const current = requireHand();
  const verdict = await current.act(action);
  if (!verdict.legal) {
    showRefusal(verdict);
    setPhase("your-turn", "Refused: try another play.");
    return;
  }
  ui.verdict.hidden = true;
  selected = new Set();
  logVerdict(PLAYER, verdict);
  await advance();
}

function render(current: SamHand, moves: readonly SamMove[]): void {
  const state = current.state;
  ui.current.textContent =
    state?.current && state.current.cards.length > 0
      ? `${facesOf(state.current.cards)} by ${seatName(state.currentOwner)}`
      : "nothing (a new trick)";
  ui.seatsList.replaceChildren(
    ...(state?.seats ?? []).map((seat, index) => {
      const item = document.createElement("li");
      const count = seat.holding.case === "hand" ? seat.holding.value.cards.length : (seat.holding.value ?? 0);
      const notes = [`${count} card${count === 1 ? "" : "s"}`];
      if (seat.passed) notes.push("passed");
      if (current.running && state?.turn === index) {
        notes.push("to act");
        item.setAttribute("aria-current", "true");
      }
      item.textContent = `${seatName(index)}: ${notes.join(", ")}`;
      item.dataset["testid"] = `seat-${index}`;
      return item;
    }),
  );
  const mine = state?.seats[PLAYER]?.holding;
  const codes = mine?.case === "hand" ? sortForDisplay(mine.value.cards.map(formatCard)) : [];
  const yourTurn = current.running && current.turn === PLAYER;
  ui.hand.replaceChildren(
    ...codes.map((code) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card";
      button.textContent = cardFace(code);
      button.setAttribute("aria-label", cardName(code));
      button.setAttribute("aria-pressed", String(selected.has(code)));
      button.dataset["testid"] = "card";
      button.dataset["card"] = code;
      button.disabled = !yourTurn;
      button.addEventListener("click", () => {
        if (selected.has(code)) selected.delete(code);
        else selected.add(code);
        button.setAttribute("aria-pressed", String(selected.has(code)));
        ui.playSelected.disabled = selected.size === 0;
      });
      return button;
    }),
  );
  ui.legalMoves.replaceChildren(
    ...moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      const cards = move.move.case === "play" ? sortForDisplay(move.move.value.cards.map(formatCard)) : [];
      button.textContent = cards.length > 0 ? `Play ${cards.map(cardFace).join(" ")}` : "Pass";
      button.setAttribute("aria-label", cards.length > 0 ? `Play ${cards.map(cardName).join(", ")}` : "Pass");
      button.dataset["testid"] = "legal-move";
      button.dataset["move"] = cards.length > 0 ? cards.join(" ") : "pass";
      button.addEventListener("click", () => void guarded(() => playerActs(samActionFromMove(PLAYER, move))));
      return button;
    }),
  );
  ui.playSelected.disabled = !yourTurn || selected.size === 0;
  ui.pass.disabled = !yourTurn;
}

function showRefusal(verdict: SamLocServiceValidatePlayResponse): void {
  ui.reasonMessage.textContent = verdict.message?.en ?? "";
  ui.reasonMessageVi.textContent = verdict.message?.vi ?? "";
  ui.reasonCode.textContent = enumName(SamReasonSchema, verdict.reason);
  ui.verdict.hidden = false;
}

function showSettlement(settlement: SamLocServiceSettleRoundResponse): void {
  const winner = settlement.winner === undefined ? "" : `, won by ${seatName(settlement.winner)}`;
  ui.outcome.textContent = `${enumName(SamOutcomeSchema, settlement.outcome)}${winner}`;
  ui.transfers.replaceChildren(
    ...settlement.transfers.map((transfer) =>
      row("transfer", [seatName(transfer.fromSeat), seatName(transfer.toSeat), String(transfer.amount), transfer.reason]),
    ),
  );
  ui.nets.replaceChildren(
    ...settlement.nets.map((net, seat) => {
      const line = row("net", [seatName(seat), String(net)]);
      line.dataset["seat"] = String(seat);
      line.dataset["net"] = String(net);
      return line;
    }),
  );
  ui.fee.textContent = String(settlement.fee);
  ui.settlement.hidden = false;
}

function row(testid: string, cells: readonly string[]): HTMLTableRowElement {
  const line = document.createElement("tr");
  line.dataset["testid"] = testid;
  line.append(
    ...cells.map((text) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      return cell;
    }),
  );
  return line;
}

function logVerdict(seat: number, verdict: SamLocServiceValidatePlayResponse): void {
  log(describeAction(seat, verdict.combination));
  for (const event of verdict.events) {
    const text = describeEvent(event);
    if (text !== undefined) log(text);
  }
}

function log(text: string): void {
  const item = document.createElement("li");
  item.textContent = text;
  ui.log.append(item);
}

// The status line also carries the phase and the number of accepted actions as data attributes: a script
// driving the page (tests/docs/test_browser_example.py) waits on them instead of guessing with timers.
function setPhase(phase: Phase, text: string): void {
  ui.status.dataset["phase"] = phase;
  ui.status.dataset["actions"] = String(hand?.actions.length ?? 0);
  ui.status.textContent = text;
}

/** Run one step of the page; while it runs every control is off, and a failure is shown, not swallowed. */
async function guarded(step: () => Promise<void>): Promise<void> {
  if (busy) return;
  busy = true;
  ui.status.dataset["busy"] = "true";
  // A disabled fieldset disables every control in it without changing their own state.
  ui.setupFields.disabled = true;
  ui.controls.disabled = true;
  try {
    await step();
  } catch (error) {
    ui.error.textContent =
      error instanceof RulesError
        ? `The service call failed: ${error.codeName}: ${error.message}`
        : `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
    ui.error.hidden = false;
    setPhase("error", "Stopped by an error (below). Check the service URL and deal again.");
  } finally {
    busy = false;
    ui.status.dataset["busy"] = "false";
    ui.setupFields.disabled = false;
    ui.controls.disabled = false;
  }
}

function requireHand(): SamHand {
  if (hand === undefined) throw new Error("no hand has been dealt");
  return hand;
}

function pause(ms: number): Promise<void> {
  return ms === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
