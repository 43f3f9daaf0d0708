import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedCards, shippedListHistory } from '../../src/adapters/deck/ocg-data.js';
import { sampleCataloguePath, sampleLflistPath } from '../../src/adapters/deck/shipped-data.js';
import { banlistHash } from '../../src/adapters/deck/ocg-data.js';
import { checkRulesOf } from '../../src/adapters/deck/tournament-deck-rules.js';
import { recordBanlist } from '../../src/core/deck/deck-rules.js';
import { listInForce } from '../../src/core/deck/lflist-history.js';
import type { TournamentSettings } from '../../src/core/tournament/events.js';
import { sharedDataDir, sharedDataPresent } from '../support/services.js';
import { shinpan } from './cli-support.js';
import { sampleDeck } from './shipped.js';

// Real decks of ../shared/data registered in tournaments that give only their date: the
// findings must be those of `deck check` with the real files named explicitly.
const shared = sharedDataPresent();
const dir = mkdtempSync(join(tmpdir(), 'shinpan-tournament-decks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const deckFile = (name: string) => join(sharedDataDir, 'decks', name);
const banlists = join(sharedDataDir, 'banlists');

async function run(...args: string[]) {
  const result = await shinpan(...args);
  if (result.code !== 0 && result.code !== 1) throw new Error(`shinpan ${args.join(' ')}: ${result.stderr}`);
  return result;
}

/** A tournament with only a name and date, one player registered with `deck`. */
async function registered(name: string, date: string, deck: string) {
  const db = join(dir, `${name}.db`);
  const created = await run(
    'tournament',
    'create',
    '--db',
    db,
    '--id',
    name,
    '--name',
    name,
    '--date',
    date,
    '--rounds',
    '3',
    '--decklists-required',
    '--at',
    `${date}T09:00:00+09:00`,
  );
  await run('player', 'add', '--db', db, '--id', 'P1', '--name', 'Player 1');
  const submitted = await run('decklist', 'submit', deckFile(deck), '--db', db, '--player', 'P1', '--json');
  return {
    db,
    created,
    submitted: JSON.parse(submitted.stdout) as {
      findings: unknown[];
      rules: { list: { name: string } | null; warnings: unknown[] };
    },
  };
}

async function explicitCheck(deck: string, listFile: string, date: string) {
  const result = await run(
    'deck',
    'check',
    deckFile(deck),
    '--cards',
    join(sharedDataDir, 'cards.jsonl'),
    '--banlist',
    join(banlists, listFile),
    '--date',
    date,
    '--json',
  );
  return (JSON.parse(result.stdout) as { findings: unknown[] }[])[0]?.findings;
}

describe.skipIf(!shared)('deck checks in a tournament, with its recorded card pool and list', () => {
  it('a 2011 deck with Limited cards over their count: the findings of deck check with the real files', async () => {
    const deck = 'ygodecks__Yusei_Fudo_21.ydk';
    const { db, submitted } = await registered('t2011', '2011-06-01', deck);
    const expected = await explicitCheck(deck, 'ygopro-fluorohydride.2012-01-07.ocg-2011.lflist.conf', '2011-06-01');
    expect(expected).toContainEqual(
      expect.objectContaining({ infraction: 'deck-over-limit', passcode: 83764718, count: 2, limit: 1 }),
    );
    expect(submitted.findings).toEqual(expected);
    expect(submitted.rules).toMatchObject({ list: { name: '2011.03.01 OCG' }, warnings: [] });
    const checked = await run('decklist', 'check', deckFile(deck), '--db', db, '--player', 'P1', '--json');
    expect(checked.code).toBe(1);
    expect((JSON.parse(checked.stdout) as { findings: unknown[] }).findings).toEqual(expected);
  });

  it('a current deck: the findings of deck check with the real files, Called by the Grave forbidden on 2026.7', async () => {
    const deck = 'windbot__AI_MalissOCG.ydk';
    const { db, submitted } = await registered('t2026', '2026-08-01', deck);
    const expected = await explicitCheck(deck, 'ygopro-fluorohydride.2026-06-24.lflist.conf', '2026-08-01');
    expect(expected).toContainEqual(
      expect.objectContaining({ infraction: 'deck-over-limit', passcode: 24224830, count: 2, limit: 0 }),
    );
    expect(submitted.findings).toEqual(expected);
    const checked = await run('decklist', 'check', deckFile(deck), '--db', db, '--player', 'P1', '--json');
    expect((JSON.parse(checked.stdout) as { findings: unknown[] }).findings).toEqual(expected);
  });

  it('warns about a list that started more than 4 months before the date, and only then', async () => {
    const late = await registered('t2011late', '2011-08-20', 'ygodecks__Yusei_Fudo_21.ydk');
    expect(late.created.stderr).toContain(
      'note: the list used, 2011.03.01 OCG, started on 2011-03-01, more than 4 months before 2011-08-20',
    );
    expect(late.submitted.rules.warnings).toEqual([
      expect.objectContaining({ en: expect.stringContaining('a newer list may apply') }),
    ]);
    const text = await run(
      'decklist',
      'check',
      deckFile('ygodecks__Yusei_Fudo_21.ydk'),
      '--db',
      late.db,
      '--player',
      'P1',
      '--lang',
      'ja',
    );
    expect(text.stdout).toContain(
      '注意: 使用したリスト 2011.03.01 OCG の適用開始日は 2011-03-01 で、2011-08-20 より4か月以上前です',
    );
    const inTime = await registered('t2011ontime', '2011-06-30', 'ygodecks__Yusei_Fudo_21.ydk');
    expect(inTime.created.stderr).toBe('');
    expect(inTime.submitted.rules.warnings).toEqual([]);
    const plain = await run(
      'decklist',
      'check',
      deckFile('ygodecks__Yusei_Fudo_21.ydk'),
      '--db',
      inTime.db,
      '--player',
      'P1',
      '--lang',
      'en',
    );
    expect(plain.stdout).not.toContain('NOTE');
  });
});

// No ../shared needed: the shipped database and history only.
describe('a tournament keeps the list it recorded', () => {
  const history = shippedListHistory();
  const settings = (deckRules: TournamentSettings['deckRules']): TournamentSettings => ({
    name: 'x',
    date: '2026-08-01',
    decklistsRequired: false,
    roundMinutes: 40,
    structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    ...(deckRules ? { deckRules } : {}),
  });

  it('checks with its recorded list after a newer list is added to the shipped history', async () => {
    // Created when the shipped history ended with 2026.04.01: that is the list it recorded.
    const before = history.filter((l) => l.name !== '2026.07.01 OCG');
    const recorded = listInForce(before, '2026-08-01')?.list;
    expect(recorded?.name).toBe('2026.04.01 OCG');
    if (!recorded) return;
    const rules = await checkRulesOf(
      settings({ cardPool: shippedCards().pool, banlist: recordBanlist(recorded, 'shipped', banlistHash(recorded)) }),
    );
    expect(rules.ok && rules.value.banlist?.name).toBe('2026.04.01 OCG');
    // Called by the Grave: Limited on the recorded list, Forbidden on the newer one.
    expect(rules.ok && rules.value.banlist?.limits.get(24224830)).toBe(1);
    expect(listInForce(history, '2026-08-01')?.list.limits.get(24224830)).toBe(0);
  });

  it('a log from before rules were recorded checks with the shipped ones, and says so', async () => {
    const rules = await checkRulesOf(settings(undefined));
    expect(rules.ok && rules.value.banlist?.name).toBe('2026.07.01 OCG');
    expect(rules.ok && rules.value.warnings[0]?.en).toContain('recorded no card pool or list');
  });

  it("prints the registered decklist with the names of the tournament's pool and its deck check", async () => {
    const db = join(dir, 'print.db');
    await run(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'p',
      '--name',
      'City League',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    await run(
      'player',
      'add',
      '--db',
      db,
      '--id',
      'P1',
      '--name',
      'Player 1',
      '--decklist',
      sampleDeck('quickdraw-broken.ydk'),
    );
    const printed = await run('decklist', 'print', '--db', db, '--player', 'P1', '--lang', 'en');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('City League');
    expect(printed.stdout).toContain('Heavy Storm');
    expect(printed.stdout).toContain('Deck check (list 2011.03.01 OCG): 5 findings — to fix before round 1');
    expect(printed.stdout).toMatch(/deck-over-limit +Heavy Storm +Forbidden on 2011\.03\.01 OCG/);
  });

  it('records a card pool file by path and hash, and refuses to check once the file has changed', async () => {
    const cards = join(dir, 'house-cards.jsonl');
    writeFileSync(cards, readFileSync(sampleCataloguePath()));
    const db = join(dir, 'pool.db');
    await run(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'pool',
      '--name',
      'pool',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
      '--cards',
      cards,
      '--banlist',
      sampleLflistPath(),
    );
    const shown = JSON.parse((await run('tournament', 'show', '--db', db, '--json')).stdout) as {
      deckRules: { cards: { source: string; name: string; cards: number }; list: { name: string; source: string } };
    };
    expect(shown.deckRules.cards).toMatchObject({ source: 'file', name: cards, cards: 308 });
    expect(shown.deckRules.list).toMatchObject({ name: '2011.3.1 OCG sample', source: 'file' });
    await run(
      'player',
      'add',
      '--db',
      db,
      '--id',
      'P1',
      '--name',
      'P',
      '--decklist',
      sampleDeck('quickdraw-synchro.ydk'),
    );
    expect(
      (await shinpan('decklist', 'check', sampleDeck('quickdraw-synchro.ydk'), '--db', db, '--player', 'P1')).code,
    ).toBe(0);
    writeFileSync(cards, readFileSync(sampleCataloguePath(), 'utf8').split('\n').slice(1).join('\n'));
    // A new process, as the scorekeeper's next command is: this one holds the recorded cards in memory.
    const script =
      "const { main } = await import('./src/adapters/cli/main'); process.exitCode = await main(process.argv, { stdout: process.stdout, stderr: process.stderr });";
    const changed = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
        'shinpan',
        'decklist',
        'check',
        sampleDeck('quickdraw-synchro.ydk'),
        '--db',
        db,
        '--player',
        'P1',
        '--lang',
        'en',
      ],
      { encoding: 'utf8' },
    );
    expect(changed.status).toBe(2);
    expect(changed.stderr).toContain(`the card database ${cards} changed since the tournament recorded it`);
  });

  it('refuses to change the list once round 1 is paired, and records who and why before', async () => {
    const db = join(dir, 'change.db');
    await run('tournament', 'create', '--db', db, '--id', 'c', '--name', 'c', '--date', '2011-06-01', '--rounds', '3');
    const changed = await shinpan(
      'tournament',
      'deck-rules',
      '--db',
      db,
      '--banlist',
      '2010.9.1',
      '--reason',
      'the organizer announced the September 2010 list',
      '--lang',
      'en',
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toBe(
      'Changed deck checks: cards shipped OCG database (14222), list 2010.09.01 OCG (derived)\n',
    );
    expect(changed.stderr).toContain('more than 4 months before 2011-06-01');
    const noReason = await shinpan('tournament', 'deck-rules', '--db', db, '--banlist', '2011.3.1', '--lang', 'en');
    expect([noReason.code, noReason.stderr]).toEqual([2, 'shinpan: --reason: say why the card pool or list changes\n']);
    const unknown = await shinpan(
      'tournament',
      'deck-rules',
      '--db',
      db,
      '--banlist',
      '2011.4.1',
      '--reason',
      'x',
      '--lang',
      'en',
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('not a list of the shipped history either');
    for (const id of ['A', 'B']) await run('player', 'add', '--db', db, '--id', id, '--name', id);
    await run('round', 'pair', '--db', db);
    const locked = await shinpan(
      'tournament',
      'deck-rules',
      '--db',
      db,
      '--banlist',
      '2011.3.1',
      '--reason',
      'too late',
      '--lang',
      'en',
    );
    expect([locked.code, locked.stderr]).toEqual([
      2,
      'shinpan: round 1 has been paired: the card pool and the Forbidden/Limited list can no longer change [deck-rules-locked]\n',
    ]);
    const shown = await shinpan('tournament', 'show', '--db', db, '--json');
    expect((JSON.parse(shown.stdout) as { deckRules: { list: { name: string } } }).deckRules.list.name).toBe(
      '2010.09.01 OCG (derived)',
    );
  });
});
