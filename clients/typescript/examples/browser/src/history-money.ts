// The money part of a settlement, the same for both games: who paid whom and why, each seat's net, the fee.
import { SEAT_NUMBERS, type SeatNames, type Words, seatName } from "./describe.js";
import { element } from "./history-frames.js";
import { row, setWords } from "./show.js";

const words = (en: string, vi: string): Words => ({ en, vi });

/** A whole number of money units, grouped: 20,000. */
export function money(amount: bigint): string {
  return amount.toLocaleString("en-US");
}

export interface ShownTransfer {
  readonly from: number;
  readonly to: number;
  readonly amount: bigint;
  readonly reason: string;
  readonly why: Words;
}

/** Who paid whom, how much and why: one row per transfer. */
export function transfersTable(
  transfers: readonly ShownTransfer[],
  unit: Words,
  names: SeatNames = SEAT_NUMBERS,
): HTMLTableElement {
  const table = element("table", "", "transfers");
  const caption = element("caption");
  setWords(caption, words(`Transfers (${unit.en})`, `Chuyển tiền (${unit.vi})`));
  const head = headRow([
    words("From", "Người trả"),
    words("To", "Người nhận"),
    words("Amount", "Số tiền"),
    words("Why", "Lý do"),
  ]);
  const body = element("tbody");
  body.append(
    ...transfers.map((transfer) => {
      const line = row("transfer", [seatName(transfer.from, names), seatName(transfer.to, names), money(transfer.amount), transfer.why]);
      line.dataset["from"] = String(transfer.from);
      line.dataset["to"] = String(transfer.to);
      line.dataset["amount"] = String(transfer.amount);
      line.dataset["reason"] = transfer.reason;
      line.cells[2]?.classList.add("amount");
      return line;
    }),
  );
  if (transfers.length === 0) {
    const none = element("td");
    none.colSpan = 4;
    setWords(none, words("No money changed hands.", "Không ai trả ai."));
    const line = element("tr");
    line.append(none);
    body.append(line);
  }
  table.append(caption, head, body);
  return table;
}

/** Each seat's net result (after its fee), signed, winners in green and losers in red. */
export function netsTable(
  nets: readonly bigint[],
  fees: readonly bigint[],
  names: SeatNames = SEAT_NUMBERS,
): HTMLTableElement {
  const table = element("table", "", "nets");
  const caption = element("caption");
  setWords(caption, words("Net result per seat", "Thắng thua mỗi ghế"));
  const head = headRow([words("Seat", "Ghế"), words("Net", "Tổng"), words("Fee paid", "Phí")]);
  const body = element("tbody");
  body.append(
    ...nets.map((net, seat) => {
      const signed = net > 0n ? `+${money(net)}` : money(net);
      const line = row("net", [seatName(seat, names), signed, money(fees[seat] ?? 0n)]);
      line.dataset["seat"] = String(seat);
      line.dataset["net"] = String(net);
      line.cells[1]?.classList.add("amount", net > 0n ? "won" : net < 0n ? "lost" : "even");
      line.cells[2]?.classList.add("amount");
      return line;
    }),
  );
  table.append(caption, head, body);
  return table;
}

/** "House fee: 1,200". */
export function feeLine(fee: bigint): HTMLElement {
  const line = element("p", "fee");
  const label = element("span", "label");
  setWords(label, words("House fee", "Phí nhà cái"));
  const amount = element("strong", "", "fee");
  amount.textContent = money(fee);
  line.append(label, ": ", amount);
  return line;
}

function headRow(titles: readonly Words[]): HTMLTableSectionElement {
  const head = element("thead");
  const line = element("tr");
  line.append(
    ...titles.map((title) => {
      const cell = element("th");
      cell.scope = "col";
      setWords(cell, title);
      return cell;
    }),
  );
  head.append(line);
  return head;
}
