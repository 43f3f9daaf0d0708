import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('password rules and what people type into names', () => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'kanto');
  });
  afterAll(async () => server.close());

  it('refuses blank, common and username passwords, saying why in both languages', async () => {
    const cases: [string, RegExp, RegExp][] = [
      ['          ', /only spaces/, /空白だけ/],
      ['1234567890', /most common/, /よく使われる/],
      ['QwertyUiop', /most common/, /よく使われる/],
      ['kana-judge', /not be your username/, /ユーザー名と同じ/],
      ['abababababab', /5 different characters/, /5 種類以上/],
    ];
    for (const [password, en, ja] of cases) {
      const answer = await staff.organizer.post('/api/accounts', {
        username: 'kana-judge',
        displayName: 'Kana',
        roles: ['judge'],
        password,
      });
      expect([password, answer.status, answer.body.code, answer.body.path]).toEqual([
        password,
        422,
        'weak-password',
        'body.password',
      ]);
      expect(answer.body.message).toMatch(en);
      expect(answer.body.messageJa).toMatch(ja);
    }
    const judge = server.client();
    await judge.login('judge', 'judge-password');
    const changed = await judge.post('/api/auth/password', { currentPassword: 'judge-password', newPassword: 'Judge' });
    expect(changed.status).toBe(422);
    const same = await judge.post('/api/auth/password', {
      currentPassword: 'judge-password',
      newPassword: '          ',
    });
    expect(same.body.message).toMatch(/only spaces/);
  });

  it('refuses control characters in names, from JSON and from CSV, naming the character', async () => {
    const bell = await staff.scorekeeper.post('/api/tournaments/kanto/players', {
      id: '0000000010',
      name: '遊戯\u0007',
    });
    expect(bell.status).toBe(400);
    expect(bell.body.path).toBe('body.name');
    expect(bell.body.message).toBe('body.name: control character U+0007 at character 3 (remove it)');
    expect(bell.body.messageJa).toContain('制御文字 U+0007');

    const override = await staff.organizer.post('/api/tournaments', {
      name: 'Kanto \u202Egpj.exe',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(override.status).toBe(400);
    expect(override.body.message).toContain('U+202E');

    const csv = await staff.scorekeeper.post('/api/tournaments/kanto/players/import', {
      csv: 'id,name\n0000000011,Nul\u0000Name\n',
    });
    expect(csv.status).toBe(400);
    expect(csv.body.message).toContain('U+0000');

    const display = await staff.organizer.post('/api/accounts', {
      username: 'rtl',
      displayName: 'Admin\u202E',
      roles: ['judge'],
    });
    expect(display.status).toBe(400);
    expect(display.body.path).toBe('body.displayName');

    // Nothing was written.
    const players = await staff.scorekeeper.get('/api/tournaments/kanto/players');
    expect(JSON.stringify(players.body)).not.toMatch(/\\u0000|\\u0007|Nul/);
  });
});
