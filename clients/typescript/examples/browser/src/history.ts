// The hand-history viewer: load a round record (a file, a paste, a vector link or a URL), choose whom to replay it
// for, and step through the service's ReplayRound answer: each action, its events and the table after it, then
// the settlement. The page only draws; the replay, the redaction for the viewer and the money are the service's.
import { type JsonValue, fromJson, toJsonString } from "@bufbuild/protobuf";
import {
  LiengRoundRecordSchema,
  LiengServiceReplayRoundResponseSchema,
  RulesError,
  SamLocServiceReplayRoundResponseSchema,
  SamRoundRecordSchema,
  type Viewer,
  createLiengClient,
  createSamLocClient,
  viewers,
} from "@cardrules/client/web";
import type { Words } from "./describe.js";
import { type Frame, element } from "./history-frames.js";
import { liengFrames, liengSettlement } from "./history-lieng.js";
import { type FoundRecord, findRecords, seatCount, withCardsAsJson } from "./history-load.js";
import { samFrames } from "./history-sam.js";
import { samSettlement } from "./sam-table.js";
import { cardElement } from "./cards.js";
import { byId, setWords } from "./show.js";

/** The gRPC-Web URL of the local front (`bash deploy/local/up.sh`). */
const DEFAULT_FRONT = "http://127.0.0.1:8080";
// Longer than the SDK's 2 s default: the longest record replays 242 actions.
const CALL_TIMEOUT_MS = 10000;
// The vector files the build copies next to the page (scripts/copy-records.mjs), e.g. `sam_loc/replay.json`.
const VECTOR_PATH = /^[a-z_]+\/[a-z_]+\.json$/;

type Phase = "idle" | "loading" | "ready" | "error";

const ui = {
  front: byId<HTMLInputElement>("front"),
  file: byId<HTMLInputElement>("record-file"),
  text: byId<HTMLTextAreaElement>("record-text"),
  loadText: byId<HTMLButtonElement>("load-text"),
  pickRow: byId("record-pick-row"),
  pick: byId<HTMLSelectElement>("record-pick"),
  viewer: byId<HTMLSelectElement>("viewer"),
  status: byId("status"),
  error: byId("error"),
  replay: byId("replay"),
  title: byId("record-title"),
  first: byId<HTMLButtonElement>("first"),
  back: byId<HTMLButtonElement>("back"),
  forward: byId<HTMLButtonElement>("forward"),
  last: byId<HTMLButtonElement>("last"),
  position: byId("position"),
  frame: byId("frame"),
  action: byId("frame-action"),
  resolved: byId("frame-resolved"),
  events: byId("frame-events"),
  table: byId("frame-table"),
  settlement: byId("settlement"),
  settlementBody: byId("settlement-body"),
  json: byId<HTMLDetailsElement>("json"),
  jsonRecord: byId("json-record"),
  jsonAnswer: byId("json-answer"),
};

const params = new URLSearchParams(location.search);
let records: FoundRecord[] = [];
let frames: Frame[] = [];
let settlement: (() => HTMLElement) | undefined;
let position = 0;

ui.front.value = params.get("front") ?? DEFAULT_FRONT;
ui.file.addEventListener("change", () => {
  const file = ui.file.files?.[0];
  if (file !== undefined) void guarded(async () => offer(findRecords(await file.text(), file.name), undefined));
});
ui.loadText.addEventListener("click", () => void guarded(async () => offer(findRecords(ui.text.value, "the pasted record"), undefined)));
ui.pick.addEventListener("change", () => void guarded(() => replay(true)));
ui.viewer.addEventListener("change", () => void guarded(() => replay(false)));
ui.first.addEventListener("click", () => show(0));
ui.back.addEventListener("click", () => show(position - 1));
ui.forward.addEventListener("click", () => show(position + 1));
ui.last.addEventListener("click", () => show(frames.length - 1));
document.addEventListener("keydown", (event) => {
  const target = event.target as HTMLElement | null;
  if (frames.length === 0 || target?.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
  const to = { ArrowLeft: position - 1, ArrowRight: position + 1, Home: 0, End: frames.length - 1 }[event.key];
  if (to !== undefined) {
    event.preventDefault();
    show(to);
  }
});
// A link to another case of the same file changes only the part after #: the page is not loaded again.
window.addEventListener("hashchange", () => {
  const name = decodeURIComponent(location.hash.slice(1));
  const index = records.findIndex((record) => record.title === name);
  if (index >= 0) {
    ui.pick.value = String(index);
    void guarded(() => replay(true));
  }
});
void guarded(fromAddress);

/** `?vector=sam_loc/replay.json#case name` or `?record=URL` loads a record at once; `?viewer=` picks the viewer. */
async function fromAddress(): Promise<void> {
  const vector = params.get("vector");
  const url = params.get("record");
  if (vector === null && url === null) {
    setPhase("idle", words("Choose a round record to replay.", "Chọn một biên bản ván để xem lại."));
    return;
  }
  let source: string;
  if (vector !== null) {
    if (!VECTOR_PATH.test(vector)) {
      throw new Error(`vector= names a vector file such as sam_loc/replay.json, not ${JSON.stringify(vector)}`);
    }
    source = `dist/vectors/${vector}`;
  } else {
    source = url ?? "";
  }
  setPhase("loading", words(`Loading ${vector ?? url}…`, `Đang tải ${vector ?? url}…`));
  const answer = await fetch(source);
  if (!answer.ok) throw new Error(`${source}: HTTP ${answer.status}`);
  offerSync(findRecords(await answer.text(), vector ?? url ?? ""), decodeURIComponent(location.hash.slice(1)) || undefined);
  await replay(true);
}

async function offer(found: FoundRecord[], name: string | undefined): Promise<void> {
  offerSync(found, name);
  await replay(true);
}

/** Fill the record picker (shown only when the file holds more than one record) and select `name` if given. */
function offerSync(found: FoundRecord[], name: string | undefined): void {
  records = found;
  ui.pick.replaceChildren(
    ...found.map((record, index) => {
      const option = element("option");
      option.value = String(index);
      option.textContent = `${record.game === "sam_loc" ? "Sâm Lốc" : "Liêng"}: ${record.title}`;
      return option;
    }),
  );
  const wanted = name === undefined ? 0 : found.findIndex((record) => record.title === name);
  if (wanted < 0) throw new Error(`no record named ${JSON.stringify(name)} in this file`);
  ui.pick.value = String(wanted);
  ui.pickRow.hidden = found.length < 2;
}

/** Ask the service to replay the chosen record for the chosen viewer, then show its first frame. */
async function replay(newRecord: boolean): Promise<void> {
  const record = records[Number(ui.pick.value)];
  if (record === undefined) return;
  if (newRecord) fillViewers(record);
  const viewer = chosenViewer();
  setPhase("loading", words("Replaying the record…", "Đang diễn lại ván…"));
  ui.jsonRecord.textContent = JSON.stringify(record.round, null, 2);
  const json = withCardsAsJson(record) as JsonValue;
  if (record.game === "sam_loc") {
    const round = fromJson(SamRoundRecordSchema, json);
    const answer = await createSamLocClient(ui.front.value, { timeoutMs: CALL_TIMEOUT_MS }).replayRound({ round, viewer });
    frames = samFrames(answer, round.actions);
    const done = answer.settlement;
    settlement = done === undefined ? undefined : () => samSettlement(done, round.stake);
    ui.jsonAnswer.textContent = toJsonString(SamLocServiceReplayRoundResponseSchema, answer, { prettySpaces: 2 });
  } else {
    const round = fromJson(LiengRoundRecordSchema, json);
    const answer = await createLiengClient(ui.front.value, { timeoutMs: CALL_TIMEOUT_MS }).replayRound({ round, viewer });
    frames = liengFrames(answer, round.actions);
    const done = answer.settlement;
    settlement = done === undefined ? undefined : () => liengSettlement(done);
    ui.jsonAnswer.textContent = toJsonString(LiengServiceReplayRoundResponseSchema, answer, { prettySpaces: 2 });
  }
  const game = record.game === "sam_loc" ? words("Sâm Lốc", "Sâm Lốc") : words("Liêng", "Liêng");
  const seats = seatCount(record);
  setWords(ui.title, words(`${game.en}, ${seats} players: ${record.title}`, `${game.vi}, ${seats} người`));
  ui.replay.hidden = false;
  ui.error.hidden = true;
  show(0);
  // Off the pickers, so that ← and → step through the hand rather than change the record or the viewer.
  ui.frame.focus({ preventScroll: true });
}

/**
 * The viewer picker: the audit view, a spectator, every seat. Selected: on the first record the address's viewer
 * (`?viewer=`), then the one the file names for this record, then the one picked before, then the audit view.
 */
function fillViewers(record: FoundRecord): void {
  const asked = ui.viewer.options.length === 0 ? params.get("viewer") : null;
  const before = asked ?? viewerKey(record.viewer) ?? (ui.viewer.value || "audit");
  const options: [string, Words][] = [
    ["audit", words("Audit: every card", "Kiểm tra: mọi lá bài")],
    ["spectator", words("Spectator: public cards only", "Người xem: chỉ bài công khai")],
    ...Array.from({ length: seatCount(record) }, (_, seat): [string, Words] => [
      `seat:${seat}`,
      words(`Seat ${seat}: its own cards`, `Ghế ${seat}: bài của ghế đó`),
    ]),
  ];
  ui.viewer.replaceChildren(
    ...options.map(([value, text]) => {
      const option = element("option");
      option.value = value;
      option.textContent = `${text.en} · ${text.vi}`;
      return option;
    }),
  );
  ui.viewer.value = options.some(([value]) => value === before) ? before : "audit";
}

function viewerKey(viewer: { readonly [key: string]: unknown } | undefined): string | undefined {
  if (viewer === undefined) return undefined;
  if (typeof viewer["seat"] === "number") return `seat:${viewer["seat"]}`;
  return "spectator" in viewer ? "spectator" : "audit" in viewer ? "audit" : undefined;
}

function chosenViewer(): Viewer {
  const value = ui.viewer.value;
  if (value.startsWith("seat:")) return viewers.seat(Number(value.slice(5)));
  return value === "spectator" ? viewers.spectator() : viewers.audit();
}

/** Draw frame `to` (clamped to the hand): its action, events and table; the settlement on the last one. */
function show(to: number): void {
  if (frames.length === 0) return;
  position = Math.min(Math.max(to, 0), frames.length - 1);
  const frame = frames[position] as Frame;
  const actions = frames.filter((candidate) => candidate.kind === "action").length;
  ui.frame.dataset["kind"] = frame.kind;
  ui.frame.dataset["index"] = frame.index === undefined ? "" : String(frame.index);
  const where =
    frame.kind === "start" && actions === 0
      ? words("The deal (no action was played)", "Chia bài (không có nước đi nào)")
      : frame.kind === "start"
        ? words(`The deal (before action 1 of ${actions})`, `Chia bài (trước nước 1/${actions})`)
        : frame.kind === "action"
          ? words(`Action ${(frame.index ?? 0) + 1} of ${actions}`, `Nước ${(frame.index ?? 0) + 1}/${actions}`)
          : frame.kind === "settlement"
            ? words("The end: settlement", "Kết thúc: tính tiền")
            : words("The end: the replay stopped", "Kết thúc: dừng diễn lại");
  setWords(ui.position, where);
  ui.position.dataset["position"] = String(position);
  ui.position.dataset["frames"] = String(frames.length);
  said(ui.action, frame.action);
  ui.resolved.hidden = frame.resolved === undefined;
  if (frame.resolved !== undefined) said(ui.resolved, frame.resolved);
  else ui.resolved.replaceChildren();
  ui.events.replaceChildren(
    ...frame.events.map((event) => {
      const item = element("li", "", "event");
      item.dataset["kind"] = String(event.kind);
      setWords(item, event.text);
      return item;
    }),
  );
  ui.events.hidden = frame.events.length === 0;
  ui.table.replaceChildren(frame.table());
  const atEnd = position === frames.length - 1;
  ui.settlement.hidden = !(atEnd && settlement !== undefined);
  if (atEnd && settlement !== undefined) ui.settlementBody.replaceChildren(settlement());
  ui.first.disabled = ui.back.disabled = position === 0;
  ui.forward.disabled = ui.last.disabled = atEnd;
  setPhase(
    "ready",
    words("Step with ← and → (Home, End), or the buttons.", "Dùng phím ← → (Home, End) hoặc các nút để xem từng nước."),
  );
}

function said(target: HTMLElement, what: Frame["action"]): void {
  const text = element("span");
  setWords(text, what.text);
  target.replaceChildren(text);
  if (what.cards !== undefined && what.cards.length > 0) {
    const cards = element("span", "cards played");
    cards.append(...what.cards.map((code) => cardElement(code, "span")));
    target.append(cards);
  }
}

function words(en: string, vi: string): Words {
  return { en, vi };
}

// The status line carries the phase as a data attribute: a script driving the page waits on it.
function setPhase(phase: Phase, text: Words): void {
  ui.status.dataset["phase"] = phase;
  setWords(ui.status, text);
}

/** Run a load or a replay; a failure is shown in words, never swallowed. */
async function guarded(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    ui.error.textContent =
      error instanceof RulesError
        ? `The service refused the record or could not be reached: ${error.message}`
        : `Could not show the record: ${error instanceof Error ? error.message : String(error)}`;
    ui.error.hidden = false;
    setPhase("error", words("Stopped by an error (below).", "Dừng vì lỗi (bên dưới)."));
  }
}
