import type { HttpClient } from './http-client.js';
import type { TestServer } from './test-server.js';

export interface Staff {
  readonly organizer: HttpClient;
  readonly headJudge: HttpClient;
  readonly judge: HttpClient;
  readonly scorekeeper: HttpClient;
  readonly public: HttpClient;
}

/** Logs in the organizer, creates one account per staff role and logs each in (cookie sessions, CSRF echoed). */
export async function staffOf(server: TestServer): Promise<Staff> {
  const organizer = server.client();
  await organizer.login(server.organizer.username, server.organizer.password);
  const make = async (username: string, role: string): Promise<HttpClient> => {
    const created = await organizer.post('/api/accounts', {
      username,
      displayName: username,
      roles: [role],
      password: `${username}-password`,
    });
    if (created.status !== 201) throw new Error(`create ${username}: ${JSON.stringify(created.body)}`);
    const client = server.client();
    await client.login(username, `${username}-password`);
    return client;
  };
  const [headJudge, judge, scorekeeper] = await Promise.all([
    make('hj', 'head-judge'),
    make('judge', 'judge'),
    make('scorer', 'scorekeeper'),
  ]);
  return { organizer, headJudge, judge, scorekeeper, public: server.client() };
}

/** The four players most tests use: card game IDs and names. */
export const PLAYERS = [
  { id: '0000000001', name: '遊城十代' },
  { id: '0000000002', name: '丸藤亮' },
  { id: '0000000003', name: '天上院明日香' },
  { id: '0000000004', name: '万丈目準' },
] as const;

/** Creates a Swiss tournament with the four players registered; answers its id. */
export async function tournamentWithPlayers(
  staff: Staff,
  id: string,
  options: { rounds?: number; timeZone?: string } = {},
): Promise<string> {
  const created = await staff.organizer.post('/api/tournaments', {
    id,
    name: '関東地区予選',
    date: '2025-06-01',
    roundMinutes: 40,
    structure: { kind: 'swiss', rounds: options.rounds ?? 3, topCut: 0 },
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
  });
  if (created.status !== 201) throw new Error(`create tournament: ${JSON.stringify(created.body)}`);
  for (const p of PLAYERS) {
    const registered = await staff.scorekeeper.post(`/api/tournaments/${id}/players`, p);
    if (registered.status !== 201) throw new Error(`register ${p.id}: ${JSON.stringify(registered.body)}`);
  }
  return id;
}
