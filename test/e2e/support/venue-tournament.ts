import type { ConsoleServer } from './console-server.js';
import { StaffApi } from './staff-api.js';

/** A staff account that may register, pair, start, extend time and enter results. */
const FLOOR = { username: 'venue-staff', password: 'venue-staff-password-1' } as const;

// Family and given names, in kana so that name order is 五十音 order without readings.
const FAMILY = ['あおき', 'いのうえ', 'うえだ', 'えんどう', 'おがわ', 'かとう', 'きむら', 'くどう'];
const GIVEN = ['あきら', 'いさむ', 'うみ', 'えみ', 'おさむ', 'かおる', 'きよし', 'くみ'];

/** `count` distinct player names (kana, several thousand apart by a number when the lists run out). */
export function venueNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const family = FAMILY[i % FAMILY.length]!;
    const given = GIVEN[Math.floor(i / FAMILY.length) % GIVEN.length]!;
    const lap = Math.floor(i / (FAMILY.length * GIVEN.length));
    return lap === 0 ? `${family} ${given}` : `${family} ${given} ${lap + 1}`;
  });
}

export interface VenueTournament {
  readonly id: string;
  /** Signed in with the organizer role. */
  readonly organizer: StaffApi;
  /** Signed in as scorekeeper and head judge. */
  readonly staff: StaffApi;
  readonly players: readonly { readonly id: string; readonly name: string }[];
}

/**
 * A Swiss tournament on a fresh console server with `players` imported in one write and
 * round 1 paired (posted, not started): the e2e tests' and the benchmark's starting point.
 */
export async function venueTournament(server: ConsoleServer, players: number): Promise<VenueTournament> {
  const organizer = new StaffApi(server.url);
  await organizer.login(server.firstLogin.username, server.firstLogin.password);
  const changed = await organizer.send('POST', '/api/auth/password', {
    currentPassword: server.firstLogin.password,
    newPassword: 'venue-organizer-password-1',
  });
  if (changed.status !== 200) throw new Error(`password change: ${changed.status}`);
  await organizer.createAccount(FLOOR.username, ['scorekeeper', 'head-judge'], FLOOR.password);
  const staff = new StaffApi(server.url);
  await staff.login(FLOOR.username, FLOOR.password);
  const created = await organizer.send('POST', '/api/tournaments', {
    name: '会場テスト大会',
    date: '2011-06-01',
    decklistsRequired: false,
    roundMinutes: 40,
    structure: { kind: 'swiss', rounds: 5, topCut: 0 },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const list = venueNames(players).map((name, i) => ({ id: String(4_000_000_000 + i), name }));
  const imported = await staff.send('POST', `/api/tournaments/${id}/players/import`, { players: list });
  if (imported.status !== 201) throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
  const paired = await staff.send('POST', `/api/tournaments/${id}/rounds`, { round: 1, startLater: true });
  if (paired.status !== 201) throw new Error(`pair: ${paired.status} ${JSON.stringify(paired.body)}`);
  return { id, organizer, staff, players: list };
}
