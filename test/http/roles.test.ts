import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './support/http-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Who may call each route, written out by hand from the spec and the roles table of docs/server.md
 * (not derived from the code's own tables): every route is called by every role; a role not
 * listed must be refused (401 for the public, 403 for staff), a role listed must get through
 * (whatever the tournament then says about the request itself).
 */

type Role = 'public' | 'organizer' | 'head-judge' | 'judge' | 'scorekeeper';
const STAFF: Role[] = ['organizer', 'head-judge', 'judge', 'scorekeeper'];
const EVERYONE: Role[] = ['public', ...STAFF];

interface Case {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly may: readonly Role[];
}

const T = '/api/tournaments/roles';
/** A tournament of two Swiss rounds with round 1 played, where day two can start. */
const DAYS = '/api/tournaments/roles-days';
const [P1, P2] = [PLAYERS[0].id, PLAYERS[1].id];
/** A tournament whose round 1 is paired held. */
const HELD = '/api/tournaments/roles-held';
/** Registered by the table itself, so still without a match when its decklist is submitted. */
const LATE = '0000000099';
const warning = {
  player: '{table1}',
  report: { infraction: 'extra-draw', facts: { identifiable: true, decisive: false }, phase: 'in-duel' },
  choice: { kind: 'guideline' },
};
// Ten copies each of four cards: a parsed deck holds at most 10 of one card (DECK_BOUNDS).
const deck = {
  main: [89631139, 44508094, 83764718, 19613556].flatMap((p) => Array.from({ length: 10 }, () => p)),
  extra: [],
  side: [],
};

const CASES: readonly Case[] = [
  { method: 'GET', path: '/api/health', may: EVERYONE },
  { method: 'GET', path: '/api/ready', may: EVERYONE },
  { method: 'GET', path: '/api/venue', may: EVERYONE },
  { method: 'GET', path: '/api/auth/me', may: EVERYONE },
  { method: 'POST', path: '/api/auth/tokens', body: { label: 'script' }, may: STAFF },
  { method: 'GET', path: '/api/accounts', may: ['organizer'] },
  {
    method: 'POST',
    path: '/api/accounts',
    body: { username: 'new-staff', displayName: 'x', roles: ['judge'], password: 'new-staff-password' },
    may: ['organizer'],
  },
  { method: 'PATCH', path: '/api/accounts/{dummy}', body: { displayName: 'renamed' }, may: ['organizer'] },
  { method: 'POST', path: '/api/accounts/{dummy}/password-reset', may: ['organizer'] },
  { method: 'GET', path: '/api/auth/tokens', may: STAFF },
  { method: 'GET', path: '/api/webhooks', may: ['organizer'] },
  {
    method: 'POST',
    path: '/api/webhooks',
    body: { url: 'https://hooks.example.com/shinpan', secret: 'whsec-0123456789ab', events: ['round.published'] },
    may: ['organizer'],
  },
  { method: 'GET', path: '/api/webhooks/{webhook}/deliveries', may: ['organizer'] },
  // A closed loopback port: the test delivery fails here, nothing leaves the machine.
  { method: 'POST', path: '/api/webhooks/{webhook}/test', may: ['organizer'] },
  { method: 'DELETE', path: '/api/webhooks/{webhook}', may: ['organizer'] },
  { method: 'GET', path: '/api/tournaments', may: EVERYONE },
  {
    method: 'POST',
    path: '/api/tournaments',
    body: { name: 'x', date: '2025-06-01', structure: { kind: 'swiss', rounds: 3, topCut: 0 } },
    may: ['organizer'],
  },
  { method: 'GET', path: T, may: EVERYONE },
  { method: 'GET', path: `${T}/calendar.ics`, may: EVERYONE },
  {
    method: 'PUT',
    path: `${T}/deck-rules`,
    body: { banlist: '2011.3.1', reason: 'the announced list' },
    may: ['organizer'],
  },
  {
    method: 'PUT',
    path: `${T}/prizes`,
    body: { prizes: [{ id: 'p1', name: 'Playmat', rule: { kind: 'rank', from: 1, to: 1 } }] },
    may: ['organizer'],
  },
  { method: 'GET', path: `${T}/players`, may: EVERYONE },
  { method: 'POST', path: `${T}/players`, body: { id: LATE, name: '海馬瀬人' }, may: ['organizer', 'scorekeeper'] },
  {
    method: 'POST',
    path: `${T}/players/import`,
    body: { players: [{ id: '0000000098', name: '武藤遊戯' }] },
    may: ['organizer', 'scorekeeper'],
  },
  {
    method: 'POST',
    path: `${T}/players/import/preview`,
    body: { csv: 'id,name\n0000000097,武藤双六\n' },
    may: ['organizer', 'scorekeeper'],
  },
  { method: 'GET', path: `${T}/players/${P1}/slip`, may: ['organizer', 'scorekeeper'] },
  { method: 'PUT', path: `${T}/players/${LATE}/decklist`, body: { decklist: deck }, may: ['organizer', 'scorekeeper'] },
  { method: 'GET', path: `${T}/players/${P1}/decklist`, may: STAFF },
  {
    method: 'POST',
    path: `${T}/players/${P1}/details`,
    body: { reading: 'よみ' },
    may: ['organizer', 'scorekeeper'],
  },
  {
    method: 'POST',
    path: `${T}/players/drop-me/drop`,
    body: { reason: 'went home' },
    may: ['organizer', 'head-judge', 'scorekeeper'],
  },
  { method: 'POST', path: `${T}/deck-checks`, body: { player: P1, deck }, may: ['head-judge', 'judge'] },
  // Players' own page and check-in (the public needs the slip code; staff none), before round 1.
  { method: 'GET', path: `${T}/slips`, may: ['organizer', 'scorekeeper'] },
  { method: 'GET', path: `${T}/players/${P1}/page`, may: STAFF },
  { method: 'POST', path: `${T}/players/${P2}/check-in`, body: {}, may: STAFF },
  { method: 'GET', path: `${T}/check-ins`, may: STAFF },
  // A player's answer to being filmed, recorded at the desk (issue 43).
  { method: 'PUT', path: `${T}/players/${P2}/filming`, body: { consent: true }, may: STAFF },
  { method: 'GET', path: `${T}/venue-code`, may: STAFF },
  // The entry fee: the organizer sets it; whoever checks players in takes it.
  { method: 'PUT', path: `${T}/entry-fee`, body: { amount: 1000 }, may: ['organizer'] },
  { method: 'POST', path: `${T}/players/${P1}/fee-payment`, body: { paid: true }, may: STAFF },
  // Off as it is: the same setting writes nothing, so the cases after it check in without the venue code.
  { method: 'PUT', path: `${T}/check-in-venue-code`, body: { required: false }, may: ['organizer'] },
  { method: 'PUT', path: `${T}/player-reporting`, body: { enabled: true }, may: ['organizer'] },
  { method: 'PUT', path: `${T}/player-pairing-reasons`, body: { shown: true }, may: ['organizer'] },
  { method: 'GET', path: `${T}/player-reports`, may: STAFF },
  // Public entry before round 1: the cap is below the four players, so entries wait and nobody joins round 1.
  { method: 'PUT', path: `${T}/decklist-publication`, body: { scope: { kind: 'all' } }, may: ['organizer'] },
  {
    method: 'PUT',
    path: `${T}/entry`,
    body: { cap: 1, closesAt: '2025-06-02T00:00:00.000Z', mode: 'waiting-list' },
    may: ['organizer'],
  },
  { method: 'GET', path: `${T}/entry`, may: EVERYONE },
  { method: 'POST', path: `${T}/entries`, body: { name: '万丈目準', reading: 'マンジョウメ ジュン' }, may: EVERYONE },
  { method: 'GET', path: `${T}/entries`, may: STAFF },
  { method: 'POST', path: `${T}/entry/close`, body: {}, may: ['organizer'] },
  { method: 'PUT', path: `${T}/decklist-deadline`, body: { until: null }, may: ['organizer'] },
  { method: 'GET', path: `${T}/decklists`, may: STAFF },
  { method: 'GET', path: `${T}/cards?q=ブラック`, may: EVERYONE },
  { method: 'GET', path: `${T}/players/${P1}/decklist/receipt`, may: STAFF },
  { method: 'GET', path: `${T}/players/${LATE}/decklist/sheet`, may: STAFF },
  {
    method: 'POST',
    path: `${T}/rounds`,
    body: { round: 1, startLater: true, acceptDecklists: { reason: 'the late entry shows a paper list' } },
    may: ['organizer', 'scorekeeper'],
  },
  {
    method: 'POST',
    path: `${T}/rounds/1/start`,
    body: { seatTime: '2025-06-01T08:55:00.000Z' },
    may: ['organizer', 'scorekeeper', 'head-judge'],
  },
  // After round 1 is paired: only the head judge corrects a list the player has played with.
  {
    method: 'POST',
    path: `${T}/players/${P1}/decklist-correction`,
    body: { decklist: deck, reason: '禁止カードを差し替えたリスト' },
    may: ['head-judge'],
  },
  { method: 'GET', path: `${T}/rounds/1/pairings`, may: EVERYONE },
  { method: 'GET', path: `${T}/rounds/1/pairings/${P1}`, may: EVERYONE },
  { method: 'GET', path: `${T}/rounds/1/tables/1/player-reports`, may: STAFF },
  { method: 'GET', path: `${T}/rounds/1/clock`, may: EVERYONE },
  // Feature tables for the stream: those who pair mark them; the overlays are the public's.
  { method: 'PUT', path: `${T}/rounds/1/features`, body: { tables: [] }, may: ['organizer', 'scorekeeper'] },
  { method: 'GET', path: `${T}/rounds/1/features`, may: STAFF },
  { method: 'GET', path: `${T}/overlay`, may: EVERYONE },
  { method: 'GET', path: '/overlay/roles/feature?lang=en', may: EVERYONE },
  { method: 'GET', path: '/overlay/roles/standings', may: EVERYONE },
  { method: 'GET', path: '/overlay/roles/next?delay=5', may: EVERYONE },
  { method: 'GET', path: '/overlay/overlay.js', may: EVERYONE },
  { method: 'GET', path: '/overlay/overlay.css', may: EVERYONE },
  // The names of the tournament's staff (a judge's display name on calls and the log): its staff only.
  { method: 'GET', path: '/api/staff-names/roles', may: STAFF },
  { method: 'POST', path: `${T}/rounds/1/tables/1/seated`, body: { player: '{table1}' }, may: ['head-judge', 'judge'] },
  { method: 'POST', path: `${T}/rounds/1/seated`, body: { except: ['{table2}'] }, may: ['head-judge', 'judge'] },
  { method: 'POST', path: `${T}/rounds/1/tables/1/extensions`, body: { minutes: 2 }, may: ['head-judge', 'judge'] },
  // Judge calls: staff call for a table (a player with a code: judge-calls.test.ts); the judge claims and escalates, the head judge resolves.
  { method: 'POST', path: `${T}/calls`, body: { table: 1, note: '裁定' }, may: STAFF },
  { method: 'GET', path: `${T}/calls`, may: STAFF },
  { method: 'GET', path: `${T}/calls/floor`, may: STAFF },
  { method: 'PUT', path: `${T}/calls/rules`, body: { minimumMinutes: 2 }, may: ['organizer'] },
  { method: 'POST', path: `${T}/calls/1/claim`, may: ['judge', 'head-judge'] },
  { method: 'POST', path: `${T}/calls/1/escalate`, body: { note: '難しい裁定' }, may: ['judge'] },
  { method: 'POST', path: `${T}/calls/1/resolve`, body: { ruling: '続行' }, may: ['head-judge', 'judge'] },
  { method: 'POST', path: `${T}/rounds/1/late/{table2}/confirm`, body: {}, may: ['head-judge', 'judge'] },
  {
    method: 'POST',
    path: `${T}/penalties/assess`,
    body: { player: P1, infraction: 'tardiness', facts: { minutesLate: 3 }, phase: 'between-matches' },
    may: ['head-judge', 'judge'],
  },
  { method: 'POST', path: `${T}/penalties`, body: warning, may: ['head-judge', 'judge'] },
  { method: 'GET', path: `${T}/penalties`, may: STAFF },
  {
    method: 'POST',
    path: `${T}/requests`,
    body: {
      kind: 'penalty',
      penalty: { ...warning, choice: { kind: 'other', penalty: 'caution', reason: 'the card was shown at once' } },
      notes: 'drew one extra on the shuffle',
    },
    may: ['head-judge', 'judge'],
  },
  { method: 'GET', path: `${T}/requests`, may: STAFF },
  {
    method: 'POST',
    path: `${T}/requests/1/decision`,
    body: { outcome: 'refused', reason: 'the guideline fits' },
    may: ['head-judge'],
  },
  {
    method: 'POST',
    path: `${T}/penalties/1/appeal`,
    body: { outcome: 'changed', penalty: 'caution', reason: 'the opponent agreed it was shuffled back' },
    may: ['head-judge'],
  },
  {
    method: 'POST',
    path: `${T}/rounds/1/tables/1/result`,
    body: { duels: ['{table1}', '{table1}'] },
    may: ['head-judge', 'judge', 'scorekeeper'],
  },
  {
    method: 'PUT',
    path: `${T}/rounds/1/tables/1/result`,
    body: { duels: ['{table1}', 'draw', '{table1}'], reason: 'third duel was played' },
    may: ['head-judge', 'scorekeeper'],
  },
  {
    method: 'POST',
    path: `${T}/rounds/1/tables/2/result`,
    body: { duels: ['{table2opp}'] },
    may: ['head-judge', 'judge', 'scorekeeper'],
  },
  {
    method: 'POST',
    path: `${T}/rounds/1/tables/3/result`,
    body: { duels: ['{table3}', '{table3}'] },
    may: ['head-judge', 'judge', 'scorekeeper'],
  },
  { method: 'GET', path: `${T}/standings`, may: EVERYONE },
  { method: 'GET', path: '/api/policy', may: EVERYONE },
  { method: 'GET', path: `${T}/policy`, may: EVERYONE },
  {
    method: 'POST',
    path: '/api/assess',
    body: { infraction: 'tardiness', facts: { minutesLate: 2 }, phase: 'between-matches' },
    may: EVERYONE,
  },
  { method: 'GET', path: '/api/cards?q=44508094', may: EVERYONE },
  { method: 'GET', path: '/api/lists?date=2011-06-01', may: EVERYONE },
  {
    method: 'POST',
    path: '/api/card-databases',
    body: { name: 'x', format: 'jsonl', data: '{"id": 44508094, "en": "Stardust Dragon", "zone": "synchro"}\n' },
    may: ['organizer'],
  },
  { method: 'POST', path: '/api/decks/check', body: { deck, date: '2011-06-01' }, may: STAFF },
  { method: 'POST', path: '/api/decks/convert', body: { deck, to: 'ydke' }, may: EVERYONE },
  { method: 'GET', path: `${T}/players/${P2}/record`, may: STAFF },
  { method: 'GET', path: '/api/record', may: STAFF },
  { method: 'GET', path: `${T}/export`, may: STAFF },
  { method: 'GET', path: `${T}/penalties/1/incident-report?format=json`, may: ['head-judge'] },
  { method: 'GET', path: `${T}/report-bundle`, may: ['head-judge'] },
  { method: 'GET', path: `${T}/rounds/1/reasons`, may: STAFF },
  { method: 'POST', path: `${T}/rounds/1/end`, may: ['organizer', 'scorekeeper'] },
  { method: 'POST', path: `${T}/rounds/1/cut`, body: { maxLosses: 5 }, may: ['organizer', 'scorekeeper'] },
  { method: 'POST', path: `${DAYS}/phases`, body: { name: 'Day 2' }, may: ['organizer'] },
  { method: 'POST', path: `${T}/finish`, may: ['organizer', 'scorekeeper'] },
  // A held round: those who pair it fix and publish it; any staff may post a notice, anyone reads those to everyone.
  {
    method: 'POST',
    path: `${HELD}/rounds/1/swap`,
    body: { players: ['{held1}', '{held2}'] },
    may: ['organizer', 'scorekeeper'],
  },
  { method: 'POST', path: `${HELD}/rounds/1/publish`, body: {}, may: ['organizer', 'scorekeeper'] },
  { method: 'POST', path: `${HELD}/announcements`, body: { text: { ja: 'お知らせ', en: 'notice' } }, may: STAFF },
  { method: 'GET', path: `${HELD}/announcements`, may: EVERYONE },
  { method: 'POST', path: `${T}/prizes/p1/award`, may: ['organizer'] },
  { method: 'GET', path: `${T}/prizes`, may: STAFF },
  // Series: the organizer manages them, the public reads the list and the leaderboard.
  {
    method: 'POST',
    path: '/api/series',
    body: { id: 'RS', name: 'season', from: '2025-01-01', to: '2025-12-31', points: 'placement' },
    may: ['organizer'],
  },
  { method: 'GET', path: '/api/series', may: EVERYONE },
  { method: 'GET', path: '/api/series/RS', may: ['organizer'] },
  { method: 'POST', path: '/api/series/RS/tournaments', body: { tournament: 'roles' }, may: ['organizer'] },
  { method: 'GET', path: '/api/series/RS/standings', may: EVERYONE },
  {
    method: 'POST',
    path: '/api/series/RS/adjustments',
    body: { player: P1, points: 5, reason: 'judge program' },
    may: ['organizer'],
  },
  { method: 'POST', path: '/api/series/RS/invitations', body: { top: 8 }, may: ['organizer'] },
  { method: 'DELETE', path: '/api/series/RS/tournaments/roles', may: ['organizer'] },
  {
    method: 'POST',
    path: '/api/player-links',
    body: { player: 'typo-1', to: P1, reason: 'desk typo' },
    may: ['organizer'],
  },
  { method: 'GET', path: '/api/player-links', may: ['organizer'] },
  { method: 'POST', path: '/api/player-links/typo-1/unlink', body: { reason: 'undo' }, may: ['organizer'] },
];

let server: TestServer;
let staff: Staff;
let clients: Record<Role, HttpClient>;
const slots: Record<string, string> = {};
/** Status and body of each permitted call, by route. */
const permitted = new Map<Case, { role: Role; status: number; body: unknown }[]>();

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  staff = await staffOf(server);
  clients = {
    public: staff.public,
    organizer: staff.organizer,
    'head-judge': staff.headJudge,
    judge: staff.judge,
    scorekeeper: staff.scorekeeper,
  };
  // One Swiss round, so the table can end it, finish the tournament and award a prize.
  await tournamentWithPlayers(staff, 'roles', { rounds: 1 });
  await staff.scorekeeper.post(`${T}/players`, { id: 'drop-me', name: '獏良了' });
  const dummy = await staff.organizer.post('/api/accounts', {
    username: 'dummy',
    displayName: 'dummy',
    roles: ['scorekeeper'],
    password: 'dummy-password-1',
  });
  slots.dummy = dummy.body.account.id;
  const webhook = await staff.organizer.post('/api/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    secret: 'whsec-0123456789ab',
    events: ['round.published'],
    allowPrivate: true,
  });
  slots.webhook = webhook.body.webhook.id;
  await tournamentWithPlayers(staff, 'roles-days', { rounds: 2 });
  const paired = await staff.scorekeeper.post(`${DAYS}/rounds`, { round: 1 });
  for (const m of paired.body.pairing.matches as { table: number; players: string[] }[])
    await staff.scorekeeper.post(`${DAYS}/rounds/1/tables/${m.table}/result`, { duels: [m.players[0], m.players[0]] });
  await staff.scorekeeper.post(`${DAYS}/rounds/1/end`);
  await tournamentWithPlayers(staff, 'roles-held', { rounds: 1 });
  const held = await staff.scorekeeper.post(`${HELD}/rounds`, { round: 1, hold: true });
  const [first, second] = held.body.pairing.matches as { players: string[] }[];
  slots.held1 = first!.players[0]!;
  slots.held2 = second!.players[0]!;
});
afterAll(async () => server.close());

/** Players of round 1, known once the table has paired it. */
async function fill(text: string): Promise<string> {
  if (/\{table/.test(text) && slots.table1 === undefined) {
    const board = await staff.public.get(`${T}/rounds/1/pairings`);
    // Refusals run before the table pairs the round: any player id does for them.
    if (board.status !== 200) return text.replace(/\{(\w+)\}/g, (_, name: string) => slots[name] ?? P1);
    const [one, two, three] = (board.body.tables as { table: number | null; players: { id: string }[] }[]).filter(
      (x) => x.table !== null,
    );
    slots.table1 = one!.players[0]!.id;
    slots.table2 = two!.players[0]!.id;
    slots.table2opp = two!.players[1]!.id;
    slots.table3 = three!.players[0]!.id;
  }
  return text.replace(/\{(\w+)\}/g, (_, name: string) => slots[name] ?? name);
}
const fillBody = async (body: unknown): Promise<unknown> =>
  body === undefined ? undefined : JSON.parse(await fill(JSON.stringify(body)));

// Refusals first for every route (they write nothing), then the permitted calls in table order.
describe('who may not', () => {
  for (const c of CASES) {
    for (const role of EVERYONE.filter((r) => !c.may.includes(r))) {
      it(`${role} is refused ${c.method} ${c.path}`, async () => {
        const answer = await clients[role].request(c.method, await fill(c.path), {
          body: (await fillBody(c.body)) ?? (c.method === 'GET' ? undefined : {}),
        });
        if (role === 'public') {
          // The public is refused as anonymous, except where a player code could open the route.
          expect([401, 403]).toContain(answer.status);
          expect(answer.body.code).toBe(answer.status === 401 ? 'unauthenticated' : 'bad-player-code');
        } else {
          expect(answer.status).toBe(403);
          expect(answer.body.code).toBe('forbidden');
          expect(answer.body.messageJa).toMatch(/できません/);
        }
      });
    }
  }
});

describe('who may', () => {
  for (const c of CASES) {
    for (const role of c.may) {
      it(`${role} may ${c.method} ${c.path}`, async () => {
        const answer = await clients[role].request(c.method, await fill(c.path), {
          body: (await fillBody(c.body)) ?? (c.method === 'GET' ? undefined : {}),
        });
        permitted.set(c, [...(permitted.get(c) ?? []), { role, status: answer.status, body: answer.body }]);
        expect(answer.status, JSON.stringify(answer.body)).not.toBe(401);
        expect(answer.status, JSON.stringify(answer.body)).not.toBe(403);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      });
    }
  }
});

/** Routes the table leaves to their own tests: login and password change (auth.test.ts), revoking a token, the live stream (round-clock.test.ts), players' own writes. */
const ELSEWHERE = [
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'DELETE /api/auth/tokens/{tokenId}',
  'GET /api/tournaments/{tournamentId}/live',
  // Sent by a player with their slip code, and the no-show drop (its count must match): player-reports.test.ts.
  'POST /api/tournaments/{tournamentId}/players/{playerId}/result',
  // The player's own withdrawal with their slip code: shop-organizer.test.ts.
  'POST /api/tournaments/{tournamentId}/players/{playerId}/withdraw',
  'POST /api/tournaments/{tournamentId}/no-shows/drop',
  // Sent by a player with their slip code, and the decklists published after the event: entries.test.ts.
  'POST /api/tournaments/{tournamentId}/players/{playerId}/decklist/preview',
  'PUT /api/tournaments/{tournamentId}/players/{playerId}/decklist/submission',
  'GET /api/tournaments/{tournamentId}/published-decklists',
];

describe('the table', () => {
  it('covers every route of the OpenAPI document', async () => {
    const doc = await staff.public.get('/api/openapi.json');
    const routes = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const matches = (route: string, c: Case) =>
      new RegExp(`^${route.replace(/\{\w+\}/g, '[^/]+')}$`).test(`${c.method} ${c.path.split('?')[0]}`);
    expect(routes.filter((r) => !ELSEWHERE.includes(r) && !CASES.some((c) => matches(r, c)))).toEqual([]);
    // And no case calls a route that does not exist.
    expect(CASES.filter((c) => !routes.some((r) => matches(r, c))).map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});

describe('the permitted calls did their work', () => {
  it('every route answered 2xx to at least one of the roles that may call it', () => {
    const failing = CASES.filter((c) => !(permitted.get(c) ?? []).some((a) => a.status >= 200 && a.status < 300)).map(
      (c) => [`${c.method} ${c.path}`, permitted.get(c)],
    );
    expect(failing).toEqual([]);
  });
});
