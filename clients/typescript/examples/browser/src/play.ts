// The page against the bots: you hold seat 0, three bots of the level you chose hold the others. The seed deals the
// hand (the service's Deal), then each seat in turn from the leader may declare Sâm (you by a button, a bot by
// Suggest), then the hand plays to its end: you pick your plays, each bot's play is the service's Suggest from that
// seat's own view, and ValidatePlay judges and applies every action. SettleRound says who pays whom. The page holds
// the whole table, as a backend does, and draws only what seat 0 may see.
import {
  BotLevel,
  RulesError,
  type SamLocClient,
  type SamLocServiceSettleRoundResponse,
  type SamLocServiceValidatePlayResponse,
  type SamMove,
  createSamLocClient,
  formatCard,
  parseHand,
  samActionFromMove,
} from "@cardrules/client/web";
import { LEVELS, botAction, botDeclares, decisionSeed, levelName } from "./bots.js";
import { cardFace, sortForDisplay } from "./cards.js";
import { handButtons, moveButtons } from "./choose.js";
import { deal, leaderOf } from "./deal.js";
import {
  PLAYER,
  PLAYER_NAMES,
  type Words,
  describeAction,
  describeEvent,
  describeInstantWin,
  describeNet,
  describePayment,
  seatName,
} from "./describe.js";
import { type SamActionInit, STAKE, SamHand } from "./game.js";
import { samSettlement, samTable } from "./sam-table.js";
import { byId, setWords } from "./show.js";

/** The gRPC-Web URL of the local front (`bash deploy/local/up.sh`). */
const DEFAULT_FRONT = "http://127.0.0.1:8080";
const SEATS = 4;
// Long enough to see whose turn it is before the bot's cards land on the table.
const DEFAULT_BOT_DELAY_MS = 700;
// Longer than the SDK's 2 s default: a page may be served far from the service, and the strong bot searches.
const CALL_TIMEOUT_MS = 5000;
// The public part of the deal's inputs (docs/fair-deal.md): the seed is the server seed, so anyone can redeal it.
const CLIENT_SEED = "cardrules: play against the bots";
const SERVER_SEED_BYTES = 32;

type Phase = "idle" | "dealing" | "declare" | "your-turn" | "bots" | "settling" | "settled" | "error";

const params = new URLSearchParams(location.search);
const botDelayMs = Math.max(0, Number(params.get("delay") ?? DEFAULT_BOT_DELAY_MS) || 0);

const ui = {
  setupFields: byId<HTMLFieldSetElement>("setup-fields"),
  controls: byId<HTMLFieldSetElement>("controls"),
  front: byId<HTMLInputElement>("front"),
  level: byId<HTMLSelectElement>("level"),
  seed: byId<HTMLInputElement>("seed"),
  status: byId("status"),
  error: byId("error"),
  game: byId("game"),
  bots: byId("bots"),
  table: byId("table"),
  declare: byId("declare"),
  hand: byId("hand"),
  playSelected: byId<HTMLButtonElement>("play-selected"),
  pass: byId<HTMLButtonElement>("pass"),
  hint: byId<HTMLButtonElement>("hint"),
  hintText: byId("hint-text"),
  verdict: byId("verdict"),
  reasonMessage: byId("reason-message"),
  reasonMessageVi: byId("reason-message-vi"),
  legalMoves: byId("legal-moves"),
  log: byId("log"),
  settlement: byId("settlement"),
  result: byId("result"),
  payments: byId("payments"),
  settlementBody: byId("settlement-body"),
};

/** One hand against the bots: the deal, the declarations so far, then the hand itself once it has started. */
interface Table {
  readonly sam: SamLocClient;
  readonly level: BotLevel;
  readonly seed: bigint;
  readonly hands: readonly string[][];
  readonly leader: number;
  /** The seats still to say whether they declare Sâm, in order from the leader (none once a seat declared). */
  toDeclare: number[];
  readonly declarations: number[];
  /** How many bot decisions were asked so far: each gets its own seed. */
  decisions: number;
  hand: SamHand | undefined;
  /** The seat that acted last, marked on the table. */
  lastActor: number | undefined;
}

let table: Table | undefined;
let selected = new Set<string>();
let busy = false;

ui.front.value = params.get("front") ?? DEFAULT_FRONT;
for (const { level, name } of LEVELS) {
  const option = document.createElement("option");
  option.value = String(level);
  option.textContent = `${name.vi} · ${name.en}`;
  ui.level.append(option);
}
// ?level=basic, standard or strong.
const asked = LEVELS.find(({ level }) => BotLevel[level] === params.get("level")?.toUpperCase());
ui.level.value = String(asked?.level ?? BotLevel.STANDARD);
ui.seed.value = params.get("seed") ?? String(Math.floor(Math.random() * 1_000_000));

byId<HTMLFormElement>("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  void guarded(newHand);
});
byId("declare-yes").addEventListener("click", () => void guarded(() => playerDeclares(true)));
byId("declare-no").addEventListener("click", () => void guarded(() => playerDeclares(false)));
ui.playSelected.addEventListener("click", () => {
  const cards = parseHand([...selected]);
  void guarded(() => playerActs({ seat: PLAYER, action: { case: "play", value: cards } }));
});
ui.pass.addEventListener("click", () => {
  void guarded(() => playerActs({ seat: PLAYER, action: { case: "pass", value: {} } }));
});
ui.hint.addEventListener("click", () => void guarded(suggestToPlayer));

async function newHand(): Promise<void> {
  const seedText = ui.seed.value.trim();
  if (!/^\d{1,18}$/.test(seedText)) {
    throw new Error("the seed is a whole number from 0 (Hạt giống là số nguyên từ 0)");
  }
  const seed = BigInt(seedText);
  const level = Number(ui.level.value) as BotLevel;
  const sam = createSamLocClient(ui.front.value, { timeoutMs: CALL_TIMEOUT_MS });
  selected = new Set();
  table = undefined;
  ui.log.replaceChildren();
  ui.settlement.hidden = true;
  ui.verdict.hidden = true;
  ui.hintText.hidden = true;
  ui.error.hidden = true;
  ui.game.hidden = false;
  const name = levelName(level);
  setWords(ui.bots, words(`Seats 1, 2 and 3 are bots (${name.en}).`, `Ghế 1, 2 và 3 là máy (mức ${name.vi}).`));
  setPhase("dealing", words(`Dealing with seed ${seed}…`, `Đang chia bài với hạt giống ${seed}…`));
  const dealt = await deal(sam, { serverSeed: serverSeedOf(seed), clientSeed: CLIENT_SEED, nonce: 0n, seats: SEATS });
  const leader = leaderOf(seed, SEATS);
  const order = Array.from({ length: SEATS }, (_, step) => (leader + step) % SEATS);
  table = {
    sam,
    level,
    seed,
    hands: dealt.hands,
    leader,
    toDeclare: order,
    declarations: [],
    decisions: 0,
    hand: undefined,
    lastActor: undefined,
  };
  const who = seatName(leader);
  const are = leader === PLAYER ? "are" : "is";
  log(
    words(`Dealt. ${who.en} ${are} first to say whether to declare Sâm.`, `Đã chia. ${who.vi} nói trước có báo Sâm không.`),
  );
  await declareInTurn(table);
}

/** The deal's server seed from the page's seed: its 8 bytes, big-endian, at the end of 32 bytes. */
function serverSeedOf(seed: bigint): Uint8Array {
  const bytes = new Uint8Array(SERVER_SEED_BYTES);
  new DataView(bytes.buffer).setBigUint64(SERVER_SEED_BYTES - 8, seed);
  return bytes;
}

/** Each seat in turn from the leader says whether it declares Sâm, until one does; the first declaration counts. */
async function declareInTurn(current: Table): Promise<void> {
  let seat = current.toDeclare[0];
  while (seat !== undefined && seat !== PLAYER) {
    current.toDeclare.shift();
    const hand = current.hands[seat] ?? [];
    const seed = decisionSeed(current.seed, current.decisions++);
    const { choice, explanation } = await botDeclares(current.sam, hand, SEATS, current.level, seed);
    logDeclaration(seat, choice, explanation, seed);
    if (choice) {
      current.declarations.push(seat);
      current.toDeclare = [];
    }
    seat = current.toDeclare[0];
  }
  if (seat === PLAYER) {
    render(current, []);
    setPhase("declare", words("Declare Sâm, or play normally?", "Báo Sâm hay chơi thường?"));
    return;
  }
  await startPlay(current);
}

async function playerDeclares(declare: boolean): Promise<void> {
  const current = requireTable();
  if (current.toDeclare[0] !== PLAYER) return;
  current.toDeclare.shift();
  logDeclaration(PLAYER, declare, undefined);
  if (declare) {
    current.declarations.push(PLAYER);
    current.toDeclare = [];
  }
  await declareInTurn(current);
}

function logDeclaration(seat: number, declares: boolean, explanation: Words | undefined, seed?: bigint): void {
  const who = seatName(seat);
  const line = log(
    declares
      ? words(`${who.en} declared Sâm.`, `${who.vi} báo Sâm.`)
      : words(`${who.en} did not declare Sâm.`, `${who.vi} không báo Sâm.`),
  );
  line.dataset["testid"] = "declaration";
  line.dataset["seat"] = String(seat);
  line.dataset["declares"] = String(declares);
  if (seed !== undefined) line.dataset["seed"] = String(seed);
  explain(line, explanation);
}

/** StartHand with the declarations: instant wins are found here, and the first table state comes back. */
async function startPlay(current: Table): Promise<void> {
  const hand = new SamHand(current.sam, current.hands, current.leader, current.declarations, true);
  current.hand = hand;
  const start = await hand.start();
  if (start.state === undefined) {
    log(describeInstantWin(start.instantWinner, start.instantWin));
  } else {
    const who = seatName(start.state.turn);
    log(words(`${who.en} ${start.state.turn === PLAYER ? "lead" : "leads"}.`, `${who.vi} đi trước.`));
  }
  await advance(current, hand);
}

/** Let the bots play until it is your turn or the hand is over. */
async function advance(current: Table, hand: SamHand): Promise<void> {
  while (hand.running && hand.turn !== PLAYER) {
    const seat = hand.turn;
    const who = seatName(seat);
    setPhase("bots", words(`${who.en} is thinking…`, `${who.vi} đang nghĩ…`));
    render(current, []);
    await pause(botDelayMs);
    const view = hand.viewOf(seat);
    if (view === undefined) throw new Error(`the service sent no view for seat ${seat}`);
    const seed = decisionSeed(current.seed, current.decisions++);
    const { choice, explanation } = await botAction(current.sam, view, hand.actions, current.level, seed);
    const verdict = await hand.act(choice);
    if (!verdict.legal) {
      throw new Error(`the service refused its own suggestion: ${verdict.message?.en ?? verdict.reason}`);
    }
    current.lastActor = seat;
    explain(logVerdict(seat, verdict, seed), explanation);
  }
  if (hand.running) {
    render(current, await hand.legalMoves());
    setPhase(
      "your-turn",
      words("Your turn: pick cards or a legal move.", "Đến lượt bạn: chọn bài hoặc một nước đi hợp lệ."),
    );
    return;
  }
  render(current, []);
  setPhase("settling", words("The hand is over: settling…", "Ván đã xong: đang tính tiền…"));
  showSettlement(await hand.settle());
  ui.seed.value = String(current.seed + 1n);
  setPhase("settled", words("Settled. Deal again for the next hand.", "Đã tính tiền. Chia tiếp ván sau."));
}

/**
 * "Suggest a move": what a bot of the chosen level would play in your seat, from your view, picked in your hand for
 * you to play or change. It takes the seed the next bot decision will take, and uses none up: a hint never changes
 * what the bots do.
 */
async function suggestToPlayer(): Promise<void> {
  const current = requireTable();
  const view = current.hand?.viewOf(PLAYER);
  if (current.hand === undefined || view === undefined) return;
  const seed = decisionSeed(current.seed, current.decisions);
  const { choice, explanation } = await botAction(current.sam, view, current.hand.actions, current.level, seed);
  const cards = choice.action.case === "play" ? choice.action.value.cards.map(formatCard) : [];
  selected = new Set(cards);
  const faces = facesOfCodes(cards);
  const said =
    cards.length > 0
      ? words(`Suggested: play ${faces}.`, `Gợi ý: đánh ${faces}.`)
      : words("Suggested: pass.", "Gợi ý: bỏ lượt.");
  const why = explanation === undefined ? said : words(`${said.en} ${explanation.en}`, `${said.vi} ${explanation.vi}`);
  setWords(ui.hintText, why);
  ui.hintText.dataset["move"] = cards.length > 0 ? sortForDisplay(cards).join(" ") : "pass";
  ui.hintText.dataset["seed"] = String(seed);
  ui.hintText.hidden = false;
  ui.verdict.hidden = true;
  render(current, await current.hand.legalMoves());
  setPhase(
    "your-turn",
    cards.length > 0
      ? words("Your turn: the suggested cards are picked in your hand.", "Đến lượt bạn: các lá gợi ý đã được chọn sẵn.")
      : words("Your turn: the suggestion is to pass.", "Đến lượt bạn: gợi ý là bỏ lượt."),
  );
}

async function playerActs(action: SamActionInit): Promise<void> {
  const current = requireTable();
  const hand = current.hand;
  if (hand === undefined) return;
  const verdict = await hand.act(action);
  if (!verdict.legal) {
    ui.reasonMessage.textContent = verdict.message?.en ?? "";
    ui.reasonMessageVi.textContent = verdict.message?.vi ?? "";
    ui.verdict.hidden = false;
    setPhase("your-turn", words("Refused: try another play.", "Không hợp lệ: thử nước khác."));
    return;
  }
  ui.verdict.hidden = true;
  ui.hintText.hidden = true;
  selected = new Set();
  current.lastActor = PLAYER;
  logVerdict(PLAYER, verdict);
  await advance(current, hand);
}

/** Seat 0's view of the table, your cards as buttons, and your legal moves (none unless it is your turn). */
function render(current: Table, moves: readonly SamMove[]): void {
  const hand = current.hand;
  // Before StartHand (the declarations) and after an instant win there is no table state: only your dealt cards.
  const view = hand?.viewOf(PLAYER);
  ui.table.replaceChildren(hand === undefined ? beforePlay() : samTable(view, current.lastActor, PLAYER_NAMES));
  const mine = view?.seats[PLAYER]?.holding;
  const dealt = current.hands[PLAYER] ?? [];
  const codes = mine?.case === "hand" ? mine.value.cards.map(formatCard) : view === undefined ? [...dealt] : [];
  const yourTurn = hand !== undefined && hand.running && hand.turn === PLAYER;
  ui.hand.replaceChildren(
    ...handButtons(sortForDisplay(codes), selected, yourTurn, () => {
      ui.playSelected.disabled = selected.size === 0;
    }),
  );
  ui.legalMoves.replaceChildren(
    ...moveButtons(moves, (move) => void guarded(() => playerActs(samActionFromMove(PLAYER, move)))),
  );
  ui.playSelected.disabled = !yourTurn || selected.size === 0;
  ui.pass.disabled = !yourTurn;
  ui.hint.disabled = !yourTurn;
  ui.declare.hidden = current.toDeclare[0] !== PLAYER;
}

function beforePlay(): HTMLElement {
  const waiting = document.createElement("p");
  waiting.className = "hint";
  setWords(
    waiting,
    words(
      "The first card is played once every seat has said whether it declares Sâm.",
      "Ván bắt đầu khi mọi ghế đã nói có báo Sâm hay không.",
    ),
  );
  return waiting;
}

/** The outcome and your result in a sentence, who pays whom in sentences, then the service's tables. */
function showSettlement(settlement: SamLocServiceSettleRoundResponse): void {
  setWords(ui.result, describeNet(PLAYER, settlement.nets[PLAYER] ?? 0n));
  ui.result.dataset["net"] = String(settlement.nets[PLAYER] ?? 0n);
  ui.payments.replaceChildren(
    ...settlement.transfers.map((transfer) => {
      const item = document.createElement("li");
      setWords(item, describePayment(transfer.fromSeat, transfer.toSeat, transfer.amount, transfer.reason));
      item.dataset["testid"] = "payment";
      return item;
    }),
  );
  const body = samSettlement(settlement, STAKE, PLAYER_NAMES);
  const outcome = body.querySelector<HTMLElement>('[data-testid="outcome"]');
  if (outcome !== null) {
    outcome.dataset["outcome"] = String(settlement.outcome);
    outcome.dataset["winner"] = settlement.winner === undefined ? "" : String(settlement.winner);
  }
  ui.settlementBody.replaceChildren(body);
  ui.settlement.hidden = false;
}

function facesOfCodes(codes: readonly string[]): string {
  return sortForDisplay(codes).map(cardFace).join(" ");
}

function words(en: string, vi: string): Words {
  return { en, vi };
}

// Each accepted action's line carries the seat, the cards (or "pass") and, for a bot, the seed of its Suggest, so a
// script can rebuild the round record and ask Suggest the same questions.
function logVerdict(seat: number, verdict: SamLocServiceValidatePlayResponse, seed?: bigint): HTMLLIElement {
  const line = log(describeAction(seat, verdict.combination));
  const cards = verdict.combination?.cards.map(formatCard) ?? [];
  line.dataset["testid"] = "action";
  line.dataset["seat"] = String(seat);
  line.dataset["move"] = cards.length > 0 ? sortForDisplay(cards).join(" ") : "pass";
  if (seed !== undefined) line.dataset["seed"] = String(seed);
  for (const event of verdict.events) {
    log(describeEvent(event));
  }
  return line;
}

/** What the bot's search said about its choice, under the line of that choice. */
function explain(line: HTMLLIElement, explanation: Words | undefined): void {
  if (explanation === undefined) return;
  const why = document.createElement("span");
  why.className = "why";
  why.dataset["testid"] = "explanation";
  setWords(why, explanation);
  line.append(why);
}

function log(text: Words): HTMLLIElement {
  const item = document.createElement("li");
  setWords(item, text);
  ui.log.append(item);
  return item;
}

// The status line carries the phase and the number of accepted actions as data attributes: a script driving the
// page (tests/docs/test_play_against_bots.py) waits on them instead of guessing with timers.
function setPhase(phase: Phase, text: Words): void {
  ui.status.dataset["phase"] = phase;
  ui.status.dataset["actions"] = String(table?.hand?.actions.length ?? 0);
  setWords(ui.status, text);
}

/** Run one step of the page; while it runs every control is off, and a failure is shown, not swallowed. */
async function guarded(step: () => Promise<void>): Promise<void> {
  if (busy) return;
  busy = true;
  ui.status.dataset["busy"] = "true";
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

function requireTable(): Table {
  if (table === undefined) throw new Error("no hand has been dealt");
  return table;
}

function pause(ms: number): Promise<void> {
  return ms === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
