import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDefaultPack, defaultPackPath } from '../../src/adapters/policy/pack-file.js';
import { PENALTY_IDS, PHASES } from '../../src/core/policy/assess-types.js';
import { branches } from '../../src/core/policy/rules.js';
import { sharedDataPresent, sharedSpecDir } from '../support/services.js';

/*
 * The spec's tables are the public API: every id there must exist in the shipped pack with
 * the same section, facts and penalties. Read at test time from ../shared, never copied.
 */
const present = sharedDataPresent();
const spec = present ? readFileSync(`${sharedSpecDir}penalty-guidelines.md`, 'utf8') : '';

/** The rows of the first markdown table under the heading that starts with `heading`, cells trimmed, backticks removed. */
function table(heading: string): string[][] {
  const lines = spec.split('\n');
  const start = lines.findIndex((l) => l.startsWith(heading));
  if (start < 0) throw new Error(`spec: no heading "${heading}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
  }
  // Drop the header row and the |---| rule under it.
  return rows.slice(2);
}

const penaltiesIn = (text: string) =>
  (text.match(/[a-z]+(?:-[a-z]+)*/g) ?? []).filter((w): w is (typeof PENALTY_IDS)[number] =>
    (PENALTY_IDS as readonly string[]).includes(w),
  );

const pack = loadDefaultPack();
const penaltyRows = present ? table('## 1.') : [];
const infractionRows = present ? table('## 3.') : [];

describe.skipIf(!present)('the spec, parsed at test time, against the shipped pack', () => {
  it('finds the spec tables (6 penalties, 19 infractions)', () => {
    expect([penaltyRows.length, infractionRows.length]).toEqual([6, 19]);
  });

  it('has every penalty in ladder order, with the official names and whether it is recorded', () => {
    expect(penaltyRows.map(([id]) => id)).toEqual([...PENALTY_IDS]);
    for (const [id, ja, en, recorded] of penaltyRows) {
      const penalty = pack.penalties.find((p) => p.id === id);
      expect(penalty, id).toBeDefined();
      expect([penalty?.name.ja, penalty?.name.en, penalty?.recorded]).toEqual([ja, en, recorded?.startsWith('yes')]);
    }
    expect(pack.penalties.map((p) => p.id)).toEqual([...PENALTY_IDS]);
  });

  it('has exactly the infractions of the spec', () => {
    expect(pack.infractions.map((i) => i.id).sort()).toEqual(infractionRows.map(([id]) => id).sort());
  });

  it.each(infractionRows.map((row) => [row[0] ?? '', row] as const))(
    '%s: section, facts, penalties, remedy and the added-penalty clause match',
    (id, row) => {
      const [, section, , facts = '', guideline = '', remedy = ''] = row;
      const infraction = pack.infractions.find((i) => i.id === id);
      if (!infraction) throw new Error(`pack has no infraction ${id}`);
      expect(infraction.section).toBe(section);
      expect(infraction.facts.map((f) => f.name)).toEqual(facts === '—' ? [] : facts.split(',').map((f) => f.trim()));
      const outcomes = branches(infraction.penalty);
      // The spec names the default first, then what the facts can raise it to.
      expect(outcomes.at(-1)?.then).toBe(penaltiesIn(guideline)[0]);
      expect(new Set(outcomes.map((b) => b.then))).toEqual(new Set(penaltiesIn(guideline)));
      expect(infraction.additionalPenaltyWhen !== null).toBe(/may add a penalty|as above/.test(guideline));
      const remedies = branches(infraction.remedy).map((b) => b.then);
      expect(remedies.every((r) => r === null)).toBe(remedy === '—');
    },
  );

  it('has the phases of §4 and a timing row for every penalty that makes a player lose a game', () => {
    const header = spec.split('\n').find((l) => l.startsWith('| penalty | in-duel'));
    expect(
      header
        ?.split('|')
        .slice(2, -1)
        .map((c) => c.trim()),
    ).toEqual([...PHASES]);
    const rows = table('## 4.').map(([penalty]) => penalty);
    expect(rows).toEqual(['duel-loss', 'match-loss', 'disqualification(s)']);
    expect(Object.keys(pack.timing)).toEqual([
      'duel-loss',
      'match-loss',
      'disqualification',
      'disqualification-forfeit-prizes',
    ]);
    for (const penalty of ['disqualification', 'disqualification-forfeit-prizes'] as const) {
      // "dropped; no match to lose"
      expect(pack.timing[penalty]['between-matches'].propose).toBeNull();
    }
  });

  it('gives every text in both languages, none empty', () => {
    const raw: unknown = JSON.parse(readFileSync(defaultPackPath(), 'utf8'));
    const texts: { path: string; ja: unknown; en: unknown }[] = [];
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) {
        value.forEach((v, i) => {
          walk(v, `${path}[${i}]`);
        });
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const keys = Object.keys(value);
      if (keys.includes('ja') || keys.includes('en')) {
        texts.push({ path, ...(value as { ja: unknown; en: unknown }) });
        expect(keys.sort(), path).toEqual(['en', 'ja']);
        return;
      }
      for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
    };
    walk(raw, 'pack');
    // 6 penalties x 2, name, 2 application texts, 9 sections, 19 infractions x 2, remedies, facts, timing notes.
    expect(texts.length).toBeGreaterThan(100);
    for (const { path, ja, en } of texts) {
      expect(typeof ja === 'string' && ja.trim().length > 0, `${path}.ja`).toBe(true);
      expect(typeof en === 'string' && en.trim().length > 0, `${path}.en`).toBe(true);
    }
  });
});
