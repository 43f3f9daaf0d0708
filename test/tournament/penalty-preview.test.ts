import { describe, expect, it } from 'vitest';
import { previewPenalty } from '../../src/core/tournament/penalty-preview.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';
import { decide } from '../../src/core/tournament/decide.js';
import { at, given, tournament } from './fixtures.js';
import { issue, roundOne } from './penalty-fixtures.js';

/*
 * The assess answer is the core's own decision, and it says what each choice takes, so the
 * console restates no rule: repeats as the core counts them, the minutes from a seat mark,
 * a match already lost, and which choices need a head judge or statements.
 */

function preview(events: Parameters<typeof tournament>, player: string, report: Parameters<typeof previewPenalty>[2]) {
  const answer = previewPenalty(tournament(...events), player, report);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

describe('previewPenalty', () => {
  it('gives the decision the core issues, and for each penalty how it is recorded, where it lands and who may give it', () => {
    const { decision, options, duels } = preview(roundOne, 'a', {
      infraction: 'extra-draw',
      facts: { identifiable: true, decisive: false },
      phase: 'in-duel',
    });
    const issued = decide(
      issue('a', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }),
      given(...roundOne),
    );
    expect(issued.ok && issued.value[0]?.type === 'PenaltyIssued' && issued.value[0].data.guideline).toEqual(decision);
    expect(options.map((o) => [o.penalty, o.as, o.headJudge, o.statementsRequired])).toEqual([
      ['caution', 'deviation', true, false],
      ['warning', 'guideline', false, false],
      ['duel-loss', 'deviation', true, false],
      ['match-loss', 'deviation', true, false],
      ['disqualification', 'deviation', true, true],
      ['disqualification-forfeit-prizes', 'deviation', true, true],
    ]);
    const duelLoss = options.find((o) => o.penalty === 'duel-loss');
    expect(duelLoss?.landing.options).toEqual(expect.arrayContaining(['current-duel']));
    // In a best-of-3 match the judge names the duel a duel loss lands on.
    expect([duelLoss?.duelLandings, duels]).toEqual([duelLoss?.landing.options, 3]);
    expect(options.find((o) => o.penalty === 'warning')).toMatchObject({
      landing: { propose: null, options: [] },
      duelLandings: [],
    });
  });

  it('offers a match loss on the next match only to a head judge, in a match already lost', () => {
    const { decision, options } = preview(roundOne, 'a', {
      infraction: 'random-result',
      phase: 'in-duel',
      matchAlreadyLost: true,
    });
    const matchLoss = options.find((o) => o.penalty === 'match-loss');
    expect(decision.penalty).not.toBe('match-loss');
    expect(matchLoss).toMatchObject({ headJudge: true });
    // Stalling's guideline is a match loss: as the guideline, only the move to the next match needs the head judge.
    const stalling = preview(roundOne, 'a', { infraction: 'stalling', phase: 'in-duel', matchAlreadyLost: true });
    expect(stalling.options.find((o) => o.penalty === 'match-loss')).toMatchObject({
      as: 'guideline',
      headJudge: false,
      headJudgeLandings: ['next-match'],
      landing: { propose: 'current-match', options: ['current-match', 'next-match'] },
    });
  });

  it('counts repeats as the core does and fills the minutes late from the seat mark', () => {
    const seated: TournamentEvent = { type: 'PlayerSeated', data: { round: 1, table: 1, player: 'b' }, at: at(6) };
    const { decision } = preview([...roundOne, seated], 'b', { infraction: 'tardiness', phase: 'between-matches' });
    expect(decision.penalty).toBe('duel-loss');
  });
});
