import { describe, expect, it } from 'vitest';
import { penaltyLog } from '../../src/app/penalty-log.js';
import { PHASES } from '../../src/core/policy/assess-types.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import { fold } from '../../src/core/tournament/evolve.js';
import { previewPenalty } from '../../src/core/tournament/penalty-preview.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { assessOnPhone } from '../../web/src/penalty/phone-assess.js';
import { ended, given, meta, run, stamp, thenError } from '../tournament/fixtures.js';
import { issue, other, roundOne } from '../tournament/penalty-fixtures.js';

/*
 * The console's decision offline is the server's: for every infraction of the shipped pack and
 * every phase, the phone's preview from the saved pack, penalty log and rounds equals the assess
 * answer the server computes from the tournament's state (repeats, rescinded and added
 * penalties included). And the server, deciding again, refuses a penalty whose guideline moved.
 */

const asTournament = (state: TournamentState): Tournament => {
  if (state.status === 'none') throw new Error('no tournament');
  return state;
};

/** What the console saved while online: the pack, the penalty log and the rounds, as the API serves them. */
const saved = (t: Tournament) => ({
  pack: t.pack.content,
  log: penaltyLog(t),
  rounds: t.rounds.map((r) => ({ bestOf: r.bestOf, ended: r.ended })),
});

/** Every fact stated, as the console's form requires before it assesses. */
function facts(t: Tournament, infraction: string, flag: boolean): Record<string, number | boolean> | undefined {
  const found = t.pack.content.infractions.find((i) => i.id === infraction)!;
  if (found.facts.length === 0) return undefined;
  return Object.fromEntries(
    found.facts.map((f) => [
      f.name,
      f.type === 'boolean' ? flag : (f.minimum ?? (f.exclusiveMinimum ?? 0) + 1) + (flag ? 12 : 0),
    ]),
  );
}

const rescind = (penaltyId: number): TournamentCommand => ({
  type: 'RescindPenalty',
  data: { penaltyId, reason: 'appeal granted' },
  meta: meta('head-judge'),
});

/** Player a with history: two extra draws (one rescinded), a misplay; player b a slow play with a penalty added to it. */
function withHistory(): TournamentState {
  let state = given(...roundOne);
  state = run(state, issue('a', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }));
  state = run(state, issue('a', 'extra-draw', 'in-duel', { facts: { identifiable: true, decisive: false } }));
  state = run(state, rescind(2));
  state = run(state, issue('a', 'misplay', 'in-duel', { facts: { significantDecisionSince: false } }));
  const slowPlay = issue('b', 'slow-play', 'in-duel', { facts: { affectedResult: true } });
  // Rules 7, 10: a penalty added to the first is the same infraction, not a repeat.
  const added = { penalty: 'duel-loss' as const, reason: 'the result was affected' };
  state = run(state, {
    ...slowPlay,
    data: { ...slowPlay.data, additional: added, appliesTo: 'current-duel', duel: 1 },
  });
  return state;
}

describe('the guideline decision on the phone', () => {
  const states: [string, TournamentState][] = [
    ['no history', given(...roundOne)],
    ['a history with a rescinded penalty', withHistory()],
    ['the round ended', fold(stamp([ended(1)]), withHistory())],
  ];
  for (const [name, state] of states) {
    it(`equals the server's assess answer for every infraction and phase: ${name}`, () => {
      const t = asTournament(state);
      for (const infraction of t.pack.content.infractions)
        for (const phase of PHASES)
          for (const flag of [true, false])
            for (const player of ['a', 'b']) {
              const stated = {
                infraction: infraction.id,
                phase,
                ...(facts(t, infraction.id, flag) === undefined ? {} : { facts: facts(t, infraction.id, flag) }),
                ...(flag && phase !== 'between-matches' ? { matchAlreadyLost: true } : {}),
              };
              expect(assessOnPhone(saved(t), player, stated)).toEqual(previewPenalty(t, player, stated));
            }
    });
  }

  it('knows a repeat from the saved log, and not one that was rescinded', () => {
    const t = asTournament(withHistory());
    const report = {
      infraction: 'extra-draw',
      phase: 'in-duel' as const,
      facts: { identifiable: true, decisive: false },
    };
    const phone = assessOnPhone(saved(t), 'a', report);
    expect(phone.ok && phone.value.decision.repeat?.count).toBe(2);
    expect(phone.ok && phone.value.duels).toBe(3);
  });
});

describe('the server decides an offline penalty again', () => {
  const report = { identifiable: true, decisive: false };

  it('issues it when its guideline is the one the phone decided', () => {
    const t = asTournament(given(...roundOne));
    const phone = assessOnPhone(saved(t), 'a', { infraction: 'extra-draw', phase: 'in-duel', facts: report });
    if (!phone.ok) throw new Error(phone.error.message);
    const command = issue('a', 'extra-draw', 'in-duel', { facts: report });
    const decided = decide(
      {
        ...command,
        data: { ...command.data, expectedGuideline: { penalty: phone.value.decision.penalty, repeat: null } },
      },
      t,
    );
    expect(decided.ok && decided.value.map((e) => e.type)).toEqual(['PenaltyIssued']);
  });

  it('refuses it, naming both guidelines, when a penalty the phone did not know of made it a repeat', () => {
    const before = asTournament(given(...roundOne));
    const phone = assessOnPhone(saved(before), 'a', { infraction: 'extra-draw', phase: 'in-duel', facts: report });
    if (!phone.ok) throw new Error(phone.error.message);
    expect(phone.value.decision.repeat).toBeNull();
    // Another judge issued one meanwhile: the server's log has it, the phone's saved log does not.
    const now = run(before, issue('a', 'extra-draw', 'in-duel', { facts: report, choice: other('warning') }));
    const command = issue('a', 'extra-draw', 'in-duel', { facts: report });
    const expectedGuideline = { penalty: phone.value.decision.penalty, repeat: null };
    const details = thenError(now, { ...command, data: { ...command.data, expectedGuideline } }, 'guideline-changed');
    expect(details).toEqual({
      decided: { ja: '「警告」（初回）', en: '"Warning" (first time)' },
      now: expect.objectContaining({ en: expect.stringContaining('(time 2 for this infraction)') }),
    });
  });

  it('leaves a penalty without an expected guideline as before', () => {
    const t = given(...roundOne, ended(1));
    expect(decide(issue('a', 'extra-draw', 'between-matches', { facts: report }), t).ok).toBe(true);
  });
});
