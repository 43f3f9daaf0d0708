import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleDecksDir } from '../../src/adapters/deck/shipped-data.js';
import { json, ok, tempFolder, tournamentWith } from './support.js';

/*
 * `player import` with decklists says which lists break the tournament's deck rules: each one
 * with its findings (card, zone, count, limit) and a summary. It used to register eight illegal
 * lists without a word (issue 26).
 */

const dir = tempFolder('import-findings');

function playersCsv(name: string): string {
  for (const file of ['quickdraw-broken.ydk', 'quickdraw-synchro.ydk'])
    copyFileSync(join(sampleDecksDir(), file), join(dir, file));
  const csv = join(dir, name);
  writeFileSync(
    csv,
    'id,name,decklist\n0301,不動 遊星,quickdraw-broken.ydk\n0302,ジャック・アトラス,quickdraw-synchro.ydk\n0303,Crow Hogan,quickdraw-broken.ydk\n0304,鬼柳 京介,\n',
  );
  return csv;
}

describe('shinpan player import: the findings of the imported lists', () => {
  it('prints each illegal list with its findings and a summary, in English and Japanese', async () => {
    const csv = playersCsv('players.csv');
    const en = await ok('player', 'import', csv, '--db', await tournamentWith(dir, 'imp-en', 0));
    expect(en).toContain(`■ 不動 遊星 (0301), ${csv}:2`);
    expect(en).toContain(`■ Crow Hogan (0303), ${csv}:4`);
    expect(en).not.toContain('(0302)');
    // The broken sample has a Forbidden card: its name, where it is and the limit.
    expect(en).toMatch(/Heavy Storm +Forbidden on 2011\.03\.01 OCG: 1 copy \(main 1\), 0 allowed/);
    expect(en).toContain(
      'Checked 3 decklists (list 2011.03.01 OCG): 2 with findings (0301, 0303). They are registered; round 1 cannot be paired',
    );

    const ja = await ok(
      'player',
      'import',
      playersCsv('players-ja.csv'),
      '--db',
      await tournamentWith(dir, 'imp-ja', 0),
      '--lang',
      'ja',
    );
    expect(ja).toMatch(/大嵐 +禁止カード（2011\.03\.01 OCG）: 1枚（メイン1）、0枚まで/);
    expect(ja).toContain('デッキリスト 3 件を確認（リスト 2011.03.01 OCG）: 2 件に問題あり（0301, 0303）');
  });

  it('--json: every list with findings, by row', async () => {
    const csv = playersCsv('players-json.csv');
    const answer = await json('player', 'import', csv, '--db', await tournamentWith(dir, 'imp-json', 0));
    expect(answer.imported).toBe(4);
    expect(answer.decklists.checked).toBe(3);
    expect(answer.decklists.withFindings.map((w: { player: string; where: string }) => [w.player, w.where])).toEqual([
      ['0301', `${csv}:2`],
      ['0303', `${csv}:4`],
    ]);
    expect(answer.decklists.withFindings[0].findings).toContainEqual(
      expect.objectContaining({ reason: 'over-list-limit', zone: 'main', count: 1, limit: 0 }),
    );
  });
});
