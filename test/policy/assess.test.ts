import { describe, expect, it } from 'vitest';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import type { AssessReport, Decision } from '../../src/core/policy/assess-types.js';
import { assess } from '../../src/core/policy/assess.js';
import { parsePack, type Pack } from '../../src/core/policy/pack-schema.js';
import { rawPack } from './support.js';

const pack = loadDefaultPack();

function decide(report: AssessReport, with_: Pack = pack): Decision {
  const result = assess(report, with_);
  if (!result.ok) throw new Error(`expected a decision, got ${result.error.message}`);
  return result.value;
}

function refusal(report: unknown): string {
  const result = assess(report as AssessReport, pack);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  expect(result.error.message.startsWith(`${result.error.field}: `)).toBe(true);
  return result.error.message;
}

/** A pack built from the shipped one with some fields changed, validated like any file. */
function packWith(change: (raw: Record<string, any>) => void): Pack {
  const raw = rawPack();
  change(raw);
  const parsed = parsePack(raw);
  if (!parsed.ok) throw new Error(`${parsed.error.path}: ${parsed.error.message}`);
  return parsed.value;
}

const REMEDY = {
  addTo40: { ja: '適正なカードを加えて、デッキを40枚にする。', en: 'Add legal cards until the deck has 40 cards.' },
  extraCopies: {
    ja: '余分なカードを抜き、代わりに適正なカードを入れて元の枚数に戻す。',
    en: 'Take out the extra copies and put in legal cards so the deck is back to its original size.',
  },
  unusable: {
    ja: '使えないカードを抜き、代わりに適正なカードを入れて元の枚数に戻す。',
    en: 'Take out the cards that may not be used and put in legal cards so the deck is back to its original size.',
  },
  overLimit: {
    ja: '枚数を超えたカードを抜き、代わりに適正なカードを入れて元の枚数に戻す。',
    en: 'Take out the copies over the limit and put in legal cards so the deck is back to its original size.',
  },
  decklist: { ja: 'デッキをデッキリストのとおりに直す。', en: 'Correct the deck so it matches the decklist.' },
  rewind: { ja: 'ゲームを違反の前の状態に戻す。', en: 'Rewind the game to the state before the play.' },
  playOn: {
    ja: 'ゲームは今の状態のまま続ける。誤って使ったカードは破壊する。',
    en: 'Play goes on from where it is; the card that was used is destroyed.',
  },
  extraCardOnTop: {
    ja: '余分に引いたカードをデッキの一番上に戻す。',
    en: 'Put the extra card back on top of the deck.',
  },
  seenCardsBack: { ja: '見たカードを本来あるべき場所に戻す。', en: 'Put the seen cards back where they belong.' },
  resleeve: {
    ja: 'スリーブを替えるなどして、裏向きで区別できない状態にする。',
    en: 'Make the cards impossible to tell apart face down, for example with new sleeves.',
  },
} as const;

/** The decision fields that follow from a caution or warning found during a duel, the first time. */
const noLanding = { appliesTo: null, appliesToOptions: [], repeat: null } as const;
const currentDuel = { appliesTo: 'current-duel', appliesToOptions: ['current-duel'], repeat: null } as const;

describe('assess: every infraction and every fact branch (found during a duel, first time)', () => {
  const cases: [string, AssessReport['facts'], Decision][] = [
    [
      'deck-under-40',
      undefined,
      {
        infraction: 'deck-under-40',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.addTo40,
        section: '3-A',
      },
    ],
    [
      'deck-over-3-copies',
      {},
      {
        infraction: 'deck-over-3-copies',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.extraCopies,
        section: '3-A',
      },
    ],
    [
      'deck-unusable-card',
      undefined,
      {
        infraction: 'deck-unusable-card',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.unusable,
        section: '3-A',
      },
    ],
    [
      'deck-over-limit',
      undefined,
      {
        infraction: 'deck-over-limit',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.overLimit,
        section: '3-A',
      },
    ],
    [
      'decklist-mismatch',
      undefined,
      {
        infraction: 'decklist-mismatch',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.decklist,
        section: '3-B',
      },
    ],
    [
      'misplay',
      { significantDecisionSince: false },
      {
        infraction: 'misplay',
        penalty: 'caution',
        recorded: false,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.rewind,
        section: '4',
      },
    ],
    [
      'misplay',
      { significantDecisionSince: true },
      {
        infraction: 'misplay',
        penalty: 'caution',
        recorded: false,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.playOn,
        section: '4',
      },
    ],
    [
      'extra-draw',
      { identifiable: true, decisive: false },
      {
        infraction: 'extra-draw',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.extraCardOnTop,
        section: '4',
      },
    ],
    [
      'extra-draw',
      { identifiable: false, decisive: false },
      {
        infraction: 'extra-draw',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '4',
      },
    ],
    [
      'extra-draw',
      { identifiable: true, decisive: true },
      {
        infraction: 'extra-draw',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.extraCardOnTop,
        section: '4',
      },
    ],
    [
      'extra-draw',
      { identifiable: false, decisive: true },
      {
        infraction: 'extra-draw',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '4',
      },
    ],
    [
      'extra-look',
      { restorable: true, decisive: false },
      {
        infraction: 'extra-look',
        penalty: 'caution',
        recorded: false,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.seenCardsBack,
        section: '4',
      },
    ],
    [
      'extra-look',
      { restorable: false, decisive: false },
      {
        infraction: 'extra-look',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '4',
      },
    ],
    [
      'extra-look',
      { restorable: true, decisive: true },
      {
        infraction: 'extra-look',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.seenCardsBack,
        section: '4',
      },
    ],
    [
      'extra-look',
      { restorable: false, decisive: true },
      {
        infraction: 'extra-look',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '4',
      },
    ],
    [
      'intentional-rules-violation',
      undefined,
      {
        infraction: 'intentional-rules-violation',
        penalty: 'disqualification-forfeit-prizes',
        recorded: true,
        appliesTo: 'current-match',
        appliesToOptions: ['current-match'],
        repeat: null,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '4',
      },
    ],
    [
      'tardiness',
      { minutesLate: 3 },
      {
        infraction: 'tardiness',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '5',
      },
    ],
    [
      'marked-cards',
      { pattern: false },
      {
        infraction: 'marked-cards',
        penalty: 'caution',
        recorded: false,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.resleeve,
        section: '6',
      },
    ],
    [
      'marked-cards',
      { pattern: true },
      {
        infraction: 'marked-cards',
        penalty: 'duel-loss',
        recorded: true,
        ...currentDuel,
        additionalPenaltyAllowed: false,
        remedy: REMEDY.resleeve,
        section: '6',
      },
    ],
    [
      'slow-play',
      { affectedResult: false },
      {
        infraction: 'slow-play',
        penalty: 'caution',
        recorded: false,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '7',
      },
    ],
    [
      'slow-play',
      { affectedResult: true },
      {
        infraction: 'slow-play',
        penalty: 'caution',
        recorded: false,
        ...noLanding,
        additionalPenaltyAllowed: true,
        remedy: null,
        section: '7',
      },
    ],
    [
      'stalling',
      undefined,
      {
        infraction: 'stalling',
        penalty: 'match-loss',
        recorded: true,
        appliesTo: 'current-match',
        appliesToOptions: ['current-match'],
        repeat: null,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '7',
      },
    ],
    [
      'random-result',
      undefined,
      {
        infraction: 'random-result',
        penalty: 'disqualification',
        recorded: true,
        appliesTo: 'current-match',
        appliesToOptions: ['current-match'],
        repeat: null,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '8',
      },
    ],
    [
      'bribery',
      undefined,
      {
        infraction: 'bribery',
        penalty: 'disqualification-forfeit-prizes',
        recorded: true,
        appliesTo: 'current-match',
        appliesToOptions: ['current-match'],
        repeat: null,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '8',
      },
    ],
    [
      'misreported-result',
      undefined,
      {
        infraction: 'misreported-result',
        penalty: 'disqualification-forfeit-prizes',
        recorded: true,
        appliesTo: 'current-match',
        appliesToOptions: ['current-match'],
        repeat: null,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '9',
      },
    ],
    [
      'outside-advice',
      { affectedResult: false },
      {
        infraction: 'outside-advice',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '10',
      },
    ],
    [
      'outside-advice',
      { affectedResult: true },
      {
        infraction: 'outside-advice',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: true,
        remedy: null,
        section: '10',
      },
    ],
    [
      'talking-to-third-party',
      { affectedResult: false },
      {
        infraction: 'talking-to-third-party',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '10',
      },
    ],
    [
      'talking-to-third-party',
      { affectedResult: true },
      {
        infraction: 'talking-to-third-party',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: true,
        remedy: null,
        section: '10',
      },
    ],
    [
      'supporter-harassment',
      { affectedResult: false },
      {
        infraction: 'supporter-harassment',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '10',
      },
    ],
    [
      'supporter-harassment',
      { affectedResult: true },
      {
        infraction: 'supporter-harassment',
        penalty: 'warning',
        recorded: true,
        ...noLanding,
        additionalPenaltyAllowed: true,
        remedy: null,
        section: '10',
      },
    ],
  ];

  it.each(cases)('%s %j', (infraction, facts, expected) => {
    expect(decide({ infraction, ...(facts ? { facts } : {}), phase: 'in-duel' })).toEqual(expected);
  });

  it('covers all 19 infractions of the pack', () => {
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(pack.infractions.map((i) => i.id)));
    expect(pack.infractions).toHaveLength(19);
  });
});

describe('assess: tardiness thresholds', () => {
  const penaltyFor = (minutesLate: number) =>
    decide({ infraction: 'tardiness', facts: { minutesLate }, phase: 'between-matches' }).penalty;

  it.each([
    [0.5, 'warning'],
    [4, 'warning'],
    [4.99, 'warning'],
    [5, 'duel-loss'],
    [9, 'duel-loss'],
    [9.99, 'duel-loss'],
    [10, 'match-loss'],
    [45, 'match-loss'],
  ])('%s minutes late → %s', (minutes, penalty) => {
    expect(penaltyFor(minutes)).toBe(penalty);
  });

  it('takes the thresholds from the pack settings, not from code', () => {
    const strict = packWith((raw) => {
      raw.settings.tardiness.duelLossFromMinutes = 3;
      raw.settings.tardiness.matchLossFromMinutes = 6;
    });
    const penalty = (minutesLate: number) =>
      decide({ infraction: 'tardiness', facts: { minutesLate }, phase: 'in-duel' }, strict).penalty;
    expect([penalty(2.9), penalty(3), penalty(5.9), penalty(6)]).toEqual([
      'warning',
      'duel-loss',
      'duel-loss',
      'match-loss',
    ]);
  });

  it('gives the decision of the issue example exactly', () => {
    expect(
      decide({
        infraction: 'tardiness',
        facts: { minutesLate: 6 },
        phase: 'between-matches',
        matchAlreadyLost: false,
        previous: ['tardiness'],
      }),
    ).toEqual({
      infraction: 'tardiness',
      penalty: 'duel-loss',
      recorded: true,
      appliesTo: 'next-duel',
      appliesToOptions: ['next-duel'],
      repeat: { count: 2, upgradeTo: 'match-loss' },
      additionalPenaltyAllowed: false,
      remedy: null,
      section: '5',
    });
  });
});

describe('assess: where a penalty lands, by phase', () => {
  const landing = (infraction: string, phase: AssessReport['phase'], matchAlreadyLost?: boolean) => {
    const d = decide({ infraction, phase, ...(matchAlreadyLost === undefined ? {} : { matchAlreadyLost }) });
    return [d.appliesTo, d.appliesToOptions];
  };

  it.each([
    // duel loss
    ['deck-under-40', 'in-duel', undefined, 'current-duel', ['current-duel']],
    ['deck-under-40', 'between-duels', undefined, 'next-duel', ['next-duel']],
    ['deck-under-40', 'between-matches', undefined, 'next-duel', ['next-duel']],
    ['deck-under-40', 'in-duel', true, 'current-duel', ['current-duel']],
    // match loss
    ['stalling', 'in-duel', false, 'current-match', ['current-match']],
    // Spec §4, rule 1-D: in a match already lost the guideline stays the current match; the next match is the judge's option.
    ['stalling', 'in-duel', true, 'current-match', ['current-match', 'next-match']],
    ['stalling', 'between-duels', false, 'current-match', ['current-match']],
    ['stalling', 'between-duels', true, 'current-match', ['current-match', 'next-match']],
    ['stalling', 'between-matches', undefined, 'next-match', ['next-match']],
    // disqualifications
    ['random-result', 'in-duel', undefined, 'current-match', ['current-match']],
    ['random-result', 'between-duels', undefined, 'current-match', ['current-match']],
    ['random-result', 'between-matches', undefined, null, []],
    ['bribery', 'in-duel', true, 'current-match', ['current-match']],
    ['bribery', 'between-duels', undefined, 'current-match', ['current-match']],
    ['bribery', 'between-matches', undefined, null, []],
  ] as const)('%s %s (match already lost: %s) → %s', (infraction, phase, lost, appliesTo, options) => {
    expect(landing(infraction, phase, lost)).toEqual([appliesTo, options]);
  });

  it.each(['in-duel', 'between-duels', 'between-matches'] as const)(
    'caution and warning land on no game %s',
    (phase) => {
      const lost = phase !== 'between-matches';
      const caution = decide({
        infraction: 'slow-play',
        facts: { affectedResult: false },
        phase,
        matchAlreadyLost: lost,
      });
      const warning = decide({
        infraction: 'outside-advice',
        facts: { affectedResult: false },
        phase,
        matchAlreadyLost: lost,
      });
      expect([caution.appliesTo, caution.appliesToOptions, warning.appliesTo, warning.appliesToOptions]).toEqual([
        null,
        [],
        null,
        [],
      ]);
    },
  );
});

describe('assess: repeats (spec §2-B)', () => {
  const repeatOf = (report: AssessReport, with_: Pack = pack) => decide(report, with_).repeat;

  it('offers nothing the first time, even after other infractions', () => {
    expect(
      repeatOf({ infraction: 'slow-play', facts: { affectedResult: false }, phase: 'in-duel', previous: [] }),
    ).toBeNull();
    expect(
      repeatOf({
        infraction: 'slow-play',
        facts: { affectedResult: false },
        phase: 'in-duel',
        previous: ['misplay', 'tardiness'],
      }),
    ).toBeNull();
  });

  it('from the second time of the same id, counts and offers one step up', () => {
    expect(
      repeatOf({
        infraction: 'slow-play',
        facts: { affectedResult: false },
        phase: 'in-duel',
        previous: ['slow-play'],
      }),
    ).toEqual({ count: 2, upgradeTo: 'warning' });
    expect(
      repeatOf({
        infraction: 'slow-play',
        facts: { affectedResult: false },
        phase: 'in-duel',
        previous: ['slow-play', 'misplay', 'slow-play'],
      }),
    ).toEqual({ count: 3, upgradeTo: 'warning' });
    expect(
      repeatOf({
        infraction: 'outside-advice',
        facts: { affectedResult: true },
        phase: 'in-duel',
        previous: ['outside-advice'],
      }),
    ).toEqual({ count: 2, upgradeTo: 'duel-loss' });
    expect(repeatOf({ infraction: 'stalling', phase: 'in-duel', previous: ['stalling'] })).toEqual({
      count: 2,
      upgradeTo: 'disqualification',
    });
    expect(repeatOf({ infraction: 'random-result', phase: 'between-matches', previous: ['random-result'] })).toEqual({
      count: 2,
      upgradeTo: 'disqualification-forfeit-prizes',
    });
  });

  it('steps up from the penalty these facts call for', () => {
    const report = (decisive: boolean): AssessReport => ({
      infraction: 'extra-draw',
      facts: { identifiable: true, decisive },
      phase: 'in-duel',
      previous: ['extra-draw'],
    });
    expect(repeatOf(report(false))).toEqual({ count: 2, upgradeTo: 'duel-loss' });
    expect(repeatOf(report(true))).toEqual({ count: 2, upgradeTo: 'match-loss' });
  });

  it('offers no step above the top of the ladder', () => {
    expect(repeatOf({ infraction: 'bribery', phase: 'in-duel', previous: ['bribery'] })).toEqual({
      count: 2,
      upgradeTo: null,
    });
    expect(
      repeatOf({
        infraction: 'misreported-result',
        phase: 'in-duel',
        previous: ['misreported-result', 'misreported-result'],
      }),
    ).toEqual({ count: 3, upgradeTo: null });
  });

  it('follows the repeat settings of the pack', () => {
    const later = packWith((raw) => {
      raw.settings.repeat = { offerFromCount: 3, step: 2 };
    });
    const report = (previous: string[]): AssessReport => ({
      infraction: 'misplay',
      facts: { significantDecisionSince: false },
      phase: 'in-duel',
      previous,
    });
    expect(repeatOf(report(['misplay']), later)).toBeNull();
    expect(repeatOf(report(['misplay', 'misplay']), later)).toEqual({ count: 3, upgradeTo: 'duel-loss' });
    // Two steps from a disqualification would pass the top: the offer stops at the top.
    expect(
      repeatOf({ infraction: 'random-result', phase: 'in-duel', previous: ['random-result', 'random-result'] }, later),
    ).toEqual({ count: 3, upgradeTo: 'disqualification-forfeit-prizes' });
  });
});

describe('assess: bad input names the field and what was expected', () => {
  const ok = { infraction: 'tardiness', facts: { minutesLate: 6 }, phase: 'in-duel' };

  it.each([
    ['not an object', ['tardiness'], 'report: expected a JSON object, got an array'],
    [
      'unknown top-level field',
      { ...ok, round: 3 },
      'round: unknown field (expected only infraction, facts, phase, matchAlreadyLost, previous)',
    ],
    [
      'a blank field name, quoted so it can be seen',
      { ...ok, ' ': 1 },
      '[" "]: unknown field (expected only infraction, facts, phase, matchAlreadyLost, previous)',
    ],
    ['missing infraction', { phase: 'in-duel' }, 'infraction: missing (expected an infraction id, like "tardiness")'],
    ['infraction of the wrong type', { ...ok, infraction: 5 }, 'infraction: expected an infraction id, got 5'],
    [
      'unknown infraction id',
      { ...ok, infraction: 'late' },
      'infraction: unknown infraction "late" in policy ocg-5ds (list them with: shinpan policy)',
    ],
    [
      'missing phase',
      { infraction: 'stalling' },
      'phase: missing (expected "in-duel" | "between-duels" | "between-matches")',
    ],
    [
      'unknown phase',
      { ...ok, phase: 'lunch' },
      'phase: expected "in-duel" | "between-duels" | "between-matches", got "lunch"',
    ],
    ['facts not an object', { ...ok, facts: [6] }, 'facts: expected an object of facts, got an array'],
    [
      'missing number fact',
      { ...ok, facts: {} },
      'facts.minutesLate: missing (tardiness needs a number of minutes greater than 0: How many minutes after the designated seat time did the player sit down (if still absent, how many have passed)?)',
    ],
    [
      'missing facts object',
      { infraction: 'marked-cards', phase: 'in-duel' },
      'facts.pattern: missing (marked-cards needs true or false: Do the marks follow a pattern (for example, only certain cards are marked)?)',
    ],
    [
      'missing second fact',
      { infraction: 'extra-draw', phase: 'in-duel', facts: { identifiable: true } },
      'facts.decisive: missing (extra-draw needs true or false: Is the extra card decisive for the course of the game?)',
    ],
    [
      'number fact of the wrong type',
      { ...ok, facts: { minutesLate: '6' } },
      'facts.minutesLate: expected a number of minutes greater than 0, got "6"',
    ],
    [
      'boolean fact of the wrong type',
      { infraction: 'marked-cards', phase: 'in-duel', facts: { pattern: 'yes' } },
      'facts.pattern: expected true or false, got "yes"',
    ],
    [
      'negative minutes',
      { ...ok, facts: { minutesLate: -2 } },
      'facts.minutesLate: expected a number of minutes greater than 0, got -2',
    ],
    [
      'zero minutes (on time is no tardiness)',
      { ...ok, facts: { minutesLate: 0 } },
      'facts.minutesLate: expected a number of minutes greater than 0, got 0',
    ],
    [
      'a fact the infraction does not take',
      { ...ok, facts: { minutesLate: 6, excuse: true } },
      'facts.excuse: not a fact of tardiness (it takes minutesLate)',
    ],
    [
      'a fact for an infraction without facts',
      { infraction: 'bribery', phase: 'in-duel', facts: { amount: 1000 } },
      'facts.amount: not a fact of bribery (it takes no facts)',
    ],
    [
      'matchAlreadyLost of the wrong type',
      { ...ok, matchAlreadyLost: 'yes' },
      'matchAlreadyLost: expected true or false, got "yes"',
    ],
    ['matchAlreadyLost null', { ...ok, matchAlreadyLost: null }, 'matchAlreadyLost: expected true or false, got null'],
    [
      'matchAlreadyLost between matches, a contradiction (spec §4)',
      { infraction: 'stalling', phase: 'between-matches', matchAlreadyLost: true },
      'matchAlreadyLost: true only for a report in a match (in-duel or between-duels); between matches there is no current match to have lost',
    ],
    [
      'previous not an array',
      { ...ok, previous: 'tardiness' },
      'previous: expected an array of infraction ids, got "tardiness"',
    ],
    [
      'previous with a non-string',
      { ...ok, previous: ['tardiness', 7] },
      'previous[1]: expected an infraction id, got 7',
    ],
    [
      'previous with an unknown id',
      { ...ok, previous: ['tardy'] },
      'previous[0]: unknown infraction "tardy" in policy ocg-5ds (list them with: shinpan policy)',
    ],
  ])('%s', (_name, report, message) => {
    expect(refusal(report)).toBe(message);
  });

  it('checks number facts against the minimum a pack declares', () => {
    const counted = packWith((raw) => {
      const fact = raw.infractions.find((i: { id: string }) => i.id === 'tardiness').facts[0];
      delete fact.exclusiveMinimum;
      fact.minimum = 1;
    });
    const result = assess({ infraction: 'tardiness', facts: { minutesLate: 0.5 }, phase: 'in-duel' }, counted);
    expect(result).toEqual({
      ok: false,
      error: {
        field: 'facts.minutesLate',
        message: 'facts.minutesLate: expected a number of minutes of at least 1, got 0.5',
        text: {
          en: 'facts.minutesLate: expected a number of minutes of at least 1, got 0.5',
          ja: 'facts.minutesLate: 1 以上の数値（分）が必要です（値: 0.5）',
        },
      },
    });
    expect(decide({ infraction: 'tardiness', facts: { minutesLate: 1 }, phase: 'in-duel' }, counted).penalty).toBe(
      'warning',
    );
  });

  it('refuses a number that is not finite (library callers can pass one)', () => {
    expect(refusal({ ...ok, facts: { minutesLate: Number.POSITIVE_INFINITY } })).toBe(
      'facts.minutesLate: expected a number of minutes greater than 0, got Infinity',
    );
  });
});

describe('assess: bad input is said in both languages', () => {
  it('gives each refusal in Japanese too, starting with the same field', () => {
    const reports: unknown[] = [
      ['x'],
      { phase: 'in-duel' },
      { infraction: 'late', phase: 'in-duel' },
      { infraction: 'tardiness', phase: 'lunch' },
      { infraction: 'tardiness', phase: 'in-duel', facts: {} },
      { infraction: 'tardiness', phase: 'in-duel', facts: { minutesLate: 'six' } },
      { infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 6 }, matchAlreadyLost: true },
      { infraction: 'tardiness', phase: 'in-duel', facts: { minutesLate: 6 }, previous: [3] },
    ];
    for (const report of reports) {
      const decided = assess(report as AssessReport, pack);
      expect(decided.ok, JSON.stringify(report)).toBe(false);
      if (decided.ok) continue;
      const { field, message, text } = decided.error;
      expect(text.en).toBe(message);
      expect(text.ja.startsWith(`${field}: `), text.ja).toBe(true);
      expect(text.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(text.ja).not.toBe(text.en);
    }
  });
});
