import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleCataloguePath, sampleDecksDir, sampleLflistPath } from '../../src/adapters/deck/shipped-data.js';
import { shinpan } from './cli-support.js';
import { P, sampleDeck } from './shipped.js';

const dir = mkdtempSync(join(tmpdir(), 'shinpan-deck-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const list = sampleLflistPath();
const decks = relative(process.cwd(), sampleDecksDir());

describe('shinpan deck check', () => {
  it('checks a folder against the list in force on the date and exits 1 when a deck has findings', async () => {
    const run = await shinpan('deck', 'check', decks, '--banlist', list, '--date', '2011-06-01', '--lang', 'en');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('shinpan: 1 deck has findings\n');
    expect(run.stdout).toContain('F/L list: 2011.3.1 OCG sample (from 2011-03-01)\nTournament date: 2011-06-01\n');
    expect(run.stdout).toContain(`${join(decks, 'blackwing.txt')}: legal (main 40, extra 15, side 4)\n`);
    expect(run.stdout).toContain(
      [
        `${join(decks, 'quickdraw-broken.ydk')}: 5 findings (main 40, extra 15, side 6)`,
        '  Infraction          Card                Zone  Count  Limit  Detail',
        '  ------------------  ------------------  ----  -----  -----  --------------------------------------------------------------',
        '  deck-over-3-copies  Quickdraw Synchron  main      4      3  4 copies (main 4), at most 3',
        '  deck-unusable-card  Maxx "C"            main      1      0  OCG release 2011-09-17 is after the tournament date 2011-06-01',
        '  deck-unusable-card  Stardust Dragon     main      1      0  1 Synchro monster(s) in the main deck',
        '  deck-over-limit     Monster Reborn      main      2      1  Limited on 2011.3.1 OCG sample: 2 copies (main 2), 1 allowed',
        '  deck-over-limit     Heavy Storm         main      1      0  Forbidden on 2011.3.1 OCG sample: 1 copy (main 1), 0 allowed',
      ].join('\n'),
    );
    expect(run.stdout.endsWith('Summary: 4 decklists, 3 legal, 1 with findings, 0 unreadable\n')).toBe(true);
  });

  it('prints one JSON entry per deck with canonical passcodes, null for deck sizes', async () => {
    const short = join(dir, 'short.ydk');
    writeFileSync(short, `#main\n${P.sangan}\n`);
    const run = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-broken.ydk'),
      short,
      '--banlist',
      list,
      '--date',
      '2011-06-01',
      '--json',
    );
    expect(run.code).toBe(1);
    const entries = JSON.parse(run.stdout) as { file: string; ok: boolean; findings: Record<string, unknown>[] }[];
    expect(entries.map((e) => [e.file, e.ok])).toEqual([
      [sampleDeck('quickdraw-broken.ydk'), false],
      [short, false],
    ]);
    const core = (f: Record<string, unknown>) => [f.infraction, f.passcode, f.zone, f.count, f.limit];
    expect(entries[0]?.findings.map(core)).toEqual([
      ['deck-over-3-copies', P.quickdraw, 'main', 4, 3],
      ['deck-unusable-card', P.maxxC, 'main', 1, 0],
      ['deck-unusable-card', P.stardust, 'main', 1, 0],
      ['deck-over-limit', P.monsterReborn, 'main', 2, 1],
      ['deck-over-limit', P.heavyStorm, 'main', 1, 0],
    ]);
    expect(entries[1]?.findings).toEqual([
      { infraction: 'deck-under-40', passcode: null, zone: 'main', count: 1, limit: 40, reason: 'main-under-min' },
    ]);
  });

  it('exits 0 when every deck is legal, checked by default with the shipped database and the shipped list in force', async () => {
    const run = await shinpan('deck', 'check', sampleDeck('blackwing.txt'), '--date', '2011-06-01', '--lang', 'en');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      'Card database: shinpan OCG card database (catalogue/ocg-cards.jsonl), 14,222 cards\n',
    );
    expect(run.stdout).toContain('F/L list: 2011.03.01 OCG (from 2011-03-01)\nTournament date: 2011-06-01\n');
    expect(run.stdout).not.toContain('NOTE');
    const none = await shinpan(
      'deck',
      'check',
      sampleDeck('blackwing.txt'),
      '--date',
      '2011-06-01',
      '--banlist',
      'none',
      '--lang',
      'en',
    );
    expect(none.stdout).toContain('F/L list: none (Forbidden/Limited counts were not checked)\n');
  });

  it('names a list of the shipped history by its first day, and says when it started over 4 months before the date', async () => {
    const byName = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-broken.ydk'),
      '--date',
      '2011-06-01',
      '--banlist',
      '2010.9.1',
      '--json',
    );
    expect(byName.stderr).toBe(
      'shinpan: note: the list used, 2010.09.01 OCG (derived), started on 2010-09-01, more than 4 months before 2011-06-01: a newer list may apply (check the official list in force)\nshinpan: 1 deck has findings\n',
    );
    const gap = await shinpan('deck', 'check', sampleDeck('blackwing.txt'), '--date', '2011-08-20', '--lang', 'ja');
    expect(gap.stdout).toContain(
      '禁止・制限リスト: 2011.03.01 OCG (適用開始 2011-03-01)\n注意: 使用したリスト 2011.03.01 OCG の適用開始日は 2011-03-01 で、2011-08-20 より4か月以上前です。',
    );
    const early = await shinpan('deck', 'check', sampleDeck('blackwing.txt'), '--date', '2006-01-01', '--lang', 'en');
    expect(early.stdout).toContain(
      'F/L list: none (Forbidden/Limited counts were not checked)\nNOTE: no OCG list of the shipped history is in force on 2006-01-01 (it starts on 2007-03-01)',
    );
  });

  it('speaks Japanese with --lang ja, card names included', async () => {
    const run = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-broken.ydk'),
      '--banlist',
      list,
      '--date',
      '2011-06-01',
      '--lang',
      'ja',
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('禁止・制限リスト: 2011.3.1 OCG sample (適用開始 2011-03-01)\n');
    expect(run.stdout).toMatch(
      /deck-over-limit +大嵐 +メイン +1 +0 +禁止カード（2011\.3\.1 OCG sample）: 1枚（メイン1）、0枚まで\n/,
    );
    expect(run.stderr).toBe('shinpan: 違反のあるデッキが 1 件あります\n');
  });

  it('follows the date: the list of 2010 and cards not yet out make the same deck illegal', async () => {
    const run = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-synchro.ydk'),
      '--banlist',
      list,
      '--date',
      '2010-12-01',
      '--json',
    );
    const [entry] = JSON.parse(run.stdout) as { findings: Record<string, unknown>[] }[];
    expect(entry?.findings.map((f) => [f.infraction, f.reason, f.passcode, f.count, f.limit])).toEqual([
      ['deck-over-limit', 'over-list-limit', P.cardTrooper, 2, 1],
      ['deck-unusable-card', 'not-yet-released', 15310033, 1, 0],
      ['deck-unusable-card', 'not-yet-released', 59771339, 1, 0],
    ]);
  });

  it('compares with the registered decklist and proposes decklist-mismatch', async () => {
    const run = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-presented.ydk'),
      '--list',
      sampleDeck('quickdraw-synchro.ydk'),
      '--banlist',
      list,
      '--date',
      '2011-06-01',
      '--json',
    );
    expect(run.code).toBe(1);
    const [entry] = JSON.parse(run.stdout) as { ok: boolean; findings: unknown[] }[];
    expect(entry?.findings).toEqual([
      { infraction: 'decklist-mismatch', passcode: 58120309, zone: 'main', count: 1, registered: 2 },
      { infraction: 'decklist-mismatch', passcode: 70342110, zone: 'main', count: 1, registered: 0 },
      { infraction: 'decklist-mismatch', passcode: 70342110, zone: 'side', count: 1, registered: 2 },
      { infraction: 'decklist-mismatch', passcode: 58120309, zone: 'side', count: 1, registered: 0 },
    ]);
    const text = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-presented.ydk'),
      '--list',
      sampleDeck('quickdraw-synchro.ydk'),
      '--date',
      '2011-06-01',
      '--lang',
      'en',
    );
    expect(text.stdout).toContain('4 differences from the registered decklist');
    expect(text.stdout).toMatch(/Starlight Road +main +2 +1\n/);
  });

  it('reads a ydke:// URL given on the command line', async () => {
    const run = await shinpan('deck', 'check', 'ydke://viOnAg==!!!', '--date', '2011-06-01', '--json');
    const [entry] = JSON.parse(run.stdout) as { findings: Record<string, unknown>[] }[];
    expect(entry?.findings.map((f) => [f.infraction, f.reason, f.passcode])).toEqual([
      ['deck-under-40', 'main-under-min', null],
      ['deck-unusable-card', 'extra-deck-card-in-main', P.stardust],
    ]);
  });

  it('shows progress bars on request, on stderr only', async () => {
    const run = await shinpan(
      'deck',
      'check',
      decks,
      '--cards',
      sampleCataloguePath(),
      '--date',
      '2011-06-01',
      '--json',
      '--progress',
    );
    expect(JSON.parse(run.stdout)).toHaveLength(4);
    expect(run.stderr).toContain('cards [');
    expect(run.stderr).toContain('] 100%');
    expect(run.stderr).toContain('decks [');
    expect(run.stderr).toContain('] 4/4');
    const quiet = await shinpan('deck', 'check', decks, '--date', '2011-06-01', '--json');
    expect(quiet.stderr).toBe('shinpan: 1 deck has findings\n');
  });

  it('reads the simple JSON form of a list, and warns when the list starts after the tournament', async () => {
    const json = join(dir, 'house.json');
    writeFileSync(json, JSON.stringify({ name: '2012.3.1 house list', forbidden: [P.sangan] }));
    const run = await shinpan(
      'deck',
      'check',
      sampleDeck('blackwing.txt'),
      '--banlist',
      json,
      '--date',
      '2011-06-01',
      '--lang',
      'en',
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'F/L list: 2012.3.1 house list (from 2012-03-01)\nNOTE: the list 2012.3.1 house list starts on 2012-03-01, after 2011-06-01\n',
    );
    expect(run.stdout).toMatch(/deck-over-limit +Sangan +main +1 +0 +Forbidden on 2012\.3\.1 house list/);
  });

  it('applies the deck sizes of a policy pack', async () => {
    const pack = JSON.parse(readFileSync('policy/ocg-5ds.json', 'utf8')) as {
      settings: { deckLimits: { mainMin: number } };
    };
    pack.settings.deckLimits.mainMin = 1;
    const path = join(dir, 'small-decks.json');
    writeFileSync(path, JSON.stringify(pack));
    const deck = join(dir, 'one-card.ydk');
    writeFileSync(deck, `#main\n${P.sangan}\n`);
    expect((await shinpan('deck', 'check', deck, '--date', '2011-06-01', '--policy', path)).code).toBe(0);
    expect((await shinpan('deck', 'check', deck, '--date', '2011-06-01')).code).toBe(1);
  });

  it('takes a pack that says a main deck over 60 is no infraction (settings.deckFindings: null)', async () => {
    const pack = JSON.parse(readFileSync('policy/ocg-5ds.json', 'utf8')) as {
      settings: { deckFindings: Record<string, string | null> };
    };
    pack.settings.deckFindings['main-over-max'] = null;
    const path = join(dir, 'no-maximum.json');
    writeFileSync(path, JSON.stringify(pack));
    const deck = join(dir, 'sixty-one.ydk');
    // A legal main deck and copies of three cards up to the copy bound (10 of one card parse): 61 cards.
    const legal = readFileSync(sampleDeck('quickdraw-synchro.ydk'), 'utf8').split('#extra')[0]!.replace('#main', '');
    const main = [
      ...legal.split(/\s+/).filter((l) => /^\d+$/.test(l)),
      ...Array(9).fill(P.sangan),
      ...Array(9).fill(P.heavyStorm),
      ...Array(9).fill(P.monsterReborn),
    ].slice(0, 61);
    writeFileSync(deck, `#main\n${main.join('\n')}\n`);
    const seed = await shinpan('deck', 'check', deck, '--date', '2011-06-01', '--policy', path, '--lang', 'en');
    const count = (out: string) =>
      Number(/sixty-one\.ydk: (\d+) findings? \(main 61, extra 0, side 0\)/.exec(out)?.[1]);
    // The size is no finding under that pack; the copies are.
    expect(seed.stdout).not.toContain('deck-unusable-card');
    const ours = await shinpan('deck', 'check', deck, '--date', '2011-06-01', '--lang', 'en');
    expect(count(ours.stdout)).toBe(count(seed.stdout) + 1);
    expect(count(seed.stdout)).toBeGreaterThan(0);
    expect(ours.stdout).toMatch(/deck-unusable-card/);
  });
});

describe('shinpan deck check: bad input exits 2', () => {
  it('names the file and line of a broken decklist, and still checks the others', async () => {
    const folder = join(dir, 'folder');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a-broken.ydk'), '#main\n44508094\nnot a card\n');
    writeFileSync(join(folder, 'b-text.txt'), '3 Sangan\n2 Stardust Dragn\n');
    writeFileSync(join(folder, 'notes.md'), 'not a decklist');
    const run = await shinpan('deck', 'check', folder, '--date', '2011-06-01', '--lang', 'en');
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(
      `${join(folder, 'a-broken.ydk')}: unreadable\n  line 3: not a passcode or a section (#main, #extra, !side): "not a card"\n`,
    );
    expect(run.stdout).toContain(
      `${join(folder, 'b-text.txt')}: unreadable\n  line 2: no card named "Stardust Dragn"; closest: Stardust Dragon (44508094)`,
    );
    expect(run.stdout).toContain(
      'Summary: 2 decklists, 0 legal, 0 with findings, 2 unreadable\n(1 other file in the folders was not a decklist and was skipped)\n',
    );
    expect(run.stderr).toBe('shinpan: 2 decklists could not be read\n');
    const json = await shinpan('deck', 'check', join(folder, 'a-broken.ydk'), '--date', '2011-06-01', '--json');
    expect(JSON.parse(json.stdout)).toEqual([
      {
        file: join(folder, 'a-broken.ydk'),
        ok: false,
        errors: [
          {
            line: 3,
            message: {
              en: 'not a passcode or a section (#main, #extra, !side): "not a card"',
              ja: 'パスコードでも区分（#main・#extra・!side）でもありません: 「not a card」',
            },
          },
        ],
      },
    ]);
  });

  it.each([
    [
      ['--banlist', sampleLflistPath(), '--list-name', '2012.3.1'],
      /^shinpan: .*sample-5ds\.lflist\.conf: no list named "2012\.3\.1"; the file holds: 2011\.3\.1 OCG sample, 2010\.9\.1 OCG sample\n$/,
    ],
    [
      ['--banlist', sampleLflistPath(), '--date', '2009-01-01'],
      /^shinpan: .*: no dated OCG list of the file is in force on 2009-01-01; name one with --list-name/,
    ],
    [['--list-name', '2011.3.1'], /^shinpan: --list-name needs --banlist\n$/],
    [['--date', '2011-02-30'], /^shinpan: --date: expected a date YYYY-MM-DD, got "2011-02-30"\n$/],
    [['--cards', 'no-such-cards.jsonl'], /^shinpan: no-such-cards\.jsonl: no such file\n$/],
    [['--list', 'no-such-list.ydk'], /^shinpan: no-such-list\.ydk: no such file\n$/],
  ])('refuses %j', async (options, message) => {
    const run = await shinpan(
      'deck',
      'check',
      sampleDeck('quickdraw-synchro.ydk'),
      '--lang',
      'en',
      ...(options.includes('--date') ? [] : ['--date', '2011-06-01']),
      ...options,
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });

  it('reports broken catalogue lines by number', async () => {
    const cards = join(dir, 'broken-cards.jsonl');
    writeFileSync(cards, '{"id": 1, "en": "One"}\n{"id": 2, "zone": "deck", "en": "Two"}\n');
    const run = await shinpan('deck', 'check', sampleDeck('quickdraw-synchro.ydk'), '--cards', cards, '--lang', 'en');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `shinpan: ${cards}:2: zone: expected one of main, fusion, synchro, xyz, link, got "deck"\n`,
    );
    const empty = join(dir, 'empty-cards.jsonl');
    writeFileSync(empty, '\n');
    const none = await shinpan('deck', 'check', sampleDeck('quickdraw-synchro.ydk'), '--cards', empty, '--lang', 'en');
    expect([none.code, none.stderr]).toEqual([2, `shinpan: ${empty}: no cards in the file\n`]);
  });
});

describe('shinpan deck convert', () => {
  it('writes .ydk, ydke, a text list and the sheet', async () => {
    const ydke = await shinpan('deck', 'convert', sampleDeck('blackwing.txt'), '--to', 'ydke');
    expect(ydke.code).toBe(0);
    const back = await shinpan('deck', 'convert', ydke.stdout.trim(), '--to', 'text', '--lang', 'ja');
    expect(back.stdout).toBe(
      readFileSync(sampleDeck('blackwing.txt'), 'utf8')
        .replace('【メインデッキ】', 'メインデッキ (40)')
        .replace('【エクストラデッキ】', 'エクストラデッキ (15)')
        .replace('【サイドデッキ】', 'サイドデッキ (4)'),
    );
    const out = join(dir, 'blackwing.ydk');
    expect((await shinpan('deck', 'convert', sampleDeck('blackwing.txt'), '--to', 'ydk', '--out', out)).code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n').slice(0, 4)).toEqual([
      '#created by shinpan',
      '#main',
      '85215458',
      '2009101',
    ]);
    const sheet = await shinpan(
      'deck',
      'convert',
      out,
      '--to',
      'sheet',
      '--lang',
      'en',
      '--player',
      'Crow',
      '--event',
      'Regional',
    );
    expect(sheet.stdout).toContain('Name: Crow\n');
    expect(sheet.stdout).toContain(
      'Main Deck (40 cards)\n  Monster cards (19 cards)\n     1  Blackwing - Kalut the Moon Shadow\n',
    );
  });

  it('refuses an unknown target form', async () => {
    const run = await shinpan('deck', 'convert', sampleDeck('blackwing.txt'), '--to', 'pdf', '--lang', 'en');
    expect([run.code, run.stderr]).toEqual([2, 'shinpan: --to: expected one of ydk, ydke, text, sheet, got "pdf"\n']);
  });
});

describe('shinpan cards', () => {
  it('imports and merges sources, reports what it skipped, and writes a catalogue deck check reads', async () => {
    const jsonl = join(dir, 'names.jsonl');
    writeFileSync(
      jsonl,
      [
        '{"passcode": 44508094, "name_en": "Stardust Dragon", "name_ja": "スターダスト・ドラゴン", "kind": "extra", "card_type": "Monster", "extra_type": "synchro", "ocg_date": "2008-04-19", "alt_passcodes": [44508095]}',
        '{"passcode": 904186, "name_en": "Mecha Phantom Beast Token", "name_ja": "幻獣機トークン", "card_type": "token"}',
      ].join('\n'),
    );
    const ygoprodeck = join(dir, 'cards.json');
    writeFileSync(
      ygoprodeck,
      JSON.stringify({
        data: [
          { id: 5318639, name: 'Mystical Space Typhoon', frameType: 'spell', misc_info: [{ ocg_date: '2001-06-28' }] },
          { id: 44508094, name: 'X', frameType: 'synchro' },
        ],
      }),
    );
    const out = join(dir, 'merged.jsonl');
    const run = await shinpan('cards', 'import', jsonl, ygoprodeck, '--out', out, '--lang', 'en');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `${jsonl} (jsonl): 1 card, 1 row skipped`,
        '  1 × a token, not a deck card: line 2 (904186)',
        `${ygoprodeck} (ygoprodeck): 2 cards, 0 rows skipped`,
        `${out}: wrote 2 cards (1 alternate passcode)`,
        '',
      ].join('\n'),
    );
    expect(readFileSync(out, 'utf8')).toBe(
      '{"id":44508094,"ja":"スターダスト・ドラゴン","en":"Stardust Dragon","cat":"monster","zone":"synchro","ocg":"2008-04-19","alt":[44508095]}\n' +
        '{"id":5318639,"ja":null,"en":"Mystical Space Typhoon","cat":"spell","zone":"main","ocg":"2001-06-28"}\n',
    );
    const check = await shinpan(
      'deck',
      'check',
      'ydke://viOnAg==!!!',
      '--cards',
      out,
      '--date',
      '2011-06-01',
      '--json',
    );
    expect(
      (JSON.parse(check.stdout) as { findings: { reason: string }[] }[])[0]?.findings.map((f) => f.reason),
    ).toEqual(['main-under-min', 'extra-deck-card-in-main']);
  });

  it('writes nothing when a source is broken', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"data": [{"id": -1, "name": "x", "frameType": "effect"}]}');
    const out = join(dir, 'never.jsonl');
    const run = await shinpan('cards', 'import', broken, '--out', out, '--lang', 'en');
    expect([run.code, run.stderr]).toEqual([
      2,
      `shinpan: ${broken}: data[0].id: expected a passcode (a whole number of up to 9 digits), got -1\n`,
    ]);
    expect(existsSync(out)).toBe(false);
  });

  it('finds a card by name or alternate passcode, and suggests names for a miss', async () => {
    const byName = await shinpan('cards', 'find', 'スターダスト・ドラゴン', '--json');
    expect((JSON.parse(byName.stdout) as { cards: { passcode: number }[] }).cards.map((c) => c.passcode)).toEqual([
      P.stardust,
    ]);
    const byAlt = await shinpan('cards', 'find', String(P.monsterRebornAlt), '--lang', 'en');
    expect(byAlt.stdout).toMatch(/83764718 +死者蘇生 +Monster Reborn +main deck +1999-03-27 +83764719\n/);
    const miss = await shinpan('cards', 'find', 'Stardust Dragn', '--lang', 'en');
    expect(miss.code).toBe(1);
    expect(miss.stdout.split('\n')[0]).toBe('no card named "Stardust Dragn"; closest:');
    expect(miss.stdout).toContain('Stardust Dragon');
  });
});
