import { expect } from 'vitest';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import type { CommandMeta, Decided, TournamentCommand } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { DomainErrorCode } from '../../src/core/tournament/domain-errors.js';
import type {
  EventDraft,
  PairedMatch,
  RecordedPack,
  Role,
  Structure,
  TournamentEvent,
  TournamentSettings,
} from '../../src/core/tournament/events.js';
import { fold } from '../../src/core/tournament/evolve.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';

/*
 * Given events, when a command, then events or an error: the Emmett-style harness of the
 * tournament tests. Everything runs on the shipped policy pack. Events are written as drafts
 * (no time); `given` stamps T0 on those without one, `thenEvents` checks the command's time
 * was stamped and returns drafts to compare.
 */

/** An event in a test: a draft, or a decided event with its time. */
export type GivenEvent = EventDraft | TournamentEvent;

const content = loadDefaultPack();
export const PACK: RecordedPack = { id: content.id, version: content.version, content };

export const T0 = '2009-03-01T10:00:00+09:00';

/** `minutes` after T0, as an ISO time. */
export const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

export const meta = (role: Role, options: { at?: string; seed?: number; id?: string } = {}): CommandMeta => ({
  at: options.at ?? T0,
  actor: { id: options.id ?? role, role },
  ...(options.seed === undefined ? {} : { seed: options.seed }),
});

export const settings = (
  structure: Structure = { kind: 'swiss', rounds: 3, topCut: 0 },
  extra: Partial<TournamentSettings> = {},
): TournamentSettings => ({
  name: '店舗大会 3月',
  date: '2009-03-01',
  decklistsRequired: false,
  roundMinutes: 40,
  structure,
  ...extra,
});

/** For tests writing through the service: creating a two-round Swiss tournament named by its id. */
export const createCommand = (id: string): TournamentCommand => ({
  type: 'CreateTournament',
  data: { tournamentId: id, settings: { ...settings({ kind: 'swiss', rounds: 2, topCut: 0 }), name: id }, pack: PACK },
  meta: meta('organizer'),
});

/** For tests writing through the service: registering player `id`. */
export const registerCommand = (id: string): TournamentCommand => ({
  type: 'RegisterPlayer',
  data: { player: { id, name: `Player ${id}` } },
  meta: meta('scorekeeper'),
});

export const created = (structure?: Structure, extra?: Partial<TournamentSettings>): EventDraft => ({
  type: 'TournamentCreated',
  data: { tournamentId: 't1', settings: settings(structure, extra), pack: PACK },
});

export const registered = (id: string, entryRound = 1, name = `Player ${id}`): EventDraft => ({
  type: 'PlayerRegistered',
  data: { player: { id, name, decklist: null }, entryRound },
});

/** A Swiss round paired by hand: `pairs` in table order. */
export const swissRound = (
  round: number,
  pairs: [string, string][],
  bye: string | null = null,
  seatTime = T0,
): EventDraft => ({
  type: 'RoundPaired',
  data: {
    round,
    stage: 'swiss',
    seatTime,
    seed: 1,
    matches: pairs.map((players, i): PairedMatch => ({ table: i + 1, players })),
    byes: bye === null ? [] : [bye],
    bracket: null,
  },
});

export const reported = (round: number, table: number, duels: string[], penaltyDuels: number[] = []): EventDraft => ({
  type: 'ResultReported',
  data: { round, table, duels, penaltyDuels },
});

export const ended = (round: number): EventDraft => ({ type: 'RoundEnded', data: { round } });

/** The events with T0 stamped where no time was given. */
export const stamp = (events: readonly GivenEvent[]): TournamentEvent[] =>
  events.map((e) => ({ at: T0, ...e }) as TournamentEvent);

/** The state after `events`. */
export const given = (...events: GivenEvent[]): TournamentState => fold(stamp(events));

/** The state after `events`, known to hold a tournament. */
export function tournament(...events: GivenEvent[]): Tournament {
  const state = given(...events);
  if (state.status === 'none') throw new Error('fixture: no TournamentCreated');
  return state;
}

/** Decides and expects success, every event stamped with the command's time; returns the drafts. */
export function thenEvents(state: TournamentState, command: TournamentCommand): EventDraft[] {
  const decided: Decided = decide(command, state);
  if (!decided.ok) throw new Error(`expected events, got ${decided.error.code}: ${decided.error.message.en}`);
  return decided.value.map(({ at: stamped, ...draft }) => {
    expect(stamped).toBe(command.meta.at);
    return draft as EventDraft;
  });
}

/** Decides and expects the domain error `code`; returns its details. */
export function thenError(
  state: TournamentState,
  command: TournamentCommand,
  code: DomainErrorCode,
): Readonly<Record<string, unknown>> {
  const decided = decide(command, state);
  if (decided.ok) throw new Error(`expected ${code}, got events ${JSON.stringify(decided.value.map((e) => e.type))}`);
  expect(decided.error.code).toBe(code);
  expect(decided.error.message.ja).not.toBe('');
  expect(decided.error.message.en).not.toBe('');
  return decided.error.details;
}

/** The English side of a bilingual detail (a problem or reason) of a domain error. */
export const en = (detail: unknown): string => (detail as { en: string }).en;

/** Decides, expects success and folds the events onto the state. */
export function run(state: TournamentState, command: TournamentCommand): TournamentState {
  const decided = decide(command, state);
  if (!decided.ok) throw new Error(`expected events, got ${decided.error.code}: ${decided.error.message.en}`);
  return fold(decided.value, state);
}
