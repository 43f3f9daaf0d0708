import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPackPath } from '../../src/adapters/policy/pack-file.js';
import { packageRoot } from '../../src/adapters/package-root.js';
import { rawPack, runCli } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'shinpan-policy-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writePack(name: string, change: (raw: Record<string, any>) => void): string {
  const raw = rawPack();
  change(raw);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(raw));
  return path;
}

describe('shinpan assess', () => {
  it('prints the decision for the README example', async () => {
    const run = await runCli(
      ['assess'],
      '{"infraction":"tardiness","facts":{"minutesLate":6},"phase":"between-matches","matchAlreadyLost":false,"previous":["tardiness"]}',
    );
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: `${JSON.stringify(
        {
          infraction: 'tardiness',
          penalty: 'duel-loss',
          recorded: true,
          appliesTo: 'next-duel',
          appliesToOptions: ['next-duel'],
          repeat: { count: 2, upgradeTo: 'match-loss' },
          additionalPenaltyAllowed: false,
          remedy: null,
          section: '5',
        },
        null,
        2,
      )}\n`,
    });
  });

  it('prints the remedy in both languages', async () => {
    const run = await runCli(
      ['assess'],
      JSON.stringify({ infraction: 'marked-cards', facts: { pattern: true }, phase: 'between-duels' }),
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      infraction: 'marked-cards',
      penalty: 'duel-loss',
      recorded: true,
      appliesTo: 'next-duel',
      appliesToOptions: ['next-duel'],
      repeat: null,
      additionalPenaltyAllowed: false,
      remedy: {
        ja: 'スリーブを替えるなどして、裏向きで区別できない状態にする。',
        en: 'Make the cards impossible to tell apart face down, for example with new sleeves.',
      },
      section: '6',
    });
  });

  it.each([
    ['invalid JSON', '{"infraction": "tardiness",', /^shinpan: stdin: invalid JSON: .+\n$/],
    ['empty input', '  \n', /^shinpan: stdin: empty \(expected one JSON report\)\n$/],
    [
      'unknown id',
      '{"infraction":"late","phase":"in-duel"}',
      /^shinpan: stdin: infraction: unknown infraction "late" in policy ocg-5ds \(list them with: shinpan policy\)\n$/,
    ],
    [
      'missing fact',
      '{"infraction":"slow-play","phase":"in-duel"}',
      /^shinpan: stdin: facts\.affectedResult: missing \(slow-play needs true or false: Did the infraction affect the result of the match\?\)\n$/,
    ],
    [
      'wrong fact type',
      '{"infraction":"tardiness","facts":{"minutesLate":"6"},"phase":"in-duel"}',
      /^shinpan: stdin: facts\.minutesLate: expected a number of minutes greater than 0, got "6"\n$/,
    ],
    [
      'negative minutes',
      '{"infraction":"tardiness","facts":{"minutesLate":-1},"phase":"in-duel"}',
      /^shinpan: stdin: facts\.minutesLate: expected a number of minutes greater than 0, got -1\n$/,
    ],
    [
      'unknown phase',
      '{"infraction":"stalling","phase":"after-lunch"}',
      /^shinpan: stdin: phase: expected "in-duel" \| "between-duels" \| "between-matches", got "after-lunch"\n$/,
    ],
    [
      'unknown field',
      '{"infraction":"stalling","phase":"in-duel","player":"p1"}',
      /^shinpan: stdin: player: unknown field \(expected only infraction, facts, phase, matchAlreadyLost, previous\)\n$/,
    ],
  ])('refuses %s: exit 2, one line on stderr, nothing on stdout', async (_name, stdin, line) => {
    const run = await runCli(['assess'], stdin);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(line);
    expect(run.stderr.split('\n')).toHaveLength(2);
  });

  it('applies the pack given with --policy', async () => {
    const strict = writePack('strict.json', (raw) => {
      raw.version = '2026.1-strict';
      raw.settings.tardiness.duelLossFromMinutes = 2;
    });
    const report = '{"infraction":"tardiness","facts":{"minutesLate":3},"phase":"in-duel"}';
    expect(JSON.parse((await runCli(['assess'], report)).stdout).penalty).toBe('warning');
    expect(JSON.parse((await runCli(['assess', '--policy', strict], report)).stdout).penalty).toBe('duel-loss');
  });

  it('refuses a pack that breaks the schema, naming the file and the first wrong field', async () => {
    const broken = writePack('broken.json', (raw) => {
      raw.infractions[3].facts = [{ name: 'copies', type: 'count' }];
    });
    const run = await runCli(['assess', '--policy', broken], '{"infraction":"stalling","phase":"in-duel"}');
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `shinpan: ${broken}: infractions[3].facts[0].type: expected "number" | "boolean", got "count"\n`,
    });
  });

  it('refuses a pack file that does not exist', async () => {
    const absent = join(dir, 'absent.json');
    const run = await runCli(['assess', '--policy', absent], '{"infraction":"stalling","phase":"in-duel"}');
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `shinpan: ${absent}: cannot read the policy pack (no such file)\n`,
    });
  });
});

/**
 * The display columns (full-width characters count twice) where the penalty names of the
 * infraction rows start: first rows "  id  name  penalty", continuation rows "   ...  penalty".
 */
function penaltyColumns(stdout: string, names: readonly string[], timingHeader: string): number[] {
  const lines = stdout.split('\n');
  const rows = lines.slice(
    lines.findIndex((l) => l.startsWith('3-A  ')),
    lines.indexOf(timingHeader),
  );
  const prefix = new RegExp(`^(?: {2}[a-z0-9-]+ +\\S.*?  | +)(?=(?:${names.join('|')})(?:  |$))`);
  return rows.flatMap((line) => {
    const m = prefix.exec(line);
    return m ? [stringWidth(m[0])] : [];
  });
}

describe('shinpan policy', () => {
  it('prints the English catalogue grouped by seed section, penalty names aligned', async () => {
    const run = await runCli(['policy', '--lang', 'en']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe("Yu-Gi-Oh! 5D's OCG sanctioned tournaments: penalty rules (ocg-5ds 2026.1)");
    const sections = lines.filter((l) => /^\d+(-[AB])? {2}/.test(l));
    expect(sections).toEqual([
      '3-A  Deck infractions',
      '3-B  Decklist infractions',
      '4  Rules violations',
      '5  Tardiness',
      '6  Cards that can be told apart face down',
      '7  Taking too long to play',
      '8  Deciding a result improperly',
      '9  Fraud',
      '10  Talking during a duel',
    ]);
    const start = lines.indexOf('5  Tardiness');
    expect(lines.slice(start + 1, start + 5).map((l) => l.trim().replace(/ {2,}/g, ' | '))).toEqual([
      'tardiness | Tardiness | Match loss | if late by 10 minutes or more',
      'Duel loss | if late by 5 minutes or more',
      'Warning | otherwise',
      'Was not in the assigned seat at the designated time.',
    ]);
    expect(run.stdout).toContain('The judge may add a penalty if the match result was affected.');
    expect(run.stdout).toContain(
      'Remedy if a significant decision has been made since: Play goes on from where it is; the card that was used is destroyed.',
    );
    // 19 infractions, 7 more rows for the facts that change the penalty, all in one column.
    const columns = penaltyColumns(
      run.stdout,
      ['Caution', 'Warning', 'Duel loss', 'Match loss', 'Disqualification with loss of prizes', 'Disqualification'],
      'When a penalty lands',
    );
    expect(columns).toHaveLength(26);
    expect(new Set(columns).size).toBe(1);
  });

  it('prints the Japanese catalogue with full-width names aligned', async () => {
    const run = await runCli(['policy', '--lang', 'ja']);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('遊戯王ファイブディーズ OCG 公認大会 大会罰則規定 (ocg-5ds 2026.1)');
    const start = lines.indexOf('5  遅刻');
    expect(lines.slice(start + 1, start + 5).map((l) => l.trim().replace(/ {2,}/g, ' | '))).toEqual([
      'tardiness | 遅刻 | マッチの敗北 | 遅刻10分以上の場合',
      'デュエルの敗北 | 遅刻5分以上の場合',
      '警告 | それ以外',
      '指定の集合時間に自分の席に着いていなかった。',
    ]);
    expect(run.stdout).toContain('マッチの結果に影響した場合、ジャッジの判断で罰則を追加できる。');
    expect(run.stdout).toContain('処置（余分なカードを特定できない・元に戻せない場合）：なし');
    const columns = penaltyColumns(
      run.stdout,
      ['注意', '警告', 'デュエルの敗北', 'マッチの敗北', '受賞資格を失う失格', '失格'],
      '罰則の適用時期',
    );
    expect(columns).toHaveLength(26);
    expect(new Set(columns).size).toBe(1);
  });

  it('prints the pack as JSON with --json, and the JSON Schema with --schema', async () => {
    const json = await runCli(['policy', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(readFileSync(defaultPackPath(), 'utf8')));
    const schema = await runCli(['policy', '--schema']);
    expect(schema.stdout).toBe(readFileSync(join(packageRoot(), 'policy', 'policy.schema.json'), 'utf8'));
  });

  it('shows another pack with --policy and refuses a broken one', async () => {
    const renamed = writePack('renamed.json', (raw) => {
      raw.id = 'club-rules';
      raw.name.en = 'Club rules';
    });
    expect((await runCli(['policy', '--lang', 'en', '--policy', renamed])).stdout.split('\n')[0]).toBe(
      'Club rules (club-rules 2026.1)',
    );
    const broken = writePack('no-en.json', (raw) => {
      delete raw.sections[2].title.en;
    });
    expect(await runCli(['policy', '--policy', broken])).toEqual({
      code: 2,
      stdout: '',
      stderr: `shinpan: ${broken}: sections[2].title.en: missing (expected a string)\n`,
    });
  });

  it('refuses an unknown language and conflicting options', async () => {
    expect(await runCli(['policy', '--lang', 'fr'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'shinpan: --lang: expected ja or en, got "fr"\n',
    });
    expect(await runCli(['policy', '--json', '--schema'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'shinpan: --json and --schema: choose one\n',
    });
  });
});
