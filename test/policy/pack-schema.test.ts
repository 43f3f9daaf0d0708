import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPackPath, loadDefaultPack, loadPackFile } from '../../src/adapters/policy/pack-file.js';
import { packageRoot } from '../../src/adapters/package-root.js';
import { packJsonSchema, parsePack } from '../../src/core/policy/pack-schema.js';
import { rawPack } from './support.js';

/** The first problem the schema finds once `change` has broken a copy of the shipped pack. */
function problemAfter(change: (raw: Record<string, any>) => void): string {
  const raw = rawPack();
  change(raw);
  const parsed = parsePack(raw);
  if (parsed.ok) throw new Error('expected the broken pack to be refused');
  return `${parsed.error.path}: ${parsed.error.message}`;
}

const infraction = (raw: Record<string, any>, id: string) => raw.infractions.find((i: { id: string }) => i.id === id);

describe('the shipped pack', () => {
  it('passes the schema, with its id, version and the deck limits the deck check reads', () => {
    const pack = loadDefaultPack();
    expect([pack.id, pack.version]).toEqual(['ocg-5ds', '2026.1']);
    expect(pack.settings.deckLimits).toEqual({ mainMin: 40, mainMax: 60, extraMax: 15, sideMax: 15, maxCopies: 3 });
    expect(pack.settings.tardiness).toEqual({
      countsFrom: 'designated-seat-time',
      duelLossFromMinutes: 5,
      matchLossFromMinutes: 10,
      infraction: 'tardiness',
      minutesFact: 'minutesLate',
    });
    expect(pack.settings.repeat).toEqual({ offerFromCount: 2, step: 1, raise: 'one-step', same: 'infraction' });
    expect(pack.settings.deviation).toBe('any-other-penalty');
    expect(pack.settings.headJudgeOnly).toEqual({
      deviation: true,
      matchLossMovedToNextMatch: true,
      disqualification: true,
    });
    expect(pack.settings.disqualificationNeedsStatements).toBe(true);
    expect(pack.settings.sideDeckAfterDuelLossBeforeFirstDuel).toBe(false);
  });

  it('is described by the committed policy/policy.schema.json, which equals the generated JSON Schema', () => {
    const committed = JSON.parse(readFileSync(join(packageRoot(), 'policy', 'policy.schema.json'), 'utf8'));
    // Regenerate with: npx shinpan policy --schema > policy/policy.schema.json
    expect(committed).toEqual(packJsonSchema());
  });
});

describe('a pack that breaks the schema is refused with the path of the first wrong field', () => {
  it.each<[string, (raw: Record<string, any>) => void, string]>([
    [
      'fact type',
      (raw) => (raw.infractions[6].facts[0].type = 'text'),
      'infractions[6].facts[0].type: expected "number" | "boolean", got "text"',
    ],
    [
      'missing English text',
      (raw) => delete raw.infractions[3].name.en,
      'infractions[3].name.en: missing (expected a string)',
    ],
    [
      'blank Japanese text',
      (raw) => (raw.penalties[1].name.ja = '  '),
      'penalties[1].name.ja: expected a non-empty text, got "  "',
    ],
    [
      'misspelt key',
      (raw) => (raw.settings.deckLimits.maxCopy = 3),
      'settings.deckLimits.maxCopy: unknown field (misspelt, or not part of this format)',
    ],
    [
      'an empty key, quoted',
      (raw) => (raw.settings[''] = 3),
      'settings[""]: unknown field (misspelt, or not part of this format)',
    ],
    [
      'missing setting',
      (raw) => delete raw.settings.deckLimits.sideMax,
      'settings.deckLimits.sideMax: missing (expected a number)',
    ],
    [
      'non-integer count',
      (raw) => (raw.settings.repeat.step = 1.5),
      'settings.repeat.step: expected an integer, got 1.5',
    ],
    [
      'unknown penalty in a rule',
      (raw) => (infraction(raw, 'tardiness').penalty.otherwise = 'warn'),
      'infractions[9].penalty.otherwise: expected "caution" | "warning" | "duel-loss" | "match-loss" | "disqualification" | "disqualification-forfeit-prizes", got "warn"',
    ],
    [
      'penalty neither id nor rule',
      (raw) => (infraction(raw, 'stalling').penalty = 3),
      'infractions[12].penalty: expected "caution" | "warning" | "duel-loss" | "match-loss" | "disqualification" | "disqualification-forfeit-prizes" or an object, got 3',
    ],
    [
      'remedy neither text, null nor rule',
      (raw) => (infraction(raw, 'deck-under-40').remedy = 'add cards'),
      'infractions[0].remedy: expected an object or null, got "add cards"',
    ],
    [
      'remedy text missing a language',
      (raw) => (infraction(raw, 'deck-under-40').remedy = { ja: 'カードを加える' }),
      'infractions[0].remedy.en: missing (expected a string)',
    ],
    [
      'boolean condition of the wrong type',
      (raw) => (infraction(raw, 'marked-cards').penalty.when[0].if.is = 'yes'),
      'infractions[10].penalty.when[0].if.is: expected true or false, got "yes"',
    ],
    [
      'infraction id not kebab-case',
      (raw) => (raw.infractions[0].id = 'Deck Under 40'),
      'infractions[0].id: expected a lower-case id with dashes, like "extra-draw", got "Deck Under 40"',
    ],
    ['no infractions', (raw) => (raw.infractions = []), 'infractions: expected at least 1 item(s), got 0'],
    [
      'phase missing from the timing table',
      (raw) => delete raw.timing['match-loss']['between-matches'],
      'timing.match-loss.between-matches: missing (expected an object)',
    ],
    [
      'unknown landing',
      (raw) => (raw.timing['duel-loss']['in-duel'].propose = 'this-duel'),
      'timing.duel-loss.in-duel.propose: expected "current-duel" | "next-duel" | "current-match" | "next-match" or null, got "this-duel"',
    ],
    [
      'a deck finding the pack does not name',
      (raw) => delete raw.settings.deckFindings['differs-from-decklist'],
      'settings.deckFindings.differs-from-decklist: missing (expected a string)',
    ],
    ['empty pack', (raw) => Object.keys(raw).forEach((k) => delete raw[k]), 'id: missing (expected a string)'],
  ])('%s', (_name, change, expected) => {
    expect(problemAfter(change)).toBe(expected);
  });

  it('top level not an object', () => {
    expect(parsePack([])).toEqual({
      ok: false,
      error: { path: '(top level)', message: 'expected an object, got an array' },
    });
  });

  it.each<[string, (raw: Record<string, any>) => void, string]>([
    [
      'ladder out of order',
      (raw) => ([raw.penalties[2], raw.penalties[3]] = [raw.penalties[3], raw.penalties[2]]),
      'penalties[2].id: expected "duel-loss", got "match-loss": the ladder is caution, warning, duel-loss, match-loss, disqualification, disqualification-forfeit-prizes, lowest first',
    ],
    [
      'ladder missing its top',
      (raw) => raw.penalties.pop(),
      'penalties: expected "disqualification-forfeit-prizes" after "disqualification": the ladder is caution, warning, duel-loss, match-loss, disqualification, disqualification-forfeit-prizes, lowest first',
    ],
    [
      'no penalties',
      (raw) => (raw.penalties = []),
      'penalties: expected "caution" first: the ladder is caution, warning, duel-loss, match-loss, disqualification, disqualification-forfeit-prizes, lowest first',
    ],
    [
      'a seventh penalty',
      (raw) => raw.penalties.push(raw.penalties[0]),
      'penalties[6]: expected no more penalties: the ladder is caution, warning, duel-loss, match-loss, disqualification, disqualification-forfeit-prizes, lowest first',
    ],
    ['duplicate section', (raw) => (raw.sections[1].id = '3-A'), 'sections[1].id: duplicate section id "3-A"'],
    [
      'duplicate infraction id',
      (raw) => (raw.infractions[1].id = 'deck-under-40'),
      'infractions[1].id: duplicate infraction id "deck-under-40"',
    ],
    [
      'duplicate fact name',
      (raw) => (infraction(raw, 'extra-draw').facts[1].name = 'identifiable'),
      'infractions[6].facts[1].name: duplicate fact name "identifiable"',
    ],
    [
      'unknown section',
      (raw) => (raw.infractions[4].section = '3-C'),
      'infractions[4].section: unknown section "3-C" (expected one of "3-A", "3-B", "4", "5", "6", "7", "8", "9", "10")',
    ],
    [
      'condition on an undeclared fact',
      (raw) => (infraction(raw, 'marked-cards').penalty.when[0].if.fact = 'patern'),
      'infractions[10].penalty.when[0].if.fact: "patern" is not a fact of marked-cards (declared: "pattern")',
    ],
    [
      'threshold on a boolean fact',
      (raw) => (infraction(raw, 'marked-cards').penalty.when[0].if = { fact: 'pattern', atLeast: 1 }),
      'infractions[10].penalty.when[0].if.fact: "pattern" is a boolean fact, but the condition needs a number fact',
    ],
    [
      'additional-penalty clause on an undeclared fact',
      (raw) => (infraction(raw, 'slow-play').additionalPenaltyWhen.fact = 'affected'),
      'infractions[11].additionalPenaltyWhen.fact: "affected" is not a fact of slow-play (declared: "affectedResult")',
    ],
    [
      'remedy condition on an undeclared fact',
      (raw) => (infraction(raw, 'misplay').remedy.when[0].if.fact = 'decisive'),
      'infractions[5].remedy.when[0].if.fact: "decisive" is not a fact of misplay (declared: "significantDecisionSince")',
    ],
    [
      'threshold pointing to no setting',
      (raw) => (infraction(raw, 'tardiness').penalty.when[1].if.atLeast.setting = 'tardiness.duelLossMinutes'),
      "infractions[9].penalty.when[1].if.atLeast.setting: settings.tardiness.duelLossMinutes is not a number in this pack's settings",
    ],
    [
      'proposal not among its options',
      (raw) => (raw.timing['match-loss']['in-duel'].ifMatchAlreadyLost.options = ['next-match']),
      'timing.match-loss.in-duel.ifMatchAlreadyLost.options: expected the options to include the proposal "current-match"',
    ],
    [
      'options where nothing lands',
      (raw) => (raw.timing.disqualification['between-matches'].options = ['next-match']),
      'timing.disqualification.between-matches.options: expected [] when propose is null (nothing lands, so there is nothing to choose)',
    ],
    [
      'main deck minimum above maximum',
      (raw) => (raw.settings.deckLimits.mainMin = 61),
      'settings.deckLimits.mainMin: expected at most mainMax (60), got 61',
    ],
    [
      'round clock proposing an unknown infraction',
      (raw) => (raw.settings.tardiness.infraction = 'lateness'),
      `settings.tardiness.infraction: unknown infraction "lateness" (not an id in this pack's infractions)`,
    ],
    [
      'round clock minutes in an undeclared fact',
      (raw) => (raw.settings.tardiness.minutesFact = 'minutes'),
      'settings.tardiness.minutesFact: "minutes" is not a fact of tardiness (number facts: "minutesLate")',
    ],
    [
      'round clock minutes in a boolean fact',
      (raw) => {
        raw.settings.tardiness.infraction = 'marked-cards';
        raw.settings.tardiness.minutesFact = 'pattern';
      },
      'settings.tardiness.minutesFact: "pattern" is a boolean fact of marked-cards, but the minutes late need a number fact',
    ],
    [
      'deck finding mapped to an unknown infraction',
      (raw) => (raw.settings.deckFindings['over-copies'] = 'deck-over-4-copies'),
      `settings.deckFindings.over-copies: unknown infraction "deck-over-4-copies" (not an id in this pack's infractions)`,
    ],
  ])('cross-field: %s', (_name, change, expected) => {
    expect(problemAfter(change)).toBe(expected);
  });
});

describe('pack files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-pack-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the shipped file', () => {
    const loaded = loadPackFile(defaultPackPath());
    expect(loaded.ok && loaded.value.infractions.length).toBe(19);
  });

  it('names the file in every error', () => {
    const missing = join(dir, 'absent.json');
    const broken = join(dir, 'broken.json');
    const wrong = join(dir, 'wrong.json');
    writeFileSync(broken, '{"id": ');
    const raw = rawPack();
    raw.version = '2026 spring';
    writeFileSync(wrong, JSON.stringify(raw));
    expect(loadPackFile(missing)).toEqual({
      ok: false,
      error: `${missing}: cannot read the policy pack (no such file)`,
    });
    const invalid = loadPackFile(broken);
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.error.startsWith(`${broken}: invalid JSON: `)).toBe(true);
    expect(loadPackFile(wrong)).toEqual({
      ok: false,
      error: `${wrong}: version: expected a version without spaces, like "2026.1", got "2026 spring"`,
    });
  });
});
