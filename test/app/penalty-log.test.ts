import { describe, expect, it } from 'vitest';
import { penaltyLog } from '../../src/app/penalty-log.js';
import type { ChangePenalty } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import { given, meta, tournament } from '../tournament/fixtures.js';
import { issue, roundOne } from '../tournament/penalty-fixtures.js';

/*
 * The penalty log says what the head judge's queue needs, so the console restates no rule:
 * which penalties disqualify, and to which penalties a change on appeal must bring statements
 * (the core's own rule, checked here against decide).
 */

const warned = decide(
  issue('a', 'outside-advice', 'in-duel', { facts: { affectedResult: false } }),
  given(...roundOne),
);
if (!warned.ok) throw new Error(warned.error.message.en);
const events = [...roundOne, ...warned.value];

const change = (statements?: string[]): ChangePenalty => ({
  type: 'ChangePenalty',
  data: {
    penaltyId: 1,
    penalty: 'disqualification',
    reason: 'it was deliberate',
    ...(statements ? { statements } : {}),
  },
  meta: meta('head-judge'),
});

describe('the penalty log for the head judge', () => {
  it('says a warning is no disqualification and that a change to one must bring statements, as the core refuses without', () => {
    const [entry] = penaltyLog(tournament(...events));
    expect(entry).toMatchObject({ penalty: 'warning', disqualification: false });
    expect(entry?.changeNeedsStatements).toEqual(['disqualification', 'disqualification-forfeit-prizes']);
    const refused = decide(change(), given(...events));
    expect(!refused.ok && refused.error.code).toBe('statements-required');
    const changed = decide(change(['the player said so']), given(...events));
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    const [after] = penaltyLog(tournament(...events, ...changed.value));
    expect(after).toMatchObject({ penalty: 'disqualification', disqualification: true, changeNeedsStatements: [] });
  });
});
