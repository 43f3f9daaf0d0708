import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { renamedFact, renamedId, renamedPack } from '../support/renamed-pack.js';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Issue #17 point 3 through the server: a tournament created with a pack whose infraction ids
 * and fact names are all renamed gets a late list, a one-call tardiness confirmation and a deck
 * check in the pack's names (before, the clock assumed "tardiness" and answered an empty list).
 */

const decks = new URL('../../catalogue/decks/', import.meta.url).pathname;
const ydk = (name: string) => ({ format: 'ydk', text: readFileSync(`${decks}${name}`, 'utf8') });
const T = '/api/tournaments/renamed';
const players = [
  { id: '0000000001', name: '遊城十代', decklist: ydk('quickdraw-synchro.ydk') },
  { id: '0000000002', name: '丸藤亮' },
];

let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  staff = await staffOf(server);
  const created = await staff.organizer.post('/api/tournaments', {
    id: 'renamed',
    name: '改名パック大会',
    date: '2011-06-01',
    structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    pack: renamedPack(loadDefaultPack()),
  });
  expect(created.status).toBe(201);
  for (const p of players) expect((await staff.scorekeeper.post(`${T}/players`, p)).status).toBe(201);
  const paired = await staff.scorekeeper.post(`${T}/rounds`, { round: 1, seatTime: '2025-06-01T09:00:00.000Z' });
  expect(paired.status).toBe(201);
});
afterAll(async () => server.close());

describe('a tournament under a pack with every infraction id and fact name renamed', () => {
  it('lists the late players and confirms their tardiness in the pack names, raising it at +5', async () => {
    server.clock.advanceMinutes(2);
    const clock = await staff.judge.get(`${T}/rounds/1/clock`);
    // Both players of the one table, in seat order (which the pairing decides).
    expect(clock.body.late.map((l: { player: string; penalty: string }) => [l.player, l.penalty]).sort()).toEqual([
      ['0000000001', 'warning'],
      ['0000000002', 'warning'],
    ]);
    const confirmed = await staff.judge.post(`${T}/rounds/1/late/0000000001/confirm`, { expectedPenalty: 'warning' });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.penalty).toMatchObject({
      penalty: 'warning',
      report: { infraction: renamedId('tardiness'), facts: { [renamedFact('minutesLate')]: 2 } },
    });
    server.clock.advanceMinutes(4);
    const raised = await staff.judge.post(`${T}/rounds/1/late/0000000001/confirm`, { expectedPenalty: 'duel-loss' });
    expect(raised.status).toBe(201);
    expect(raised.body.penalty).toMatchObject({
      penaltyId: confirmed.body.penalty.penaltyId,
      penalty: 'duel-loss',
      report: { infraction: renamedId('tardiness'), facts: { [renamedFact('minutesLate')]: 6 } },
    });
  });

  it("proposes a deck check's infractions by the pack's ids", async () => {
    const check = await staff.judge.post(`${T}/deck-checks`, {
      player: '0000000001',
      deck: ydk('quickdraw-broken.ydk'),
    });
    expect(check.status).toBe(200);
    expect([...check.body.proposedInfractions].sort()).toEqual(
      [
        renamedId('deck-over-3-copies'),
        renamedId('deck-over-limit'),
        renamedId('deck-unusable-card'),
        renamedId('decklist-mismatch'),
      ].sort(),
    );
    expect(check.body.findings.every((f: { infraction: string }) => f.infraction.startsWith('renamed-'))).toBe(true);
  });
});
