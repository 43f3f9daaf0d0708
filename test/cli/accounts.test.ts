import { describe, expect, it } from 'vitest';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import { verifyPassword } from '../../src/adapters/http/auth/password.js';
import { json, ok, shinpan, tempFolder, tournamentWith } from './support.js';

/*
 * Staff accounts from a terminal (issue 39): create one with its roles and a one-time
 * password, change its roles, disable and enable it, list them; on the database file itself,
 * as `account reset-password` is. Bad input is refused naming the option, nothing changed.
 */
const dir = tempFolder('accounts');

async function stored(db: string, username: string) {
  const accounts = await openAccountStore({ kind: 'sqlite', path: db });
  try {
    return await accounts.findAccountByUsername(username);
  } finally {
    await accounts.close();
  }
}

async function refusedHere(...args: string[]): Promise<string> {
  const run = await shinpan(...args);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  return run.stderr;
}

describe('shinpan account create|roles|disable|enable|list', () => {
  it('creates a judge who can sign in with the one-time password, changes roles, disables and enables', async () => {
    const db = await tournamentWith(dir, 'staff', 0);
    const made = await json(
      'account',
      'create',
      '--db',
      db,
      '--user',
      'Kimura',
      '--name',
      '木村 一郎',
      '--roles',
      'judge,scorekeeper',
    );
    expect(made.account).toMatchObject({
      username: 'kimura',
      displayName: '木村 一郎',
      roles: ['judge', 'scorekeeper'],
      disabled: false,
      mustChangePassword: true,
    });
    expect(made.oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const kimura = await stored(db, 'kimura');
    expect(await verifyPassword(made.oneTimePassword, kimura!.passwordHash)).toBe(true);

    expect(await ok('account', 'roles', '--db', db, '--user', 'kimura', '--roles', 'head-judge', '--lang', 'ja')).toBe(
      'kimura の役割: ヘッドジャッジ\n',
    );
    expect((await stored(db, 'kimura'))?.roles).toEqual(['head-judge']);
    expect(await ok('account', 'disable', '--db', db, '--user', 'kimura')).toContain('kimura is disabled');
    expect((await stored(db, 'kimura'))?.disabled).toBe(true);
    const list = await ok('account', 'list', '--db', db, '--lang', 'ja');
    expect(list).toMatch(/kimura\s+木村 一郎\s+ヘッドジャッジ\s+無効/);
    await ok('account', 'enable', '--db', db, '--user', 'kimura');
    expect((await json('account', 'list', '--db', db)).accounts).toEqual([
      expect.objectContaining({ username: 'kimura', disabled: false, roles: ['head-judge'] }),
    ]);
  });

  it('refuses a bad username, role or name, a taken username, an unknown account, and leaving no organizer', async () => {
    const db = await tournamentWith(dir, 'staff-bad', 0);
    expect(
      await refusedHere('account', 'create', '--db', db, '--user', 'a', '--name', 'A', '--roles', 'judge'),
    ).toContain('--user: "a" is not a username (2–32 characters');
    expect(
      await refusedHere('account', 'create', '--db', db, '--user', 'sato', '--name', '佐藤', '--roles', 'judge,boss'),
    ).toContain('--roles: no role "boss" (organizer, head-judge, judge, scorekeeper)');
    expect(
      await refusedHere('account', 'create', '--db', db, '--user', 'sato', '--name', ' ', '--roles', 'judge'),
    ).toContain('--name: 1-100 characters');
    expect(
      await refusedHere('account', 'create', '--db', db, '--user', 'sato', '--name', '佐藤', '--roles', ','),
    ).toContain('--roles: give at least one role');
    expect((await json('account', 'list', '--db', db)).accounts).toEqual([]);

    await json('account', 'create', '--db', db, '--user', 'owner', '--name', '店長', '--roles', 'organizer');
    expect(
      await refusedHere('account', 'create', '--db', db, '--user', 'OWNER', '--name', '別人', '--roles', 'judge'),
    ).toContain('the username "owner" is taken');
    expect(await refusedHere('account', 'disable', '--db', db, '--user', 'nobody')).toContain(
      'has no account "nobody"; accounts: owner',
    );
    // The only organizer: neither disabled nor demoted, or nobody could manage staff.
    expect(await refusedHere('account', 'disable', '--db', db, '--user', 'owner')).toContain('last enabled organizer');
    expect(await refusedHere('account', 'roles', '--db', db, '--user', 'owner', '--roles', 'judge')).toContain(
      'last enabled organizer',
    );
    expect((await stored(db, 'owner'))?.roles).toEqual(['organizer']);
    await json('account', 'create', '--db', db, '--user', 'second', '--name', '副店長', '--roles', 'organizer');
    await ok('account', 'disable', '--db', db, '--user', 'owner');
    expect((await stored(db, 'owner'))?.disabled).toBe(true);
  });
});
