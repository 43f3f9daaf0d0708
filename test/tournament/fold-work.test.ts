import { describe, expect, it } from 'vitest';
import type { EventDraft, TournamentEvent, TournamentEventType } from '../../src/core/tournament/events.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { created, given, registered, stamp, swissRound, thenEvents } from './fixtures.js';
import { issue } from './penalty-fixtures.js';

/*
 * A replay must cost work linear in the number of events, whatever their kind: 8,192
 * check-ins once took 19 s to fold because each copied every check-in before it. No timing
 * here: while the fold runs, every element the built-in collections visit (array methods,
 * spreads and `for…of` through their iterators, Map and Set iteration, Object.keys/assign…)
 * is counted, for a log with N and with 2N events of each kind. Linear work doubles; a copy
 * per event quadruples it. Copying a plain object cannot be counted, so a state object whose
 * keys grow with the events (a dictionary, which must be a Map anyway) is refused too.
 * The builders are keyed by event type, so a new event type cannot be left out.
 */

const N = 200;
const p = (i: number): string => `p${i}`;
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
/** Players p1…pN, paired p1–p2, p3–p4… at tables 1, 2… */
const field = (n: number): EventDraft[] => [created(), ...range(n).map((i) => registered(p(i)))];
const pairs = (n: number): [string, string][] => range(n / 2).map((t) => [p(2 * t - 1), p(2 * t)]);
const roundOne = (n: number): EventDraft[] => [...field(n), swissRound(1, pairs(n))];
const judge = { id: 'judge', role: 'judge' } as const;

/** A real penalty as a judge issues it (tardiness in round 1), renumbered and given to player `i`. */
const penaltyTemplate = (() => {
  const events = thenEvents(
    given(...roundOne(2)),
    issue(p(1), 'tardiness', 'between-matches', { facts: { minutesLate: 2 } }),
  );
  const issued = events.find((e) => e.type === 'PenaltyIssued');
  if (issued?.type !== 'PenaltyIssued') throw new Error('fixture: no PenaltyIssued');
  return issued.data;
})();
const penalty = (id: number, player: string): EventDraft => ({
  type: 'PenaltyIssued',
  data: { ...penaltyTemplate, penaltyId: id, player },
});
const penalties = (n: number): EventDraft[] => [...roundOne(n), ...range(n).map((i) => penalty(i, p(i)))];
/** Half the events on the first penalty (its appeal history grows), half spread over all. */
const target = (i: number): number => (i % 2 === 0 ? 1 : i);
const request = (id: number): EventDraft => ({
  type: 'RequestSubmitted',
  data: {
    requestId: id,
    request: { kind: 'correction', correction: { round: 1, table: 1, duels: [p(1), p(1)], reason: 'slip' } },
    notes: null,
    guideline: null,
    proposed: null,
    judge,
  },
});

const player = (i: number) => ({ id: p(i), role: 'player' }) as const;
/** Call i at table ⌈i/2⌉, opened by player i (both players of a table call in turn). */
const opened = (n: number): EventDraft[] => [
  ...roundOne(n),
  ...range(n).map(
    (i): EventDraft => ({
      type: 'CallOpened',
      data: { callId: i, round: 1, table: Math.ceil(i / 2), player: p(i), note: null, by: player(i) },
    }),
  ),
];
const claimed = (n: number): EventDraft[] => [
  ...opened(n),
  ...range(n).map((i): EventDraft => ({ type: 'CallClaimed', data: { callId: i, by: judge } })),
];
/** The data of round 1 paired from `pairs(n)`, for a held round. */
const heldRound = (n: number) => {
  const paired = swissRound(1, pairs(n));
  if (paired.type !== 'RoundPaired') throw new Error('fixture: not a pairing');
  return paired.data;
};

/** For each event type, a log holding `n` events of it (and what they need before them). */
const LOGS: Record<TournamentEventType, (n: number) => EventDraft[]> = {
  TournamentCreated: (n) => range(n).map(() => created()),
  DeckRulesChanged: (n) =>
    [
      created(),
      ...range(n).map(() => ({ type: 'DeckRulesChanged', data: { deckRules: {}, reason: 'pool' } })),
    ] as EventDraft[],
  PlayerRegistered: (n) => field(n),
  // Every player sends a list once, and the first player sends one again and again (replacements).
  DecklistSubmitted: (n) => [
    ...field(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'DecklistSubmitted',
        data: { player: p(i), decklist: { main: [i], extra: [], side: [] } },
      }),
    ),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'DecklistSubmitted',
        data: { player: p(1), decklist: { main: [i, 1], extra: [], side: [] }, receipt: 'ABCD0123', byPlayer: true },
      }),
    ),
  ],
  DecklistCorrected: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'DecklistCorrected',
        data: { player: p(i), decklist: { main: [], extra: [], side: [] }, reason: 'slip', afterRound: 1, by: judge },
      }),
    ),
  ],
  PlayerDetailsChanged: (n) => [
    ...field(n),
    ...range(n).map((i): EventDraft => ({ type: 'PlayerDetailsChanged', data: { player: p(i), name: `名前${i}` } })),
  ],
  PlayerDropped: (n) => [
    ...field(n),
    ...range(n).map(
      (i): EventDraft => ({ type: 'PlayerDropped', data: { player: p(i), afterRound: 0, reason: null } }),
    ),
  ],
  // Rounds are bounded (SWISS_ROUNDS, MAX_TOP_CUT): round events scale with the round's size.
  RoundPaired: (n) => [...field(n), swissRound(1, pairs(n)), swissRound(2, pairs(n)), swissRound(3, pairs(n))],
  // A held round, published once (its pairings are swapped n times first: PairingFixed).
  RoundPublished: (n) => [
    ...field(n),
    { type: 'RoundPaired', data: { ...heldRound(n), held: true } },
    ...range(n).map((): EventDraft => ({ type: 'RoundPublished', data: { round: 1 } })),
  ],
  // Each swap moves two players across the whole field: from the first table to the last and back.
  PairingFixed: (n) => [
    ...field(n),
    { type: 'RoundPaired', data: { ...heldRound(n), held: true } },
    ...range(n).map(
      (i): EventDraft => ({ type: 'PairingFixed', data: { round: 1, swap: [p(1 + (i % 2)), p(n - (i % 2))] } }),
    ),
  ],
  Announced: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'Announced',
        data: {
          id: i,
          text: { ja: `お知らせ${i}`, en: `notice ${i}` },
          round: i % 2 === 0 ? null : 1,
          table: i % 2 === 0 ? null : Math.ceil(i / 2),
          by: judge,
        },
      }),
    ),
  ],
  DecklistIssuesAccepted: (n) => [
    ...field(n),
    ...range(n).map(
      (): EventDraft => ({
        type: 'DecklistIssuesAccepted',
        data: { round: 1, missing: [], illegal: [], reason: 'late lists', by: judge },
      }),
    ),
  ],
  RoundStarted: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (): EventDraft => ({ type: 'RoundStarted', data: { round: 1, seatTime: '2009-03-01T10:00:00+09:00' } }),
    ),
  ],
  PlayerSeated: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (i): EventDraft => ({ type: 'PlayerSeated', data: { round: 1, table: Math.ceil(i / 2), player: p(i) } }),
    ),
  ],
  TimeExtended: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'TimeExtended',
        data: { round: 1, table: i % 2 === 0 ? 1 : Math.ceil(i / 2), minutes: 3, reason: null },
      }),
    ),
  ],
  ResultReported: (n) => [
    ...roundOne(2 * n),
    ...range(n).map(
      (t): EventDraft => ({
        type: 'ResultReported',
        data: { round: 1, table: t, duels: [p(2 * t - 1), p(2 * t - 1)], penaltyDuels: [] },
      }),
    ),
  ],
  ResultCorrected: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'ResultCorrected',
        data: { round: 1, table: Math.ceil(i / 2), duels: [p(1), p(1)], penaltyDuels: [], reason: 'slip' },
      }),
    ),
  ],
  RoundEnded: (n) => [...roundOne(n), ...range(n).map((): EventDraft => ({ type: 'RoundEnded', data: { round: 1 } }))],
  SwissCut: (n) => [
    ...roundOne(n),
    { type: 'SwissCut', data: { afterRound: 1, rule: { kind: 'top', top: n / 2 }, out: range(n / 2).map(p) } },
  ],
  PhaseStarted: (n) => [
    ...roundOne(n),
    {
      type: 'PhaseStarted',
      data: { name: 'day 2', fromRound: 2, format: { bestOf: 3, roundMinutes: 40 }, seatTime: null },
    },
  ],
  PenaltyIssued: (n) => penalties(n),
  PenaltyChanged: (n) => [
    ...penalties(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'PenaltyChanged',
        data: {
          penaltyId: target(i),
          penalty: 'warning',
          landing: { kind: 'none' },
          reason: 'appeal',
          statements: ['said so'],
          judge,
        },
      }),
    ),
  ],
  TardinessRaised: (n) => [
    ...penalties(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'TardinessRaised',
        data: {
          penaltyId: target(i),
          report: penaltyTemplate.report,
          guideline: penaltyTemplate.guideline,
          penalty: 'duel-loss',
          repeatUpgrade: false,
          landing: { kind: 'none' },
          judge,
        },
      }),
    ),
  ],
  PenaltyRescinded: (n) => [
    ...penalties(n),
    ...range(n).map(
      (i): EventDraft => ({ type: 'PenaltyRescinded', data: { penaltyId: target(i), reason: 'appeal', judge } }),
    ),
  ],
  AppealDenied: (n) => [
    ...penalties(n),
    ...range(n).map(
      (i): EventDraft => ({ type: 'AppealDenied', data: { penaltyId: target(i), reason: 'appeal', judge } }),
    ),
  ],
  RequestSubmitted: (n) => [...roundOne(2), ...range(n).map(request)],
  RequestDecided: (n) => [
    ...roundOne(2),
    ...range(n).map(request),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'RequestDecided',
        data: { requestId: i, outcome: 'refused', penaltyId: null, reason: 'no', judge },
      }),
    ),
  ],
  TournamentFinished: (n) => [
    ...roundOne(n),
    ...range(n).map((): EventDraft => ({ type: 'TournamentFinished', data: {} })),
  ],
  PrizeListSet: (n) => [
    created(),
    {
      type: 'PrizeListSet',
      data: {
        prizes: range(n).map((i) => ({ id: `prize${i}`, name: `賞${i}`, rule: { kind: 'rank', from: i, to: i } })),
      },
    },
  ],
  PrizeAwarded: (n) => [
    ...field(n),
    {
      type: 'PrizeListSet',
      data: {
        prizes: range(n).map((i) => ({ id: `prize${i}`, name: `賞${i}`, rule: { kind: 'rank', from: i, to: i } })),
      },
    },
    ...range(n).map((i): EventDraft => ({ type: 'PrizeAwarded', data: { prize: `prize${i}`, players: [p(i)] } })),
  ],
  PlayerPairingReasonsSet: (n) => [
    created(),
    ...range(n).map((i): EventDraft => ({ type: 'PlayerPairingReasonsSet', data: { shown: i % 2 === 0 } })),
  ],
  CheckInVenueCodeSet: (n) => [
    created(),
    ...range(n).map((i): EventDraft => ({ type: 'CheckInVenueCodeSet', data: { required: i % 2 === 0 } })),
  ],
  PlayerReportingSet: (n) => [
    created(),
    ...range(n).map((): EventDraft => ({ type: 'PlayerReportingSet', data: { enabled: true, confirmMinutes: 10 } })),
  ],
  // Each player reports once, and one player many times on one match (logs from before the cap).
  PlayerResultReported: (n) => [
    ...roundOne(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'PlayerResultReported',
        data: { round: 1, table: Math.ceil(i / 2), player: p(i), duels: [p(i), p(i)] },
      }),
    ),
    ...range(n).map(
      (): EventDraft => ({
        type: 'PlayerResultReported',
        data: { round: 1, table: 1, player: p(1), duels: [p(1), p(1)] },
      }),
    ),
  ],
  CallOpened: (n) => opened(n),
  CallClaimed: (n) => claimed(n),
  CallEscalated: (n) => [
    ...claimed(n),
    ...range(n).map((i): EventDraft => ({ type: 'CallEscalated', data: { callId: i, by: judge, note: 'ruling' } })),
  ],
  CallResolved: (n) => [
    ...claimed(n),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'CallResolved',
        data: { callId: i, by: judge, ruling: null, penaltyIds: [], extensionMinutes: 2 },
      }),
    ),
  ],
  CallRulesSet: (n) => [
    created(),
    ...range(n).map((): EventDraft => ({ type: 'CallRulesSet', data: { minimumMinutes: 2 } })),
  ],
  EntryOpened: (n) => [
    created(),
    ...range(n).map(
      (): EventDraft => ({
        type: 'EntryOpened',
        data: { cap: 10, closesAt: '2009-03-01T09:00:00+09:00', mode: 'waiting-list' },
      }),
    ),
  ],
  EntryClosed: (n) => [created(), ...range(n).map((): EventDraft => ({ type: 'EntryClosed', data: {} }))],
  // Half registered at once, half on the waiting list; each entrant also shares a name with the one before.
  EntryReceived: (n) => [
    created(),
    ...range(n).map(
      (i): EventDraft => ({
        type: 'EntryReceived',
        data: {
          entrant: { id: p(i), name: `名前${Math.ceil(i / 2)}`, reading: 'なまえ', cardGameId: String(1e9 + i) },
          status: i % 2 === 0 ? 'waiting' : 'registered',
          duplicateOf: [],
        },
      }),
    ),
  ],
  // One draw of n applicants, half drawn and half waiting.
  LotteryDrawn: (n) => [
    created(),
    {
      type: 'LotteryDrawn',
      data: { seed: 7, drawn: range(n / 2).map(p), waiting: range(n / 2).map((i) => p(n / 2 + i)) },
    },
  ],
  DecklistDeadlineSet: (n) => [
    created(),
    ...range(n).map((): EventDraft => ({ type: 'DecklistDeadlineSet', data: { until: '2009-03-01T09:00:00+09:00' } })),
  ],
  DecklistPublicationSet: (n) => [
    created(),
    ...range(n).map((): EventDraft => ({ type: 'DecklistPublicationSet', data: { scope: { kind: 'top', top: 8 } } })),
  ],
  EntryFeeSet: (n) => [
    created(),
    ...range(n).map((i): EventDraft => ({ type: 'EntryFeeSet', data: { amount: 500 + i, currency: 'JPY' } })),
  ],
  FeePaymentRecorded: (n) => [
    ...field(n),
    { type: 'EntryFeeSet', data: { amount: 1000, currency: 'JPY' } },
    ...range(n).map(
      (i): EventDraft => ({
        type: 'FeePaymentRecorded',
        data: { player: p(i), paid: true, by: { id: 'desk', role: 'scorekeeper' } },
      }),
    ),
  ],
  // Every player answers once (at entry, registration or the desk): a ledger, not a copied map.
  FilmingConsentRecorded: (n) => [
    ...field(n),
    ...range(n).map(
      (i): EventDraft => ({ type: 'FilmingConsentRecorded', data: { player: p(i), consent: i % 2 === 0 } }),
    ),
  ],
  // A round's feature tables marked again and again (a bounded list per round).
  FeatureTablesMarked: (n) => [
    ...roundOne(n),
    ...range(n).map((i): EventDraft => ({ type: 'FeatureTablesMarked', data: { round: 1, tables: [1 + (i % 4)] } })),
  ],
  PlayerCheckedIn: (n) => [
    ...field(n),
    ...range(n).map(
      (i): EventDraft => ({ type: 'PlayerCheckedIn', data: { player: p(i), by: { id: p(i), role: 'player' } } }),
    ),
  ],
};

/** Any built-in method, as it is patched. */
type Builtin = (this: any, ...args: any[]) => any;

/** Elements the built-in collections visit while `run` runs (synchronously). */
function countVisits(run: () => void): number {
  let visits = 0;
  const restore: (() => void)[] = [];
  const patch = (owner: object, key: PropertyKey, wrap: (original: Builtin) => Builtin): void => {
    const original = Reflect.get(owner, key) as Builtin;
    Object.defineProperty(owner, key, { value: wrap(original), writable: true, configurable: true });
    restore.push(() => Object.defineProperty(owner, key, { value: original, writable: true, configurable: true }));
  };
  const bySize = (original: Builtin) =>
    function (this: { length?: number; size?: number }, ...args: unknown[]) {
      visits += this.length ?? this.size ?? 0;
      return original.apply(this, args);
    };
  const stepwise = (original: Builtin) =>
    function (this: unknown, ...args: unknown[]) {
      const inner = original.apply(this, args) as Iterator<unknown>;
      return {
        next: () => {
          visits += 1;
          return inner.next();
        },
        [Symbol.iterator]() {
          return this;
        },
      };
    };
  const methods = [
    'concat',
    'every',
    'filter',
    'find',
    'findIndex',
    'flatMap',
    'forEach',
    'includes',
    'indexOf',
    'join',
  ];
  for (const m of [...methods, 'map', 'reduce', 'slice', 'some', 'sort']) patch(Array.prototype, m, bySize);
  for (const m of [Symbol.iterator, 'values', 'entries', 'keys']) patch(Array.prototype, m, stepwise);
  for (const proto of [Map.prototype, Set.prototype]) {
    patch(proto, 'forEach', bySize);
    for (const m of [Symbol.iterator, 'values', 'entries', 'keys']) patch(proto, m, stepwise);
  }
  for (const m of ['keys', 'values', 'entries', 'fromEntries', 'assign']) {
    patch(Object, m, (original) => (...args: unknown[]) => {
      const [first, second] = args;
      const counted = m === 'assign' ? second : first;
      if (counted && typeof counted === 'object') visits += Reflect.ownKeys(counted).length;
      return original(...args);
    });
  }
  try {
    run();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return visits;
}

/** The most keys a plain object of the state holds (the pack's content aside: it is fixed). */
function widestObject(state: unknown): number {
  const seen = new WeakSet<object>();
  let widest = 0;
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value) || value instanceof Set) for (const v of value) walk(v);
    else if (value instanceof Map) for (const entry of value) walk(entry);
    else if (Symbol.iterator in value) for (const v of value as Iterable<unknown>) walk(v);
    else {
      const proto = Object.getPrototypeOf(value);
      if (proto === Object.prototype || proto === null) widest = Math.max(widest, Object.keys(value).length);
      for (const [k, v] of Object.entries(value)) if (k !== 'pack') walk(v);
    }
  };
  walk(state);
  return widest;
}

describe('folding costs work linear in the events, whatever their kind', () => {
  it.each(Object.keys(LOGS) as TournamentEventType[])('%s: twice the events, at most about twice the work', (type) => {
    const [small, large] = [N, 2 * N].map((n) => {
      const events: TournamentEvent[] = stamp(LOGS[type](n));
      expect(events.filter((e) => e.type === type).length).toBeGreaterThanOrEqual(
        ['RoundPaired', 'SwissCut', 'PhaseStarted', 'PrizeListSet', 'LotteryDrawn'].includes(type) ? 1 : n,
      );
      let state: unknown;
      const work = countVisits(() => {
        state = fold(events);
      });
      return { work, widest: widestObject(state) };
    }) as [{ work: number; widest: number }, { work: number; widest: number }];
    expect(large.work, `${type}: ${small.work} visits for ${N}, ${large.work} for ${2 * N}`).toBeLessThanOrEqual(
      2.5 * small.work + 100,
    );
    expect(large.widest, `${type}: an object of the state grows with the events`).toBe(small.widest);
  });
});
