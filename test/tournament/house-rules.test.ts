import { describe, expect, it } from 'vitest';
import { houseRules } from '../../src/core/policy/house-rules.js';
import { parsePack, type Settings } from '../../src/core/policy/pack-schema.js';
import type { EventDraft } from '../../src/core/tournament/events.js';
import { previewPenalty } from '../../src/core/tournament/penalty-preview.js';
import { deriveMatches } from '../../src/core/tournament/match-results.js';
import { PACK, given, settings, thenError, thenEvents, tournament, type GivenEvent } from './fixtures.js';
import { issue, other, roundOne } from './penalty-fixtures.js';

/*
 * Issue #25: where our restatement chooses what the seed leaves open or gives to the
 * tournament judge, each choice is a setting of the pack. Every setting, both values: the
 * shipped pack's (ours) and the seed's own reading (docs/penalty-engine.md).
 */

type Patch = (s: Settings) => Settings;

/** Round one of `roundOne`, under the shipped pack with `patch` applied to its settings. */
function underPack(patch: Patch): GivenEvent[] {
  const created: EventDraft = {
    type: 'TournamentCreated',
    data: {
      tournamentId: 't1',
      settings: settings(),
      pack: { ...PACK, content: { ...PACK.content, settings: patch(PACK.content.settings) } },
    },
  };
  return [created, ...roundOne.slice(1)];
}

const ours: Patch = (s) => s;
const headJudgeOnly =
  (key: keyof Settings['headJudgeOnly'], value: boolean): Patch =>
  (s) => ({ ...s, headJudgeOnly: { ...s.headJudgeOnly, [key]: value } });
const statement = ['floor judge: saw it'];
const advice = (player: string) => issue(player, 'outside-advice', 'in-duel', { facts: { affectedResult: false } });

/** The events after `command` on `events`. */
const then = (events: GivenEvent[], command: Parameters<typeof thenEvents>[1]): GivenEvent[] => [
  ...events,
  ...thenEvents(given(...events), command),
];

describe('headJudgeOnly (2-A, 2-B give these to the tournament judge, 大会審判)', () => {
  it('deviation: true (ours) needs the head judge; false (the seed) lets the judge deviate', () => {
    const deviate = issue('a', 'slow-play', 'in-duel', {
      facts: { affectedResult: false },
      choice: other('warning', 'third reminder'),
    });
    thenError(given(...underPack(ours)), deviate, 'role-required');
    expect(thenEvents(given(...underPack(headJudgeOnly('deviation', false))), deviate)[0]?.type).toBe('PenaltyIssued');
  });

  it('matchLossMovedToNextMatch: true (ours) needs the head judge; false lets the judge move it', () => {
    const moved = issue('a', 'stalling', 'in-duel', { matchAlreadyLost: true, appliesTo: 'next-match' });
    thenError(given(...underPack(ours)), moved, 'role-required');
    const events = thenEvents(given(...underPack(headJudgeOnly('matchLossMovedToNextMatch', false))), moved);
    expect(events[0]).toMatchObject({ data: { landing: { kind: 'next-match', fromRound: 2 } } });
  });

  it('disqualification: true (ours) needs the head judge; false lets the judge disqualify', () => {
    const dq = issue('a', 'random-result', 'in-duel', { statements: statement });
    thenError(given(...underPack(ours)), dq, 'role-required');
    expect(thenEvents(given(...underPack(headJudgeOnly('disqualification', false))), dq)[0]?.type).toBe(
      'PenaltyIssued',
    );
  });
});

describe('disqualificationNeedsStatements (the seed asks for none)', () => {
  it('true (ours) refuses a disqualification without statements; false (the seed) takes it', () => {
    const dq = issue('a', 'random-result', 'in-duel', { role: 'head-judge' });
    thenError(given(...underPack(ours)), dq, 'statements-required');
    const seed: Patch = (s) => ({ ...s, disqualificationNeedsStatements: false });
    expect(thenEvents(given(...underPack(seed)), dq)[0]?.type).toBe('PenaltyIssued');
  });
});

describe('sideDeckAfterDuelLossBeforeFirstDuel (the seed does not say)', () => {
  it('false (ours): no side decking before the first duel played; true: side decking as after any duel', () => {
    const late = issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 6 } });
    const noSide = (patch: Patch) => {
      const events = then(underPack(patch), late);
      return deriveMatches(tournament(...events)).matches[0]?.noSideDeckBeforeFirstPlayedDuel;
    };
    expect(noSide(ours)).toBe(true);
    expect(noSide((s) => ({ ...s, sideDeckAfterDuelLossBeforeFirstDuel: true }))).toBe(false);
  });
});

describe('repeat.raise (2-B: より上位の罰則, a higher penalty)', () => {
  const twice = (patch: Patch) => then(underPack(patch), advice('a'));
  const raisedTwoSteps = issue('a', 'outside-advice', 'in-duel', {
    facts: { affectedResult: false },
    choice: other('match-loss'),
  });

  it('one-step (ours): only the offered step is the repeat upgrade; two steps up is a deviation, with its reason', () => {
    const state = given(...twice(ours));
    expect(
      thenEvents(
        state,
        issue('a', 'outside-advice', 'in-duel', {
          facts: { affectedResult: false },
          choice: other('duel-loss'),
          duel: 1,
        }),
      )[0],
    ).toMatchObject({ data: { penalty: 'duel-loss', repeatUpgrade: true } });
    thenError(state, raisedTwoSteps, 'deviation-reason-required');
  });

  it('any-higher (the seed): any penalty above the guideline is the repeat upgrade', () => {
    const events = thenEvents(
      given(...twice((s) => ({ ...s, repeat: { ...s.repeat, raise: 'any-higher' } }))),
      raisedTwoSteps,
    );
    expect(events[0]).toMatchObject({ data: { penalty: 'match-loss', repeatUpgrade: true, deviationReason: null } });
  });
});

describe('repeat.same (2-B: 同一の違反, the same infraction)', () => {
  const thirdParty = issue('a', 'talking-to-third-party', 'in-duel', { facts: { affectedResult: false } });

  it('infraction (ours): another infraction of the same section is not a repeat', () => {
    const events = thenEvents(given(...then(underPack(ours), advice('a'))), thirdParty);
    expect(events[0]).toMatchObject({ data: { guideline: { repeat: null } } });
  });

  it("section (the seed's headings): another infraction of section 10 is the second time", () => {
    const section: Patch = (s) => ({ ...s, repeat: { ...s.repeat, same: 'section' } });
    const events = thenEvents(given(...then(underPack(section), advice('a'))), thirdParty);
    expect(events[0]).toMatchObject({ data: { guideline: { repeat: { count: 2, upgradeTo: 'duel-loss' } } } });
  });
});

describe('deviation (2-A: 軽減もしくは追加, reduce or add)', () => {
  const heavier = issue('a', 'outside-advice', 'in-duel', {
    facts: { affectedResult: false },
    choice: other('duel-loss', 'he was warned before the round'),
    duel: 1,
    role: 'head-judge',
  });
  const lighter = issue('a', 'outside-advice', 'in-duel', {
    facts: { affectedResult: false },
    choice: other('caution', 'a spectator spoke first'),
    role: 'head-judge',
  });
  const added = {
    ...issue('a', 'outside-advice', 'in-duel', { facts: { affectedResult: false }, duel: 1, role: 'head-judge' }),
  };
  added.data = { ...added.data, additional: { penalty: 'duel-loss', reason: 'he was warned before the round' } };
  const reduceOrAdd: Patch = (s) => ({ ...s, deviation: 'reduce-or-add' });

  it('any-other-penalty (ours): a deviation may be heavier or lighter; nothing is added where rules 7 and 10 do not allow it', () => {
    expect(thenEvents(given(...underPack(ours)), heavier)[0]).toMatchObject({ data: { penalty: 'duel-loss' } });
    expect(thenEvents(given(...underPack(ours)), lighter)[0]).toMatchObject({ data: { penalty: 'caution' } });
    thenError(given(...underPack(ours)), added, 'additional-penalty-not-allowed');
  });

  it('reduce-or-add (the seed): a lighter penalty instead, or a heavier one added to the guideline as a deviation', () => {
    const state = given(...underPack(reduceOrAdd));
    expect(thenError(state, heavier, 'invalid-command').field).toBe('choice.penalty');
    expect(thenEvents(state, lighter)[0]).toMatchObject({ data: { penalty: 'caution' } });
    const events = thenEvents(state, added);
    expect(
      events.map((e) => [
        (e.data as { penalty: string }).penalty,
        (e.data as { deviationReason: unknown }).deviationReason,
      ]),
    ).toEqual([
      ['warning', null],
      ['duel-loss', 'he was warned before the round'],
    ]);
    // A deviation: the head judge's (as the pack sets headJudgeOnly.deviation).
    thenError(state, { ...added, meta: { ...added.meta, actor: { id: 'j', role: 'judge' } } }, 'role-required');
  });

  it('the assess answer says the same: heavier penalties are offered only as an addition under reduce-or-add', () => {
    const report = { infraction: 'outside-advice', facts: { affectedResult: false }, phase: 'in-duel' as const };
    const answer = (patch: Patch) => {
      const preview = previewPenalty(tournament(...underPack(patch)), 'a', report);
      if (!preview.ok) throw new Error(preview.error.message);
      return { as: preview.value.options.map((o) => [o.penalty, o.as]), addition: preview.value.addition };
    };
    expect(answer(ours)).toEqual({
      as: [
        ['caution', 'deviation'],
        ['warning', 'guideline'],
        ['duel-loss', 'deviation'],
        ['match-loss', 'deviation'],
        ['disqualification', 'deviation'],
        ['disqualification-forfeit-prizes', 'deviation'],
      ],
      addition: null,
    });
    expect(answer(reduceOrAdd)).toEqual({
      as: [
        ['caution', 'deviation'],
        ['warning', 'guideline'],
        ['duel-loss', 'added-only'],
        ['match-loss', 'added-only'],
        ['disqualification', 'added-only'],
        ['disqualification-forfeit-prizes', 'added-only'],
      ],
      addition: {
        as: 'deviation',
        headJudge: [
          'caution',
          'warning',
          'duel-loss',
          'match-loss',
          'disqualification',
          'disqualification-forfeit-prizes',
        ],
      },
    });
  });
});

describe('deckFindings for sizes over the maximum (3-A names no maximum)', () => {
  it('an infraction id (ours: deck-unusable-card) or null (no infraction); null only for the sizes over the maximum', () => {
    const raw = JSON.parse(JSON.stringify(PACK.content)) as Record<string, any>;
    expect(raw.settings.deckFindings['main-over-max']).toBe('deck-unusable-card');
    for (const kind of ['main-over-max', 'extra-over-max', 'side-over-max']) raw.settings.deckFindings[kind] = null;
    const seed = parsePack(raw);
    expect(seed.ok && seed.value.settings.deckFindings['main-over-max']).toBeNull();
    raw.settings.deckFindings['over-copies'] = null;
    const refused = parsePack(raw);
    expect(refused.ok ? null : refused.error.path).toBe('settings.deckFindings.over-copies');
  });
});

describe('the settings in the pack', () => {
  it('the schema takes each value and names a wrong one; a pack without them reads as the shipped pack', () => {
    const raw = JSON.parse(JSON.stringify(PACK.content)) as Record<string, any>;
    raw.settings.repeat.raise = 'any-higher';
    raw.settings.repeat.same = 'section';
    raw.settings.deviation = 'reduce-or-add';
    expect(parsePack(raw).ok).toBe(true);
    raw.settings.deviation = 'raise';
    const refused = parsePack(raw);
    expect(refused.ok ? null : refused.error.path).toBe('settings.deviation');
    delete raw.settings.deviation;
    delete raw.settings.repeat.raise;
    delete raw.settings.repeat.same;
    const older = parsePack(raw);
    if (!older.ok) throw new Error(older.error.message);
    expect(houseRules(older.value.settings)).toEqual({
      repeatRaise: 'one-step',
      repeatSame: 'infraction',
      deviation: 'any-other-penalty',
    });
    expect(houseRules(PACK.content.settings)).toEqual(houseRules(older.value.settings));
  });
});
