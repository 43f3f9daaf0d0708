import { describe, expect, it } from 'vitest';
import { sessionToKeep, standingSession } from '../../web/src/api/saved-session-rules.js';

const judge = {
  id: 'acc-1',
  username: 'judge',
  displayName: 'Judge One',
  roles: ['judge' as const],
  tournamentRoles: { t1: ['head-judge' as const] },
  mustChangePassword: false,
};
const may = {
  commands: ['RecordResult'],
  capabilities: ['staff:read'],
  headJudgeChoices: false,
  acceptsDecklistIssues: false,
  tournaments: {},
} as never;
const at = Date.parse('2026-12-03T10:00:00.000Z');
const ends = '2026-12-04T09:00:00.000Z';

describe('the saved session: what is kept', () => {
  it('keeps the account, what it may do and until when its session lasts, never the CSRF token or other fields', () => {
    const answer = {
      account: { ...judge, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' },
      may,
      sessionExpiresAt: ends,
      csrfToken: 'secret',
    };
    const kept = sessionToKeep(answer, at);
    expect(kept).toEqual({
      format: 1,
      owner: 'account:acc-1',
      account: judge,
      may,
      savedAt: at,
      until: Date.parse(ends),
    });
    expect(JSON.stringify(kept)).not.toContain('secret');
  });

  it('counts the session end on the device clock when the server clock runs ahead', () => {
    expect(sessionToKeep({ account: judge, sessionExpiresAt: ends }, at, 60_000)?.until).toBe(
      Date.parse(ends) - 60_000,
    );
  });

  it('keeps nothing for the public, a first password still to change, an answer without session end or one already past it', () => {
    expect(sessionToKeep({ account: null }, at)).toBeNull();
    expect(sessionToKeep({ account: { ...judge, mustChangePassword: true }, sessionExpiresAt: ends }, at)).toBeNull();
    expect(sessionToKeep({ account: judge }, at)).toBeNull();
    expect(sessionToKeep({ account: judge, sessionExpiresAt: 'soon' }, at)).toBeNull();
    expect(sessionToKeep({ account: judge, sessionExpiresAt: '2026-12-03T09:59:59.000Z' }, at)).toBeNull();
  });
});

describe('the saved session: when it stands', () => {
  const kept = sessionToKeep({ account: judge, may, sessionExpiresAt: ends }, at)!;
  // As it comes back from storage: JSON.
  const stored = JSON.parse(JSON.stringify(kept)) as unknown;

  it('stands for its own sign-in until the session ends', () => {
    expect(standingSession(stored, 'account:acc-1', at + 1000)).toEqual(kept);
    expect(standingSession(stored, 'account:acc-1', Date.parse(ends) - 1)).toEqual(kept);
  });

  it('stands for nobody once the session has ended', () => {
    expect(standingSession(stored, 'account:acc-1', Date.parse(ends))).toBeNull();
  });

  it('never stands for another sign-in or for the public (signed out, someone else signed in)', () => {
    expect(standingSession(stored, 'account:acc-2', at)).toBeNull();
    expect(standingSession(stored, 'public', at)).toBeNull();
    // An owner written that does not match the account inside is nobody's.
    expect(standingSession({ ...kept, owner: 'account:acc-2' }, 'account:acc-2', at)).toBeNull();
  });

  it('never stands for an account that must change its first password, another shape, or anything unreadable', () => {
    const mustChange = { ...kept, account: { ...judge, mustChangePassword: true } };
    expect(standingSession(mustChange, 'account:acc-1', at)).toBeNull();
    expect(standingSession({ ...kept, format: 2 }, 'account:acc-1', at)).toBeNull();
    expect(standingSession({ ...kept, until: String(kept.until) }, 'account:acc-1', at)).toBeNull();
    expect(standingSession({ ...kept, account: { id: 'acc-1' } }, 'account:acc-1', at)).toBeNull();
    for (const nothing of [null, 'x', 42, {}]) expect(standingSession(nothing, 'account:acc-1', at)).toBeNull();
  });
});
