import { assess } from '../../src/core/policy/assess.js';
import type { Pack } from '../../src/core/policy/pack-schema.js';

/*
 * An independent, deliberately simple model of what penalties do to results in a Swiss event
 * and its top cut (issue #10). It imports nothing of the core's landing code: only `assess`, for the guideline
 * penalty the facts call for (the engine is checked on its own). Every rule of the seed's §1
 * and the spec's §4 timing table is written here once, in the order a judge would apply it.
 * The property test runs the core against it; a judge can review this file alone.
 *
 * Penalty ladder: caution < warning < duel-loss < match-loss < disqualification < DQ with loss of prizes.
 */

export const LADDER = [
  'caution',
  'warning',
  'duel-loss',
  'match-loss',
  'disqualification',
  'disqualification-forfeit-prizes',
] as const;
export type Penalty = (typeof LADDER)[number];
export type Phase = 'in-duel' | 'between-duels' | 'between-matches';

/**
 * Matches are best of three (two duel wins take it, at most three duels) or single duels (one
 * duel is the match: a drawn duel is a drawn match, and "the next duel" is the first duel of
 * the next match).
 */
export type BestOf = 1 | 3;

export interface Match {
  readonly round: number;
  readonly table: number;
  readonly players: readonly [string, string];
  /** Duel winners as reported ('draw' for a drawn duel), and the duel-loss penalties the report was made around. */
  report: { duels: string[]; aroundPenalties: number[] } | null;
}

/** Where a penalty takes effect. "next": the player's first match from round `from` on, once paired. */
export type Target =
  | { readonly kind: 'none' }
  | { readonly kind: 'duel'; readonly round: number; readonly table: number; readonly duel: number }
  | { readonly kind: 'match'; readonly round: number; readonly table: number }
  | { readonly kind: 'next'; readonly from: number };

export interface PenaltyRecord {
  readonly id: number;
  readonly player: string;
  readonly penalty: Penalty;
  readonly target: Target;
  rescinded: boolean;
}

export type Outcome =
  | { kind: 'pending' }
  | { kind: 'win'; winner: string }
  | { kind: 'draw' }
  | { kind: 'double-loss' };

export interface Report {
  readonly player: string;
  readonly infraction: string;
  readonly facts?: Record<string, number | boolean>;
  readonly phase: Phase;
  readonly matchAlreadyLost?: boolean;
  readonly duel?: number;
  readonly appliesTo?: 'next-match';
  readonly additional?: Penalty;
  readonly withoutEffect?: boolean;
}

export class LandingModel {
  readonly rounds: { number: number; matches: Match[]; byes: string[]; ended: boolean }[] = [];
  readonly penalties: PenaltyRecord[] = [];
  /** Drops on request; disqualifications are read from the penalties in force, so an appeal undoes them. */
  readonly dropped = new Set<string>();

  constructor(
    readonly pack: Pack,
    readonly players: readonly string[],
    readonly swissRounds: number,
    /** The top cut after the Swiss rounds (0: none). Its rounds are numbered on from the Swiss ones. */
    readonly topCut: number = 0,
    /** Duels a match is played to, in every round: one duel decides a single-duel match. */
    readonly bestOf: BestOf = 3,
  ) {}

  /** A top-cut round: single elimination, so a match must have a winner (no draw). */
  isCut(round: number): boolean {
    return round > this.swissRounds;
  }

  private get wins(): number {
    return this.bestOf === 1 ? 1 : 2;
  }

  // ---- the event as it runs ------------------------------------------------------------

  /** A round as it was paired (the pairings are an input of the model, not a rule of it). */
  paired(number: number, pairs: readonly (readonly [string, string])[], byes: readonly string[]): void {
    this.rounds.push({
      number,
      matches: pairs.map((players, i) => ({ round: number, table: i + 1, players, report: null })),
      byes: [...byes],
      ended: false,
    });
  }

  ended(round: number): void {
    const r = this.rounds.find((x) => x.number === round);
    if (r) r.ended = true;
  }

  /** A player may drop once; a disqualified player has already left. */
  drop(player: string): boolean {
    if (this.isOut(player)) return false;
    this.dropped.add(player);
    return true;
  }

  /** Dropped on request, or disqualified by a penalty in force (1-E, 1-F: the player leaves the tournament). */
  isOut(player: string): boolean {
    return (
      this.dropped.has(player) ||
      this.inForce().some(
        (p) =>
          p.player === player && (p.penalty === 'disqualification' || p.penalty === 'disqualification-forfeit-prizes'),
      )
    );
  }

  /** An appeal takes a penalty in force away; its effects go with it. */
  rescind(id: number): boolean {
    const p = this.penalties.find((x) => x.id === id);
    if (!p || p.rescinded) return false;
    p.rescinded = true;
    return true;
  }

  /** A report of the duels played: only for a match whose result is open, and only as many duels as the match has room for. */
  report(round: number, table: number, duels: string[], correction: boolean): boolean {
    const m = this.match(round, table);
    if (!m) return false;
    if (!correction && this.outcome(m).kind !== 'pending') return false;
    if (this.matchLosers(m).length > 0 && duels.length > 0) return false;
    if (this.layDuels(m, duels).unused > 0) return false;
    const before = m.report;
    m.report = { duels, aroundPenalties: this.duelPenaltyIds(m) };
    // An elimination match needs a winner: a report that leaves it drawn is refused.
    if (this.isCut(round) && this.outcome(m).kind === 'draw') {
      m.report = before;
      return false;
    }
    return true;
  }

  /** The shortest report of duels that gives `winner` the match (the penalty duels fill the rest). */
  winningReport(m: Match, winner: string): string[] {
    for (let k = 1; k <= (this.bestOf === 1 ? 1 : 3); k += 1) {
      const duels = Array.from({ length: k }, () => winner);
      const laid = this.layDuels(m, duels);
      if (laid.unused === 0 && (laid.wins[winner] ?? 0) >= this.wins) return duels;
    }
    return [winner];
  }

  // ---- issuing a penalty: the rules, in order ------------------------------------------

  /** The penalties a report makes (none when the judge's command must be refused). */
  issue(r: Report): PenaltyRecord[] | null {
    // 3-B: a decklist infraction exists only where decklists are required (never in this model's events).
    if (r.infraction === 'decklist-mismatch') return null;
    const inMatch = r.phase !== 'between-matches';
    const latest = this.rounds.at(-1);
    // In a duel or between duels the player is in a match: the unreported one of the running round.
    const current = inMatch ? this.currentMatch(r.player) : undefined;
    if (inMatch && !current) return null;
    // Spec §4: only a match being played can already be lost.
    if (!inMatch && r.matchAlreadyLost) return null;
    // Section 5: lateness counts from the latest round's seat time, so it needs a table there, in a round
    // still running, for a player still in the event (no round, an ended one, a bye, unpaired, left: refused).
    const seated = latest !== undefined && !latest.ended && latest.matches.some((m) => m.players.includes(r.player));
    if (r.infraction === 'tardiness' && (!seated || this.isOut(r.player))) return null;
    const alreadyLost = r.matchAlreadyLost === true || (current !== undefined && this.lostBy(current, r.player));
    const decision = assess(
      { infraction: r.infraction, phase: r.phase, ...(r.facts ? { facts: r.facts } : {}) },
      this.pack,
    );
    if (!decision.ok) return null;
    const guideline = decision.value.penalty;

    // With a penalty added, the judge's duel number and landing belong to it when the guideline one lands on no game.
    const firstAsked = !(r.additional !== undefined && (guideline === 'caution' || guideline === 'warning'));
    const first = this.land(r, guideline, current, alreadyLost, latest?.number ?? 0, firstAsked);
    if (!first) return null;
    const made: PenaltyRecord[] = [
      { id: this.penalties.length + 1, player: r.player, penalty: guideline, target: first, rescinded: false },
    ];
    if (r.additional !== undefined) {
      // Rules 7 and 10: one further penalty, only where the result was affected, above the guideline.
      if (!decision.value.additionalPenaltyAllowed) return null;
      if (LADDER.indexOf(r.additional) <= LADDER.indexOf(guideline)) return null;
      this.penalties.push(...made);
      const second = this.land(r, r.additional, current, alreadyLost, latest?.number ?? 0, true);
      this.penalties.splice(this.penalties.length - made.length, made.length);
      if (!second) return null;
      made.push({
        id: this.penalties.length + 2,
        player: r.player,
        penalty: r.additional,
        target: second,
        rescinded: false,
      });
    }
    this.penalties.push(...made);
    return made;
  }

  /**
   * Where one penalty lands (spec §4), or null when the command must be refused. `asked`: the
   * judge's duel number and "next match" choice belong to this penalty.
   */
  private land(
    r: Report,
    penalty: Penalty,
    current: Match | undefined,
    alreadyLost: boolean,
    latest: number,
    asked: boolean,
  ): Target | null {
    const duel = asked ? r.duel : undefined;
    const nextAsked = asked && r.appliesTo === 'next-match';
    const inMatch = r.phase !== 'between-matches';
    const noMatchLeft = (from: number): Target | null =>
      this.hasMatchLeft(r.player, from) ? { kind: 'next', from } : r.withoutEffect ? { kind: 'none' } : null;

    switch (penalty) {
      case 'caution':
      case 'warning':
        // 1-A, 1-B: no game is lost; a duel number or a landing means nothing here.
        return duel !== undefined || nextAsked ? null : { kind: 'none' };
      case 'duel-loss': {
        if (nextAsked) return null;
        if (!inMatch) {
          // 1-C between matches: the first duel of the next match that still has a duel to take.
          if (duel !== undefined) return null;
          return noMatchLeft(this.nextRound(r.player, latest, true));
        }
        const m = current as Match;
        if (this.bestOf === 1) {
          // A single duel: between duels "the next duel" is the first of the next match (no number); in the duel, duel 1.
          if (r.phase === 'between-duels') return duel !== undefined ? null : noMatchLeft(m.round + 1);
          if (duel !== undefined && duel !== 1) return null;
          if (this.duelLossesOn(m).some((d) => d.player === r.player)) return null;
          if (this.outcome(m).kind !== 'pending') return null;
          return { kind: 'duel', round: m.round, table: m.table, duel: 1 };
        }
        // 1-C in a match: the duel in progress, or between duels the next one (after a played duel: 2 or 3); the judge names it.
        if (duel === undefined || duel < (r.phase === 'between-duels' ? 2 : 1) || duel > 3) return null;
        if (this.duelLossesOn(m).some((d) => d.player === r.player && d.duel === duel)) return null;
        if (this.outcome(m).kind !== 'pending') return null;
        return { kind: 'duel', round: m.round, table: m.table, duel };
      }
      case 'match-loss': {
        if (duel !== undefined) return null;
        if (!inMatch) return noMatchLeft(this.nextRound(r.player, latest, false));
        const m = current as Match;
        // 1-D: the match in progress; in a match already lost the judge may take the next one instead.
        if (nextAsked) return alreadyLost ? noMatchLeft(m.round + 1) : null;
        // 1-E, 1-F: a player disqualified in this match has left it; a match loss cannot take it (nor can a duel loss).
        if (this.disqualifiedIn(m, r.player)) return null;
        return { kind: 'match', round: m.round, table: m.table };
      }
      default: {
        // 1-E, 1-F: the match in progress is lost and the player leaves; between matches the next match, when it is
        // already paired and not begun, is lost as a match loss found then would be; otherwise there is none to lose.
        if (duel !== undefined || nextAsked) return null;
        if (!inMatch) {
          const from = this.nextRound(r.player, latest, false);
          const round = this.rounds.find((x) => x.number === from && !x.ended);
          const m = round?.matches.find((x) => x.players.includes(r.player));
          return m ? { kind: 'match', round: m.round, table: m.table } : { kind: 'none' };
        }
        const m = current as Match;
        return { kind: 'match', round: m.round, table: m.table };
      }
    }
  }

  /**
   * The round of "the next match" for a loss found between matches: the running round's match
   * while it has not begun (no report, no penalty given during it) and, for a duel loss, while
   * its result is open; otherwise the round after.
   */
  private nextRound(player: string, latest: number, needsDuel: boolean): number {
    const round = this.rounds.at(-1);
    const m = round && !round.ended ? round.matches.find((x) => x.players.includes(player)) : undefined;
    if (!m) return latest + 1;
    const begun =
      m.report !== null ||
      this.inForce().some(
        (p) =>
          (p.target.kind === 'duel' || p.target.kind === 'match') &&
          p.target.round === m.round &&
          p.target.table === m.table,
      );
    if (begun) return latest + 1;
    if (needsDuel && this.outcome(m).kind !== 'pending') return latest + 1;
    return m.round;
  }

  /**
   * A match is still to come: already paired, a Swiss round left, or the top cut: before it is
   * paired anyone still playing may make it; once paired, only a player still in the bracket
   * (a bye, or a match not lost) has a next match. After the final there is none.
   */
  private hasMatchLeft(player: string, from: number): boolean {
    if (this.rounds.some((r) => r.number >= from && r.matches.some((m) => m.players.includes(player)))) return true;
    if (this.isOut(player)) return false;
    if (from <= this.swissRounds) return true;
    if (this.topCut === 0) return false;
    const last = this.rounds.at(-1);
    if (!last || !this.isCut(last.number)) return true;
    if (last.matches.length + last.byes.length <= 1) return false;
    if (last.byes.includes(player)) return true;
    const m = last.matches.find((x) => x.players.includes(player));
    if (!m) return false;
    const o = this.outcome(m);
    return o.kind === 'pending' || (o.kind === 'win' && o.winner === player);
  }

  private disqualifiedIn(m: Match, player: string): boolean {
    return this.inForce().some(
      (p) =>
        p.player === player &&
        (p.penalty === 'disqualification' || p.penalty === 'disqualification-forfeit-prizes') &&
        this.matchOf(p) === m,
    );
  }

  private currentMatch(player: string): Match | undefined {
    const round = this.rounds.at(-1);
    if (!round || round.ended) return undefined;
    return round.matches.find((m) => m.players.includes(player) && m.report === null);
  }

  private lostBy(m: Match, player: string): boolean {
    const o = this.outcome(m);
    return o.kind === 'double-loss' || (o.kind === 'win' && o.winner !== player);
  }

  // ---- results: reports with the penalties in force laid over them -----------------------

  inForce(): PenaltyRecord[] {
    return this.penalties.filter((p) => !p.rescinded);
  }

  match(round: number, table: number): Match | undefined {
    return this.rounds.find((r) => r.number === round)?.matches.find((m) => m.table === table);
  }

  /** The match a penalty in force decides now: its own, or the player's first match from round `from` on. */
  matchOf(p: PenaltyRecord): Match | undefined {
    const t = p.target;
    if (t.kind === 'duel' || t.kind === 'match') return this.match(t.round, t.table);
    if (t.kind === 'none') return undefined;
    for (const r of this.rounds) {
      if (r.number < t.from) continue;
      const m = r.matches.find((x) => x.players.includes(p.player));
      if (!m) continue;
      // A duel loss needs a duel: a match whose duels this player already lost by earlier penalties is passed over.
      if (p.penalty === 'duel-loss') {
        const earlier = this.inForce().filter(
          (q) => q.id < p.id && q.player === p.player && q.penalty === 'duel-loss' && this.matchOf(q) === m,
        ).length;
        if (earlier >= this.wins) continue;
      }
      return m;
    }
    return undefined;
  }

  /** Players who lose the match by a match loss or a disqualification landing on it. */
  private matchLosers(m: Match): string[] {
    return this.inForce()
      .filter((p) => p.penalty !== 'duel-loss' && p.target.kind !== 'none' && this.matchOf(p) === m)
      .map((p) => p.player);
  }

  /** Duel losses on the match: at the named duel, or for "the next match" the player's first duel not yet lost by penalty. */
  duelLossesOn(m: Match): { id: number; player: string; duel: number }[] {
    const out: { id: number; player: string; duel: number }[] = [];
    for (const p of this.inForce()) {
      if (p.penalty !== 'duel-loss' || this.matchOf(p) !== m) continue;
      if (p.target.kind === 'duel') out.push({ id: p.id, player: p.player, duel: p.target.duel });
      else {
        let duel = 1;
        while (out.some((d) => d.player === p.player && d.duel === duel)) duel += 1;
        out.push({ id: p.id, player: p.player, duel });
      }
    }
    return out;
  }

  private duelPenaltyIds(m: Match): number[] {
    return [...new Set(this.duelLossesOn(m).map((d) => d.id))].sort((a, b) => a - b);
  }

  /**
   * Duel positions 1, 2, 3…: a duel lost by penalty goes to the other player (to nobody when
   * both lost it); the reported duels fill the other positions in order. Play stops at two wins;
   * a position with nothing reported is skipped only while a penalty duel lies further on.
   */
  private layDuels(m: Match, reported: readonly string[]): { wins: Record<string, number>; unused: number } {
    const [a, b] = m.players;
    const wins: Record<string, number> = { [a]: 0, [b]: 0 };
    const losses = this.duelLossesOn(m);
    const last = Math.max(0, ...losses.map((d) => d.duel));
    let next = 0;
    let positions = 0;
    for (
      let duel = 1;
      (wins[a] ?? 0) < this.wins && (wins[b] ?? 0) < this.wins && (this.bestOf === 3 || positions < 1);
      duel += 1
    ) {
      positions += 1;
      const here = new Set(losses.filter((d) => d.duel === duel).map((d) => d.player));
      if (here.size > 0) {
        if (here.size === 1) {
          const w = here.has(a) ? b : a;
          wins[w] = (wins[w] ?? 0) + 1;
        }
      } else if (next < reported.length) {
        const w = reported[next++] as string;
        if (w !== 'draw') wins[w] = (wins[w] ?? 0) + 1;
      } else if (duel >= last) break;
    }
    return { wins, unused: reported.length - next };
  }

  /** The result of a match now. */
  outcome(m: Match): Outcome {
    const [a, b] = m.players;
    const losers = new Set(this.matchLosers(m));
    if (losers.has(a) && losers.has(b)) return { kind: 'double-loss' };
    if (losers.size > 0) return { kind: 'win', winner: losers.has(a) ? b : a };
    // A report made around other penalty duels than those in force no longer counts.
    const around = this.duelPenaltyIds(m);
    const fresh =
      m.report !== null &&
      m.report.aroundPenalties.length === around.length &&
      m.report.aroundPenalties.every((id, i) => id === around[i]);
    const { wins } = this.layDuels(m, fresh ? (m.report as { duels: string[] }).duels : []);
    const [wa, wb] = [wins[a] ?? 0, wins[b] ?? 0];
    if (Math.max(wa, wb) < this.wins && !fresh) return { kind: 'pending' };
    if (wa === wb) return { kind: 'draw' };
    return { kind: 'win', winner: wa > wb ? a : b };
  }

  /** Where each penalty in force decides a game now: round, table, and the duel (null for the whole match). */
  landedOn(p: PenaltyRecord): { round: number; table: number; duel: number | null } | null {
    if (p.rescinded || p.penalty === 'caution' || p.penalty === 'warning' || p.target.kind === 'none') return null;
    const m = this.matchOf(p);
    if (!m) return null;
    if (p.penalty !== 'duel-loss') return { round: m.round, table: m.table, duel: null };
    return { round: m.round, table: m.table, duel: this.duelLossesOn(m).find((d) => d.id === p.id)?.duel ?? null };
  }

  /** A loss waiting for "the next match" when none can come any more (say the player missed the top cut): it stays, with no effect. */
  couldNotLand(p: PenaltyRecord): boolean {
    return (
      !p.rescinded &&
      p.target.kind === 'next' &&
      this.matchOf(p) === undefined &&
      !this.hasMatchLeft(p.player, p.target.from)
    );
  }

  /** Match points (win 3, draw 1, bye 3) and status: a disqualified player has left and holds no rank. */
  standings(): Map<string, { points: number; status: string }> {
    const out = new Map(this.players.map((p) => [p, { points: 0, status: 'active' }]));
    // The standings are the Swiss rounds'; the top cut decides the final places only.
    for (const r of this.rounds.filter((x) => !this.isCut(x.number))) {
      for (const bye of r.byes) (out.get(bye) as { points: number }).points += 3;
      for (const m of r.matches) {
        const o = this.outcome(m);
        if (o.kind === 'win') (out.get(o.winner) as { points: number }).points += 3;
        if (o.kind === 'draw') for (const p of m.players) (out.get(p) as { points: number }).points += 1;
      }
    }
    for (const p of this.dropped) (out.get(p) as { status: string }).status = 'dropped';
    for (const p of this.inForce()) {
      const row = out.get(p.player) as { status: string };
      if (p.penalty === 'disqualification-forfeit-prizes') row.status = 'disqualified-forfeit-prizes';
      else if (p.penalty === 'disqualification' && row.status !== 'disqualified-forfeit-prizes')
        row.status = 'disqualified';
    }
    return out;
  }
}
