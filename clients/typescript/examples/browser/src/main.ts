// The page: deal a Sâm hand with the service's fair Deal (the commitment shown first), let the player act (a legal
// move, or any cards they pick), play the other seats with legal moves, show the settlement, then reveal the server
// seed and check the deal in the browser. Every decision comes from the service (game.ts).
import {
  RulesError,
  type SamLocServiceSettleRoundResponse,
  type SamLocServiceValidatePlayResponse,
  type SamMove,
  SamReasonSchema,
  createSamLocClient,
  formatCard,
  parseHand,
  samActionFromMove,
} from "@cardrules/client/web";
import { cardElement, sortForDisplay } from "./cards.js";
import { handButtons, moveButtons } from "./choose.js";
import { type DealInputs, type Dealt, checkDeal, deal, leaderOf, newServerSeed, seedFromHex, toHex } from "./deal.js";
import {
  PLAYER,
  type Words,
  describeAction,
  describeEvent,
  describeInstantWin,
  describeOutcome,
  describeTransferReason,
  seatName,
} from "./describe.js";
import { type SamActionInit, SamHand } from "./game.js";
import { byId, row, setWords } from "./show.js";

/** The gRPC-Web URL of the local front (`bash deploy/local/up.sh`). */
const DEFAULT_FRONT = "http://127.0.0.1:8080";
const DEFAULT_BOT_DELAY_MS = 600;
// Longer than the SDK's 2 s default: a page may be served far from the service.
const CALL_TIMEOUT_MS = 5000;

type Phase = "idle" | "dealing" | "your-turn" | "others" | "settling" | "settled" | "error";

const params = new URLSearchParams(location.search);
const botDelayMs = Math.max(0, Number(params.get("delay") ?? DEFAULT_BOT_DELAY_MS) || 0);

const $ = byId;
const ui = {
  setup: $<HTMLFormElement>("setup"),
  setupFields: $<HTMLFieldSetElement>("setup-fields"),
  controls: $<HTMLFieldSetElement>("controls"),
  front: $<HTMLInputElement>("front"),
  clientSeed: $<HTMLInputElement>("client-seed"),
  nonce: $<HTMLInputElement>("nonce"),
  seats: $<HTMLSelectElement>("seats"),
  fairDeal: $("fair-deal"),
  commitment: $("commitment"),
  algorithm: $("algorithm"),
  serverSeed: $("server-seed"),
  dealCheck: $("deal-check"),
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
let dealing: { inputs: DealInputs; dealt: Dealt } | undefined;
let selected = new Set<string>();
let busy = false;

ui.front.value = params.get("front") ?? DEFAULT_FRONT;
ui.clientSeed.value = params.get("clientSeed") ?? "Bàn 1";
ui.nonce.value = params.get("nonce") ?? "0";
ui.seats.value = params.get("seats") ?? "4";
// ?serverSeed=<64 hex digits> replays a hand whose seed was revealed; otherwise every deal makes up a new one.
const fixedServerSeed = params.has("serverSeed") ? seedFromHex(params.get("serverSeed") ?? "") : undefined;
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
  const seats = Number(ui.seats.value);
  const nonceText = ui.nonce.value.trim();
  if (!/^\d{1,18}$/.test(nonceText)) {
    throw new Error("the hand number is a whole number from 0 (Số ván là số nguyên từ 0)");
  }
  if (params.has("serverSeed") && fixedServerSeed === undefined) {
    throw new Error("serverSeed in the address must be 64 hex digits (32 bytes)");
  }
  const inputs: DealInputs = {
    serverSeed: fixedServerSeed ?? newServerSeed(),
    clientSeed: ui.clientSeed.value,
    nonce: BigInt(nonceText),
    seats,
  };
  const sam = createSamLocClient(ui.front.value, { timeoutMs: CALL_TIMEOUT_MS });
  selected = new Set();
  ui.log.replaceChildren();
  ui.settlement.hidden = true;
  ui.verdict.hidden = true;
  ui.error.hidden = true;
  ui.game.hidden = false;
  setPhase(
    "dealing",
    words(`Dealing hand ${inputs.nonce} to ${seats} players…`, `Đang chia ván ${inputs.nonce} cho ${seats} người…`),
  );
  const dealt = await deal(sam, inputs);
  dealing = { inputs, dealt };
  showCommitment(dealt);
  const leader = leaderOf(inputs.nonce, seats);
  hand = new SamHand(sam, dealt.hands, leader);
  const start = await hand.start();
  const who = seatName(leader);
  log(
    words(
      `Dealt. ${who.en} ${leader === PLAYER ? "lead" : "leads"} hand ${inputs.nonce}.`,
      `Đã chia. ${who.vi} đi trước ván ${inputs.nonce}.`,
    ),
  );
  if (start.state === undefined) {
    log(describeInstantWin(start.instantWinner, start.instantWin));
  }
  await advance();
}

/** Play the other seats until it is the player's turn or the hand is over. */
async function advance(): Promise<void> {
  const current = requireHand();
  while (current.running && current.turn !== PLAYER) {
    const who = seatName(current.turn);
    setPhase("others", words(`${who.en} is thinking…`, `${who.vi} đang nghĩ…`));
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
    setPhase(
      "your-turn",
      words("Your turn: pick cards or a legal move.", "Đến lượt bạn: chọn bài hoặc một nước đi hợp lệ."),
    );
    return;
  }
  render(current, []);
  setPhase("settling", words("The hand is over: settling…", "Ván đã xong: đang tính tiền…"));
  showSettlement(await current.settle());
  await revealAndCheck();
  ui.nonce.value = String(BigInt(ui.nonce.value) + 1n);
  setPhase("settled", words("Settled. Deal again for the next hand.", "Đã tính tiền. Chia tiếp ván sau."));
}

/** Before the hand: what the backend publishes (the seed itself stays secret). */
function showCommitment(dealt: Dealt): void {
  ui.commitment.textContent = toHex(dealt.commitment);
  ui.algorithm.textContent = dealt.algorithm;
  ui.serverSeed.textContent = "";
  ui.serverSeed.parentElement?.setAttribute("hidden", "");
  ui.dealCheck.hidden = true;
  ui.dealCheck.dataset["verified"] = "";
  ui.fairDeal.hidden = false;
}

/** After the hand: reveal the server seed and recompute the deal here, with no call to the service. */
async function revealAndCheck(): Promise<void> {
  if (dealing === undefined) return;
  const { inputs, dealt } = dealing;
  ui.serverSeed.textContent = toHex(inputs.serverSeed);
  ui.serverSeed.parentElement?.removeAttribute("hidden");
  const fair = await checkDeal(inputs, dealt);
  ui.dealCheck.dataset["verified"] = String(fair);
  setWords(
    ui.dealCheck,
    fair
      ? words(
          "✓ Checked in this browser: the revealed seed deals exactly these hands, and its SHA-256 is the commitment shown before the hand.",
          "Đã kiểm tra ngay trên trình duyệt: hạt giống vừa công bố chia đúng các tay bài này, và SHA-256 của nó trùng với cam kết đã công bố trước ván.",
        )
      : words(
          "✗ The check failed: the revealed seed does not give these hands or the commitment.",
          "Kiểm tra thất bại: hạt giống vừa công bố không cho ra các tay bài này hoặc không khớp cam kết.",
        ),
  );
  ui.dealCheck.hidden = false;
}

async function playerActs(action: SamActionInit): Promise<void> {
  const current = requireHand();
  const verdict = await current.act(action);
  if (!verdict.legal) {
    showRefusal(verdict);
    setPhase("your-turn", words("Refused: try another play.", "Không hợp lệ: thử nước khác."));
    return;
  }
  ui.verdict.hidden = true;
  selected = new Set();
  logVerdict(PLAYER, verdict);
  await advance();
}

function render(current: SamHand, moves: readonly SamMove[]): void {
  const state = current.state;
  if (state?.current && state.current.cards.length > 0) {
    const owner = seatName(state.currentOwner);
    const cards = sortForDisplay(state.current.cards.map(formatCard)).map((code) => cardElement(code, "span"));
    const by = document.createElement("span");
    by.className = "by";
    setWords(by, words(`by ${owner.en}`, `của ${owner.vi}`));
    ui.current.replaceChildren(...cards, by);
  } else {
    setWords(ui.current, words("nothing (a new trick)", "chưa có gì (vòng mới)"));
  }
  ui.seatsList.replaceChildren(
    ...(state?.seats ?? []).map((seat, index) => {
      const item = document.createElement("li");
      const count = seat.holding.case === "hand" ? seat.holding.value.cards.length : (seat.holding.value ?? 0);
      const en = [`${count} card${count === 1 ? "" : "s"}`];
      const vi = [`${count} lá`];
      if (seat.passed) {
        en.push("passed");
        vi.push("đã bỏ lượt");
      }
      if (current.running && state?.turn === index) {
        en.push("to act");
        vi.push("đang đi");
        item.setAttribute("aria-current", "true");
      }
      const who = seatName(index);
      setWords(item, words(`${who.en}: ${en.join(", ")}`, `${who.vi}: ${vi.join(", ")}`));
      item.dataset["testid"] = `seat-${index}`;
      return item;
    }),
  );
  const mine = state?.seats[PLAYER]?.holding;
  // A hand won at the deal has no state: the player still sees the cards that won it.
  const codes =
    mine?.case === "hand"
      ? sortForDisplay(mine.value.cards.map(formatCard))
      : state === undefined
        ? sortForDisplay(current.hands[PLAYER] ?? [])
        : [];
  const yourTurn = current.running && current.turn === PLAYER;
  ui.hand.replaceChildren(
    ...handButtons(codes, selected, yourTurn, () => {
      ui.playSelected.disabled = selected.size === 0;
    }),
  );
  ui.legalMoves.replaceChildren(
    ...moveButtons(moves, (move) => void guarded(() => playerActs(samActionFromMove(PLAYER, move)))),
  );
  ui.playSelected.disabled = !yourTurn || selected.size === 0;
  ui.pass.disabled = !yourTurn;
}

function showRefusal(verdict: SamLocServiceValidatePlayResponse): void {
  ui.reasonMessage.textContent = verdict.message?.en ?? "";
  ui.reasonMessageVi.textContent = verdict.message?.vi ?? "";
  ui.reasonCode.textContent = SamReasonSchema.value[verdict.reason]?.name ?? String(verdict.reason);
  ui.verdict.hidden = false;
}

function showSettlement(settlement: SamLocServiceSettleRoundResponse): void {
  setWords(ui.outcome, describeOutcome(settlement.outcome, settlement.winner));
  ui.outcome.dataset["outcome"] = String(settlement.outcome);
  ui.outcome.dataset["winner"] = settlement.winner === undefined ? "" : String(settlement.winner);
  ui.transfers.replaceChildren(
    ...settlement.transfers.map((transfer) => {
      const line = row("transfer", [
        seatName(transfer.fromSeat),
        seatName(transfer.toSeat),
        String(transfer.amount),
        describeTransferReason(transfer.reason),
      ]);
      line.dataset["from"] = String(transfer.fromSeat);
      line.dataset["to"] = String(transfer.toSeat);
      line.dataset["amount"] = String(transfer.amount);
      line.dataset["reason"] = transfer.reason;
      return line;
    }),
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

function words(en: string, vi: string): Words {
  return { en, vi };
}

function logVerdict(seat: number, verdict: SamLocServiceValidatePlayResponse): void {
  log(describeAction(seat, verdict.combination));
  for (const event of verdict.events) {
    log(describeEvent(event));
  }
}

function log(text: Words): void {
  const item = document.createElement("li");
  setWords(item, text);
  ui.log.append(item);
}

// The status line also carries the phase and the number of accepted actions as data attributes: a script
// driving the page (tests/docs/test_browser_example.py) waits on them instead of guessing with timers.
function setPhase(phase: Phase, text: Words): void {
  ui.status.dataset["phase"] = phase;
  ui.status.dataset["actions"] = String(hand?.actions.length ?? 0);
  setWords(ui.status, text);
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
    setPhase(
      "error",
      words(
        "Stopped by an error (below). Check the service URL and deal again.",
        "Dừng vì lỗi (bên dưới). Kiểm tra địa chỉ dịch vụ rồi chia lại.",
      ),
    );
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
