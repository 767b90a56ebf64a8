// One Sâm hand played against the rules service. The page never judges a play itself: StartHand checks the deal,
// LegalMoves lists what a seat may do, ValidatePlay accepts or refuses each action and returns the next table
// state, and SettleRound replays the whole record to say who pays whom.
import {
  SamHandEnd,
  type SamLocClient,
  type SamLocServiceSettleRoundResponse,
  type SamLocServiceStartHandResponse,
  type SamLocServiceValidatePlayResponse,
  type SamMove,
  type SamTableState,
  type Viewer,
  parseHand,
  samActionFromMove,
  viewers,
} from "@cardrules/client/web";

/** An action as ValidatePlay takes it: `{ seat, action: { case: "play", value: { cards } } }` or a pass. */
export type SamActionInit = NonNullable<Parameters<SamLocClient["validatePlay"]>[0]["action"]>;

/** One unit of money (s) of the settlement, in the table's smallest unit. */
export const STAKE = 1n;

export class SamHand {
  /** The table between two actions; undefined before the deal and after an instant win. */
  state: SamTableState | undefined;
  /** Every accepted action, in order: the record SettleRound replays. */
  readonly actions: SamActionInit[] = [];
  /** With `seatViews`: each seat's copy of the table after the last answer, as the service redacted it for that seat. */
  private views: readonly (SamTableState | undefined)[] = [];

  constructor(
    private readonly sam: SamLocClient,
    readonly hands: readonly string[][],
    readonly leader: number,
    /** Seats that declared Sâm (báo Sâm), in the order they declared. */
    readonly declarations: readonly number[] = [],
    /** Ask every answer for one view per seat (`viewOf`), for a page that shows each seat only its own view. */
    private readonly seatViews = false,
  ) {}

  /** Deal: the service checks instant wins and returns the first state (none on an instant win). */
  async start(): Promise<SamLocServiceStartHandResponse> {
    const response = await this.sam.startHand({
      hands: this.hands.map((hand) => parseHand(hand)),
      leader: this.leader,
      declarations: [...this.declarations],
      views: this.viewers(),
    });
    this.state = response.state;
    this.views = response.views.map((view) => view.answer?.state);
    return response;
  }

  /** Whether play goes on: the deal gave a state and no action has ended the hand. */
  get running(): boolean {
    return this.state !== undefined && this.state.ended === SamHandEnd.UNSPECIFIED;
  }

  /** The seat to act; only meaningful while the hand runs. */
  get turn(): number {
    return this.state?.turn ?? -1;
  }

  /** Every legal move of the seat to act (each one validates). */
  async legalMoves(): Promise<SamMove[]> {
    const response = await this.sam.legalMoves({ state: this.requireState() });
    return response.moves;
  }

  /** Ask the service about `action`; when legal, record it and move to the state it returned. */
  async act(action: SamActionInit): Promise<SamLocServiceValidatePlayResponse> {
    const verdict = await this.sam.validatePlay({ state: this.requireState(), action, views: this.viewers() });
    if (verdict.legal) {
      if (verdict.nextState === undefined) {
        throw new Error("the service accepted the action but sent no next state");
      }
      this.actions.push(action);
      this.state = verdict.nextState;
      this.views = verdict.views.map((view) => view.answer?.nextState);
    }
    return verdict;
  }

  /** A seat the page plays itself: it takes a legal move, preferring a play (the first listed) to passing. */
  async playAutomatically(): Promise<{ seat: number; verdict: SamLocServiceValidatePlayResponse }> {
    const moves = await this.legalMoves();
    const move = moves.find((candidate) => candidate.move.case === "play") ?? moves[0];
    if (move === undefined) {
      throw new Error(`the service listed no legal move for seat ${this.turn}`);
    }
    const seat = this.turn;
    return { seat, verdict: await this.act(samActionFromMove(seat, move)) };
  }

  /** The settlement of the finished hand, from the record of the deal and every action. */
  async settle(): Promise<SamLocServiceSettleRoundResponse> {
    return this.sam.settleRound({
      round: {
        stake: STAKE,
        hands: this.hands.map((hand) => parseHand(hand)),
        leader: this.leader,
        declarations: [...this.declarations],
        actions: this.actions,
      },
    });
  }

  /** The table as `seat` may see it after the last answer (its own hand, the others' counts); needs `seatViews`. */
  viewOf(seat: number): SamTableState | undefined {
    if (!this.seatViews) {
      throw new Error("this hand asks no views: construct it with seatViews");
    }
    return this.views[seat];
  }

  private viewers(): Viewer[] {
    return this.seatViews ? this.hands.map((_, seat) => viewers.seat(seat)) : [];
  }

  private requireState(): SamTableState {
    if (this.state === undefined) {
      throw new Error("no table state: the hand has not started or ended at the deal");
    }
    return this.state;
  }
}
