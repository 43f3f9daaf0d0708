import { expect } from 'vitest';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { penaltyLog } from '../../src/app/penalty-log.js';
import type { TournamentCommand, TournamentCommandType } from '../../src/core/tournament/commands.js';
import { COMMAND_ROLES } from '../../src/core/tournament/permissions.js';
import type { Role } from '../../src/core/tournament/events.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { LandingModel, type Penalty, type Phase, type Report } from './landing-model.js';

/*
 * Runs one sequence of steps through the real core (decide/evolve) and through the model, and
 * checks after every step that both accept or refuse the same commands and agree on every
 * match result, every penalty's landing and the standings (points, status, no rank when out).
 */

const pack = loadDefaultPack();
const T0 = '2009-03-01T10:00:00+09:00';
/** Who gives each command: the head judge where allowed (no authority question in this model), else its first role. */
const by = (type: TournamentCommandType) => {
  const roles = COMMAND_ROLES[type];
  return {
    at: T0,
    actor: { id: 'staff', role: roles.includes('head-judge') ? ('head-judge' as const) : (roles[0] as Role) },
  };
};

/** The reports a judge can make in the model's events, with the facts the guideline needs. */
export const REPORTS: readonly { readonly infraction: string; readonly facts?: Record<string, number | boolean> }[] = [
  { infraction: 'stalling' },
  { infraction: 'marked-cards', facts: { pattern: true } },
  { infraction: 'marked-cards', facts: { pattern: false } },
  { infraction: 'tardiness', facts: { minutesLate: 0.5 } },
  { infraction: 'tardiness', facts: { minutesLate: 6 } },
  { infraction: 'tardiness', facts: { minutesLate: 12 } },
  { infraction: 'extra-draw', facts: { identifiable: false, decisive: false } },
  { infraction: 'random-result' },
  { infraction: 'bribery' },
  { infraction: 'decklist-mismatch' },
  { infraction: 'outside-advice', facts: { affectedResult: true } },
  { infraction: 'outside-advice', facts: { affectedResult: false } },
];

export type Step =
  | {
      readonly kind: 'penalty';
      readonly player: number;
      readonly report: number;
      readonly phase: Phase;
      readonly duel?: number;
      readonly matchAlreadyLost?: boolean;
      readonly nextMatch?: boolean;
      readonly additional?: Penalty;
      readonly withoutEffect?: boolean;
    }
  | { readonly kind: 'report'; readonly table: number; readonly duels: readonly (0 | 1 | 'draw')[] }
  | { readonly kind: 'next-round' }
  | { readonly kind: 'rescind'; readonly id: number }
  | { readonly kind: 'drop'; readonly player: number };

export interface Scenario {
  /** Duels per Swiss match; absent: best of 3. */
  readonly bestOf?: 1 | 3;
  readonly players: number;
  readonly rounds: number;
  /** A top 4 after the Swiss rounds, or none. */
  readonly topCut?: 0 | 4;
  readonly seed: number;
  readonly steps: readonly Step[];
}

class Run {
  state: TournamentState = { status: 'none' };
  readonly ids: string[];
  readonly model: LandingModel;

  constructor(readonly scenario: Scenario) {
    this.ids = Array.from({ length: scenario.players }, (_, i) => `p${i + 1}`);
    const topCut = scenario.topCut ?? 0;
    const bestOf = scenario.bestOf ?? 3;
    this.model = new LandingModel(pack, this.ids, scenario.rounds, topCut, bestOf);
    // The model plays every round to the same number of duels: the top cut gets the Swiss format too.
    const format = { bestOf: 1 as const, roundMinutes: 25 };
    const stages = bestOf === 1 ? { stages: { swiss: format, 'top-cut': format } } : {};
    const settings = {
      name: 'model',
      date: '2009-03-01',
      decklistsRequired: false,
      roundMinutes: 40,
      structure: { kind: 'swiss' as const, rounds: scenario.rounds, topCut },
      ...stages,
    };
    this.must({
      type: 'CreateTournament',
      data: { tournamentId: 'm', settings, pack: { id: pack.id, version: pack.version, content: pack } },
      meta: by('CreateTournament'),
    });
    for (const id of this.ids)
      this.must({ type: 'RegisterPlayer', data: { player: { id, name: id } }, meta: by('RegisterPlayer') });
    this.pair();
  }

  get t(): Tournament {
    return this.state as Tournament;
  }

  /** Decides and applies; answers the events, or null when the core refused. */
  try(command: TournamentCommand): TournamentEvent[] | null {
    const decided = decide(command, this.state);
    if (!decided.ok) return null;
    this.state = fold(decided.value, this.state);
    return decided.value;
  }

  must(command: TournamentCommand): TournamentEvent[] {
    const events = this.try(command);
    if (events === null)
      throw new Error(`the core refused ${command.type}: ${JSON.stringify(decide(command, this.state))}`);
    return events;
  }

  pair(): void {
    const round = this.t.rounds.length + 1;
    const events = this.try({
      type: 'PairRound',
      data: { round },
      meta: { ...by('PairRound'), seed: this.scenario.seed + round },
    });
    const paired = events?.find((e) => e.type === 'RoundPaired');
    if (paired?.type === 'RoundPaired')
      this.model.paired(
        round,
        paired.data.matches.map((m) => m.players),
        paired.data.byes,
      );
  }

  step(step: Step): void {
    switch (step.kind) {
      case 'penalty': {
        const spec = REPORTS[step.report % REPORTS.length] as (typeof REPORTS)[number];
        const player = this.ids[step.player % this.ids.length] as string;
        const report: Report = {
          player,
          infraction: spec.infraction,
          phase: step.phase,
          ...(spec.facts ? { facts: spec.facts } : {}),
          ...(step.matchAlreadyLost ? { matchAlreadyLost: true } : {}),
          ...(step.duel === undefined ? {} : { duel: step.duel }),
          ...(step.nextMatch ? { appliesTo: 'next-match' as const } : {}),
          ...(step.additional ? { additional: step.additional } : {}),
          ...(step.withoutEffect ? { withoutEffect: true } : {}),
        };
        const expected = this.model.issue(report);
        const got = this.try({
          type: 'IssuePenalty',
          data: {
            player,
            report: {
              infraction: spec.infraction,
              phase: step.phase,
              ...(spec.facts ? { facts: spec.facts } : {}),
              ...(step.matchAlreadyLost ? { matchAlreadyLost: true } : {}),
            },
            choice: { kind: 'guideline' },
            statements: ['investigation notes'],
            ...(step.duel === undefined ? {} : { duel: step.duel }),
            ...(step.nextMatch ? { appliesTo: 'next-match' as const } : {}),
            ...(step.additional ? { additional: { penalty: step.additional, reason: 'the result was affected' } } : {}),
            ...(step.withoutEffect ? { withoutEffect: true } : {}),
          },
          meta: by('IssuePenalty'),
        });
        expect(
          got === null,
          `penalty ${JSON.stringify(report)}: the model ${expected ? 'accepts' : 'refuses'} it`,
        ).toBe(expected === null);
        if (got && expected)
          expect(got.map((e) => (e.data as { penalty: string }).penalty)).toEqual(expected.map((p) => p.penalty));
        return;
      }
      case 'report': {
        const round = this.model.rounds.at(-1);
        const match = round?.matches[step.table % Math.max(1, round.matches.length)];
        if (!round || !match) return;
        const duels = step.duels.map((d) => (d === 'draw' ? 'draw' : match.players[d]));
        const expected = this.model.report(round.number, match.table, duels, false);
        const got = this.try({
          type: 'ReportResult',
          data: { round: round.number, table: match.table, duels },
          meta: by('ReportResult'),
        });
        expect(got === null, `report ${JSON.stringify(duels)} at round ${round.number} table ${match.table}`).toBe(
          !expected,
        );
        return;
      }
      case 'next-round': {
        // Every open match ends at time with no duel finished (a report the rules always allow), then the next round.
        // A top-cut match needs a winner: its first player wins the duels left.
        const round = this.model.rounds.at(-1);
        if (!round) return;
        for (const m of round.matches) {
          if (this.model.outcome(m).kind !== 'pending') continue;
          const correction = m.report !== null;
          const duels = this.model.isCut(round.number) ? this.model.winningReport(m, m.players[0]) : [];
          expect(this.model.report(round.number, m.table, duels, correction)).toBe(true);
          const data = { round: round.number, table: m.table, duels };
          this.must(
            correction
              ? {
                  type: 'CorrectResult',
                  data: { ...data, reason: 're-entered after an appeal' },
                  meta: by('CorrectResult'),
                }
              : { type: 'ReportResult', data, meta: by('ReportResult') },
          );
        }
        if (!round.ended) {
          this.must({ type: 'EndRound', data: { round: round.number }, meta: by('EndRound') });
          this.model.ended(round.number);
        }
        this.pair();
        return;
      }
      case 'rescind': {
        const expected = this.model.rescind(step.id);
        const got = this.try({
          type: 'RescindPenalty',
          data: { penaltyId: step.id, reason: 'appeal granted' },
          meta: by('RescindPenalty'),
        });
        expect(got === null, `rescind ${step.id}`).toBe(!expected);
        return;
      }
      case 'drop': {
        const player = this.ids[step.player % this.ids.length] as string;
        const expected = this.model.drop(player);
        const got = this.try({ type: 'DropPlayer', data: { player }, meta: by('DropPlayer') });
        expect(got === null, `drop ${player}`).toBe(!expected);
        return;
      }
    }
  }

  /** Results, landings and standings agree. */
  agree(): void {
    const t = this.t;
    for (const record of matchRecords(t)) {
      if (record.table === null) continue;
      const m = this.model.match(record.round, record.table);
      const o = record.outcome;
      const core = o.kind === 'win' ? { kind: 'win', winner: o.winner } : { kind: o.kind };
      expect(core, `round ${record.round} table ${record.table}`).toEqual(m && this.model.outcome(m));
    }
    const log = penaltyLog(t);
    expect(log.map((e) => e.penalty)).toEqual(this.model.penalties.map((p) => p.penalty));
    for (const [i, entry] of log.entries()) {
      const modelled = this.model.penalties[i] as (typeof this.model.penalties)[number];
      expect(entry.landedOn, `penalty ${entry.id}`).toEqual(this.model.landedOn(modelled));
      expect(entry.couldNotLand !== null, `penalty ${entry.id} could not land`).toBe(this.model.couldNotLand(modelled));
    }
    const expected = this.model.standings();
    for (const row of computeStandings(standingsPlayers(t), matchRecords(t))) {
      const want = expected.get(row.player);
      expect({ points: row.points, status: row.status, ranked: row.rank !== null }, row.player).toEqual({
        ...want,
        ranked: !want?.status.startsWith('disqualified'),
      });
    }
  }
}

/** Runs the scenario, checking after every step; answers the model as it ended, for coverage counts. */
export function runScenario(scenario: Scenario): LandingModel {
  const run = new Run(scenario);
  run.agree();
  for (const step of scenario.steps) {
    run.step(step);
    run.agree();
  }
  return run.model;
}
