import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, ok, shinpan, snapshot, tempFolder } from './support.js';

const dir = tempFolder('demo');

describe('shinpan demo', () => {
  it('fills a sample tournament and prints the tour; a second run replaces it byte for byte', async () => {
    const db = join(dir, 'demo.db');
    const first = await ok('demo', '--db', db);
    const log = snapshot(db);
    const second = await ok('demo', '--db', db);
    expect(second).toBe(first);
    expect(snapshot(db)).toEqual(log);

    expect(first).toContain(`Written to ${db} (tournament demo, `);
    for (const heading of [
      '■ Top 4',
      '■ Swiss standings after round 4',
      '■ Deck check, round 2',
      '■ Penalty log',
      '■ Official record of 田中 大輔 (1005): 2 entries',
      '■ Try next',
    ]) {
      expect(first).toContain(heading);
    }
    expect(first).toContain(`SHINPAN_DB=${db} npm start`);
    expect(first).toMatch(/ +— +1003 +鈴木 翔 .*disqualified with loss of prizes/);
    expect(first).toMatch(/→ decklist-mismatch: duel loss \(round 2, table \d+, duel 1\)/);
  });

  it('holds what the tour promises: deviation, appeal, DQ, drop, deck registrations, a finished top cut', async () => {
    const db = join(dir, 'facts.db');
    expect(await json('demo', '--db', db)).toMatchObject({
      db,
      tournament: 'demo',
      players: 16,
      rounds: 6,
      penalties: 6,
    });
    const log = await json('penalty', 'log', '--db', db);
    expect(
      log.map((e: { infraction: string; penalty: string; status: string }) => [e.infraction, e.penalty, e.status]),
    ).toEqual([
      ['tardiness', 'warning', 'in-force'],
      ['slow-play', 'caution', 'in-force'],
      ['decklist-mismatch', 'duel-loss', 'in-force'],
      ['marked-cards', 'warning', 'in-force'],
      ['extra-draw', 'warning', 'changed'],
      ['bribery', 'disqualification-forfeit-prizes', 'in-force'],
    ]);
    expect(log[3].deviationReason).not.toBeNull();
    expect(log[5].statements).toHaveLength(2);
    // The witness is the opponent 1003 really had in round 3 (the pairing is seeded, not assumed).
    const round3 = await json('pairings', '--db', db, '--round', '3');
    const table = round3.tables.find((t: { players: { id: string }[] }) => t.players.some((p) => p.id === '1003'));
    const opponent = table.players.find((p: { id: string }) => p.id !== '1003').id;
    expect(log[5].statements[0]).toContain(`opponent ${opponent}:`);
    const players = await json('player', 'list', '--db', db);
    expect(players.every((p: { decklist: boolean }) => p.decklist)).toBe(true);
    expect(players.filter((p: { dropped: boolean }) => p.dropped).map((p: { id: string }) => p.id)).toEqual([
      '1003',
      '1016',
    ]);
    const names = players.map((p: { name: string }) => p.name);
    expect(
      names.some((n: string) => /[ぁ-んァ-ン一-龯]/.test(n)) && names.some((n: string) => /^[A-Za-z ]+$/.test(n)),
    ).toBe(true);
    const shown = await json('tournament', 'show', '--db', db);
    expect(shown.status).toBe('finished');
    expect(shown.rounds.map((r: { stage: string; tables: number }) => [r.stage, r.tables])).toEqual([
      ['swiss', 8],
      ['swiss', 8],
      ['swiss', 8],
      ['swiss', 7],
      ['top-cut', 2],
      ['top-cut', 1],
    ]);
  });

  it('prints the tour in Japanese', async () => {
    const out = await ok('demo', '--db', join(dir, 'ja.db'), '--lang', 'ja');
    expect(out).toContain('■ 罰則ログ');
    expect(out).toContain('受賞資格を失う失格');
    expect(out).toContain('# 同じデータでジャッジコンソールを開く');
  });

  it('refuses to overwrite a file that is not an earlier demo', async () => {
    const notes = join(dir, 'notes.db');
    writeFileSync(notes, 'not a database');
    const run = await shinpan('demo', '--db', notes);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `shinpan: ${notes} holds data other than the demo; it is not overwritten. Name another file with --db\n`,
    });
    expect(readFileSync(notes, 'utf8')).toBe('not a database');

    const real = join(dir, 'real.db');
    await json(
      'tournament',
      'create',
      '--db',
      real,
      '--id',
      'kanto',
      '--name',
      '関東大会',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    const before = snapshot(real);
    expect((await shinpan('demo', '--db', real)).code).toBe(2);
    expect(snapshot(real)).toEqual(before);
  });
});
