import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { IdempotencyKeyReuseError, type EventStore } from '../../src/app/event-store.js';
import { pairingsView } from '../../src/app/projections/pairings-view.js';
import { playerHistory } from '../../src/app/projections/player-history.js';
import { standingsAfter } from '../../src/app/projections/standings-view.js';
import { DECIDE_CHUNK, FOLD_CHUNK, TournamentService } from '../../src/app/tournament-service.js';
import { turnCounter } from '../support/turn-counter.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { PACK, at, meta, settings } from '../tournament/fixtures.js';
import { issue } from '../tournament/penalty-fixtures.js';

let dir: string;
let store: EventStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shinpan-service-'));
  store = await openEventStore({ kind: 'sqlite', path: join(dir, 'events.db') });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const create = (id: string, name = '店舗大会'): TournamentCommand => ({
  type: 'CreateTournament',
  data: { tournamentId: id, settings: { ...settings({ kind: 'swiss', rounds: 2, topCut: 0 }), name }, pack: PACK },
  meta: meta('organizer'),
});
const register = (id: string, name: string): TournamentCommand => ({
  type: 'RegisterPlayer',
  data: { player: { id, name } },
  meta: meta('scorekeeper'),
});
const pair = (round: number): TournamentCommand => ({
  type: 'PairRound',
  data: { round },
  meta: meta('scorekeeper', { at: at(60 * round) }),
});

async function must(service: TournamentService, id: string, command: TournamentCommand, expectedVersion?: number) {
  const result = await service.execute(id, command, expectedVersion === undefined ? {} : { expectedVersion });
  if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
  return result.value;
}

async function started(service: TournamentService): Promise<Tournament> {
  await must(service, 't1', create('t1'));
  for (const [id, name] of [
    ['0001', '遊城十代'],
    ['0002', '丸藤亮'],
    ['0003', '天上院明日香'],
    ['0004', '万丈目準'],
  ] as const) {
    await must(service, 't1', register(id, name));
  }
  const paired = await must(service, 't1', pair(1));
  if (paired.state.status === 'none') throw new Error('no tournament');
  return paired.state;
}

describe('TournamentService', () => {
  it('appends decided events with the actor and time, and returns the new version', async () => {
    const service = new TournamentService(store, { newSeed: () => 11 });
    const state = await started(service);
    expect(state.rounds[0]?.seed).toBe(11);
    expect((await service.load('t1')).version).toBe(6);
    const stored = await store.read('t1');
    expect(stored.map((e) => [e.seq, e.type, e.actor])).toEqual([
      [1, 'TournamentCreated', 'organizer'],
      [2, 'PlayerRegistered', 'scorekeeper'],
      [3, 'PlayerRegistered', 'scorekeeper'],
      [4, 'PlayerRegistered', 'scorekeeper'],
      [5, 'PlayerRegistered', 'scorekeeper'],
      [6, 'RoundPaired', 'scorekeeper'],
    ]);
    expect(stored[0]).toEqual({
      tournamentId: 't1',
      seq: 1,
      type: 'TournamentCreated',
      data: {
        tournamentId: 't1',
        settings: { ...settings({ kind: 'swiss', rounds: 2, topCut: 0 }), name: '店舗大会' },
        pack: PACK,
      },
      actor: 'organizer',
      at: meta('organizer').at,
    });
    expect(stored[5]?.at).toBe(at(60));
  });

  it('returns domain errors as values and writes nothing', async () => {
    const service = new TournamentService(store);
    await must(service, 't1', create('t1'));
    const result = await service.execute('t1', register('', 'x'));
    expect(result.ok || result.error.code).toBe('invalid-command');
    expect((await service.load('t1')).version).toBe(1);
  });

  it('refuses a write decided on a stale version with version-conflict, from the caller or from a race', async () => {
    const a = new TournamentService(store);
    const b = new TournamentService(store);
    await must(a, 't1', create('t1'));
    await must(b, 't1', register('0001', 'A'), 1);
    const stale = await a.execute('t1', register('0002', 'B'), { expectedVersion: 1 });
    expect(stale.ok || stale.error).toMatchObject({ code: 'version-conflict', details: { expected: 1, actual: 2 } });
    const [x, y] = await Promise.all([
      a.execute('t1', register('0003', 'C'), { expectedVersion: 2 }),
      b.execute('t1', register('0004', 'D'), { expectedVersion: 2 }),
    ]);
    expect([x.ok, y.ok].sort()).toEqual([false, true]);
    const loser = x.ok ? y : x;
    expect(loser.ok || loser.error.code).toBe('version-conflict');
    expect((await a.load('t1')).version).toBe(3);
  });

  it('decides a write without an expected version again when it lost a race, so both are written', async () => {
    const a = new TournamentService(store);
    const b = new TournamentService(store);
    await must(a, 't1', create('t1'));
    const [x, y] = await Promise.all([a.execute('t1', register('0003', 'C')), b.execute('t1', register('0004', 'D'))]);
    expect([x.ok, y.ok]).toEqual([true, true]);
    const loaded = await a.load('t1');
    expect(loaded.version).toBe(3);
    expect(loaded.state.status === 'none' ? [] : loaded.state.players.map((p) => p.id).sort()).toEqual([
      '0003',
      '0004',
    ]);
  });

  it('answers a keyed retry from the store after a restart, without an expected version, and refuses the key for another request', async () => {
    const first = new TournamentService(store);
    await must(first, 't1', create('t1'));
    const written = await first.write('t1', { commands: [register('0001', 'A')], idempotencyKey: 'reg-1' });
    if (!written.ok) throw new Error(written.error.error.code);
    const restarted = new TournamentService(store);
    const retry = await restarted.write('t1', {
      commands: [{ ...register('0001', 'A'), meta: meta('scorekeeper', { at: at(5) }) }],
      idempotencyKey: 'reg-1',
    });
    expect(retry.ok && { replayed: retry.value.replayed, events: retry.value.events }).toEqual({
      replayed: true,
      events: written.value.events,
    });
    expect((await restarted.load('t1')).version).toBe(2);
    await expect(
      restarted.write('t1', { commands: [register('0002', 'B')], idempotencyKey: 'reg-1' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
  });

  it('answers a keyed retry the current state would accept again from its key, writing nothing twice', async () => {
    const first = new TournamentService(store);
    await must(first, 't1', create('t1'));
    await must(first, 't1', register('0001', 'A'));
    const penalty = issue('0001', 'outside-advice', 'between-matches', { facts: { affectedResult: false } });
    const written = await first.write('t1', { commands: [penalty], idempotencyKey: 'pen-1' });
    if (!written.ok) throw new Error(written.error.error.code);
    await must(first, 't1', register('0002', 'B'));
    // A second identical penalty would be accepted: only the key tells it is a retry.
    const restarted = new TournamentService(store);
    const retry = await restarted.write('t1', {
      commands: [{ ...penalty, meta: meta('judge', { at: at(5) }) }],
      idempotencyKey: 'pen-1',
    });
    expect(
      retry.ok && { replayed: retry.value.replayed, events: retry.value.events, version: retry.value.version },
    ).toEqual({
      replayed: true,
      events: written.value.events,
      version: 4,
    });
    expect((await store.read('t1')).filter((e) => e.type === 'PenaltyIssued')).toHaveLength(1);
  });

  it('pipelines writes to one tournament: each decided on the one before, all durable, in order', async () => {
    const service = new TournamentService(store);
    await must(service, 't1', create('t1'));
    const ids = Array.from({ length: 40 }, (_, i) => String(i + 1).padStart(4, '0'));
    const results = await Promise.all(ids.map((id) => service.execute('t1', register(id, `P${id}`))));
    expect(results.every((r) => r.ok)).toBe(true);
    const stored = await store.read('t1');
    expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(stored.slice(1).map((e) => (e.data as { player: { id: string } }).player.id)).toEqual(ids);
    const duplicate = await Promise.all([
      service.execute('t1', register('0100', 'X')),
      service.execute('t1', register('0100', 'X')),
    ]);
    expect(duplicate.map((r) => r.ok || r.error.code)).toEqual([true, 'duplicate-player']);
  });

  it('answers a retry of the same write with the events it stored, pairing the same way', async () => {
    const service = new TournamentService(store);
    await must(service, 't1', create('t1'));
    for (const id of ['1', '2', '3', '4', '5']) await must(service, 't1', register(id, `P${id}`));
    const first = await service.execute('t1', pair(1), { expectedVersion: 6, idempotencyKey: 'pair-1' });
    const retry = await service.execute(
      't1',
      { ...pair(1), meta: meta('scorekeeper', { at: at(61) }) },
      { expectedVersion: 6, idempotencyKey: 'pair-1' },
    );
    if (!first.ok || !retry.ok) throw new Error('expected both to succeed');
    expect(retry.value.replayed).toBe(true);
    expect(retry.value.events).toEqual(first.value.events);
    expect(retry.value.version).toBe(7);
    const other = await service.execute('t1', pair(1), { expectedVersion: 6, idempotencyKey: 'another' });
    expect(other.ok || other.error.code).toBe('version-conflict');
  });

  it('rebuilds identical state and standings from the log in a fresh service, and follows writes by others', async () => {
    const service = new TournamentService(store, { newSeed: () => 3 });
    const state = await started(service);
    for (const m of state.rounds[0]?.matches ?? []) {
      await must(service, 't1', {
        type: 'ReportResult',
        data: { round: 1, table: m.table, duels: [m.players[0], m.players[1], m.players[0]] },
        meta: meta('judge'),
      });
    }
    await must(
      service,
      't1',
      issue(state.rounds[0]?.matches[0]?.players[1] ?? '', 'outside-advice', 'between-matches', {
        facts: { affectedResult: false },
      }),
    );
    const live = await service.load('t1');
    const fresh = await new TournamentService(store).load('t1');
    expect(fresh).toStrictEqual(live);
    if (fresh.state.status === 'none' || live.state.status === 'none') throw new Error('no tournament');
    expect(JSON.stringify(standingsAfter(fresh.state))).toBe(JSON.stringify(standingsAfter(live.state)));

    const other = new TournamentService(store);
    await must(other, 't1', { type: 'EndRound', data: { round: 1 }, meta: meta('scorekeeper') });
    const followed = await service.load('t1');
    expect(followed.version).toBe(live.version + 1);
    expect(followed.state.status !== 'none' && followed.state.rounds[0]?.ended).toBe(true);
  });

  it('refuses to fold a log with an event type it does not know, naming where', async () => {
    await store.append('t9', 0, [{ type: 'TournamentRenamed', data: {}, actor: 'x', at: at(0) }]);
    await expect(new TournamentService(store).load('t9')).rejects.toThrow(
      'tournament t9, event 1: unknown event type "TournamentRenamed"',
    );
  });
});

describe('projections', () => {
  it('show the pairings with names, seat marks and results, and a player’s history', async () => {
    const service = new TournamentService(store, { newSeed: () => 5 });
    const state = await started(service);
    const [p, q] = state.rounds[0]?.matches[0]?.players ?? ['', ''];
    await must(service, 't1', {
      type: 'MarkSeated',
      data: { round: 1, table: 1, player: p },
      meta: meta('judge', { at: at(62) }),
    });
    await must(service, 't1', {
      type: 'ReportResult',
      data: { round: 1, table: 1, duels: [q, q] },
      meta: meta('judge'),
    });
    const loaded = await service.load('t1');
    if (loaded.state.status === 'none') throw new Error('no tournament');
    const view = pairingsView(loaded.state, 1);
    expect(view?.tables[0]).toMatchObject({
      table: 1,
      players: [
        { id: p, seatedAt: at(62), duelWins: 0 },
        { id: q, seatedAt: null, duelWins: 2 },
      ],
      outcome: { kind: 'win', winner: q, byPenalty: false },
    });
    expect(view?.seatTime).toBe(at(60));
    expect(playerHistory(loaded.state, p)?.rounds).toEqual([
      {
        round: 1,
        stage: 'swiss',
        bestOf: 3,
        phase: null,
        table: 1,
        opponent: { id: q, name: loaded.state.players.find((x) => x.id === q)?.name },
        result: 'loss',
        duelsWon: 0,
        duelsLost: 2,
        byPenalty: false,
      },
    ]);
    expect(playerHistory(loaded.state, 'nobody')).toBeUndefined();
  });
});

describe('official record', () => {
  it('lists recorded penalties per player across tournaments, without cautions or rescinded ones', async () => {
    const service = new TournamentService(store, { newSeed: () => 1 });
    for (const [id, name] of [
      ['t1', '三月大会'],
      ['t2', '四月大会'],
    ] as const) {
      await must(service, id, create(id, name));
      await must(service, id, register('0001', '遊城十代'));
      await must(service, id, register('0002', '丸藤亮'));
    }
    await must(service, 't1', issue('0001', 'outside-advice', 'between-matches', { facts: { affectedResult: false } }));
    await must(
      service,
      't1',
      issue('0001', 'misplay', 'between-matches', { facts: { significantDecisionSince: true } }),
    );
    await must(
      service,
      't2',
      issue('0001', 'stalling', 'between-matches', {
        role: 'head-judge',
        choice: { kind: 'other', penalty: 'warning', reason: '故意ではなかった' },
      }),
    );
    await must(service, 't2', issue('0002', 'outside-advice', 'between-matches', { facts: { affectedResult: false } }));
    await must(service, 't2', {
      type: 'RescindPenalty',
      data: { penaltyId: 2, reason: '別人だった' },
      meta: meta('head-judge'),
    });

    const record = await service.officialRecord();
    expect([...record.keys()]).toEqual(['0001']);
    expect(record.get('0001')).toEqual([
      {
        tournamentId: 't1',
        tournamentName: '三月大会',
        date: '2009-03-01',
        penaltyId: 1,
        round: 0,
        table: null,
        infraction: 'outside-advice',
        penalty: 'warning',
        issuedAs: null,
        judge: { id: 'judge', role: 'judge' },
        at: meta('judge').at,
        deviationReason: null,
        appealReason: null,
        appealDeniedReason: null,
      },
      {
        tournamentId: 't2',
        tournamentName: '四月大会',
        date: '2009-03-01',
        penaltyId: 1,
        round: 0,
        table: null,
        infraction: 'stalling',
        penalty: 'warning',
        issuedAs: null,
        judge: { id: 'head-judge', role: 'head-judge' },
        at: meta('judge').at,
        deviationReason: '故意ではなかった',
        appealReason: null,
        appealDeniedReason: null,
      },
    ]);
  });
});

describe('a long batch', () => {
  it(`is decided in chunks of ${DECIDE_CHUNK} commands, the event loop turning between them, and written whole`, async () => {
    const service = new TournamentService(store);
    await must(service, 't1', create('t1'));
    const count = DECIDE_CHUNK * 8;
    const commands = Array.from({ length: count }, (_, i) => register(String(1_000_000_000 + i), `選手${i}`));
    const loop = turnCounter();
    // The turns counted when the first command and the last were decided (their meta is read to decide them).
    const seen = (command: TournamentCommand, at: number[]) => {
      const { meta: own, ...rest } = command;
      return Object.defineProperty(rest, 'meta', {
        get: () => {
          at.push(loop.turns);
          return own;
        },
        enumerable: true,
      }) as TournamentCommand;
    };
    const first: number[] = [];
    const last: number[] = [];
    commands[0] = seen(commands[0]!, first);
    commands[count - 1] = seen(commands[count - 1]!, last);
    const written = await service.write('t1', { commands });
    loop.stop();
    expect(written.ok).toBe(true);
    expect(written.ok && written.value.version).toBe(1 + count);
    expect(written.ok && written.value.state.status !== 'none' && written.value.state.players.length).toBe(count);
    // Decided once (the write took the decision made in chunks), with a turn of the loop between each chunk.
    expect(Math.max(...last) - Math.min(...first)).toBeGreaterThanOrEqual(count / DECIDE_CHUNK - 1);
    // A write landing while a batch is decided in chunks: the batch is decided again on the state
    // it left, so its player of the same id is refused, not registered twice.
    const batch = Array.from({ length: DECIDE_CHUNK * 2 }, (_, i) => register(String(2_000_000_000 + i), `選手${i}`));
    const late = batch[batch.length - 1]!;
    const batchWritten = service.write('t1', { commands: batch });
    const single = await service.execute('t1', late);
    expect(single.ok).toBe(true);
    const refused = await batchWritten;
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatchObject({
      index: batch.length - 1,
      error: { code: 'duplicate-player' },
    });
    expect((await service.load('t1')).version).toBe(2 + count);
  });
});

describe('a long log read at once (a restarted process)', () => {
  it(`is folded ${FOLD_CHUNK} events at a time, the event loop turning between them, to the same state`, async () => {
    const writer = new TournamentService(store);
    await must(writer, 't1', create('t1'));
    const count = FOLD_CHUNK * 3;
    const commands = Array.from({ length: count }, (_, i) => register(String(1_000_000_000 + i), `選手${i}`));
    const written = await writer.write('t1', { commands });
    expect(written.ok).toBe(true);
    const loop = turnCounter();
    const restarted = new TournamentService(store);
    const before = loop.turns;
    // Two reads at once: the second waits for the first's fold rather than folding the log again.
    const [loaded, again] = await Promise.all([restarted.load('t1'), restarted.load('t1')]);
    loop.stop();
    expect(loop.turns - before).toBeGreaterThanOrEqual(count / FOLD_CHUNK - 1);
    expect(loaded.version).toBe(1 + count);
    expect(again.state).toBe(loaded.state);
    const players = (s: typeof loaded.state) => (s.status === 'none' ? [] : s.players);
    expect(players(loaded.state)).toEqual(players(written.ok ? written.value.state : loaded.state));
    expect(loaded.state.status !== 'none' && loaded.state.roster.seated).toBe(count);
  });
});
