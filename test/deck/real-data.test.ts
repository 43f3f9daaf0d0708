import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBanlistFile } from '../../src/adapters/deck/banlist-files.js';
import { readCardFile } from '../../src/adapters/deck/card-files.js';
import { selectBanlist, type Banlist } from '../../src/core/deck/banlist.js';
import { buildCatalogue, type Catalogue } from '../../src/core/deck/catalogue.js';
import type { Deck } from '../../src/core/deck/deck.js';
import { parseTextDecklist } from '../../src/core/deck/text-decklist-format.js';
import { validateDeck, type DeckFinding } from '../../src/core/deck/validate-deck.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import { sharedDataDir, sharedDataPresent } from '../support/services.js';
import { sampleDeck } from './shipped.js';
/** The shipped pack says which infraction each finding is. */
const infractions = loadDefaultPack().settings.deckFindings;
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';

// The real catalogue, lists and decks of ../shared/data, read where they are (not ours to copy).
const shared = sharedDataPresent();
const decksDir = join(sharedDataDir, 'decks');
const banlistsDir = join(sharedDataDir, 'banlists');
let catalogue: Catalogue;
let lists2011: Banlist[];

interface ManifestRow {
  file: string;
  main: number;
  extra: number;
  side: number;
}

const manifest = (shared ? readFileSync(join(decksDir, 'manifest.jsonl'), 'utf8') : '')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as ManifestRow);

function realDeck(file: string): Deck {
  const deck = parseYdk(readFileSync(join(decksDir, file), 'utf8'));
  if (!deck.ok) throw new Error(`${file}: ${deck.error[0]?.message.en}`);
  return deck.value;
}

function lists(file: string): Banlist[] {
  const read = readBanlistFile(join(banlistsDir, file));
  if (!read.ok) throw new Error(`${file}:${read.error[0]?.line}: ${read.error[0]?.message.en}`);
  return read.value;
}

function listOn(all: Banlist[], date: string): Banlist {
  const chosen = selectBanlist(all, { date });
  if (!chosen.ok) throw new Error(chosen.error.message.en);
  return chosen.value;
}

const brief = (findings: DeckFinding[]) =>
  findings.map((f) => [f.infraction, f.reason, f.passcode, f.zone, f.count, f.limit]);

beforeAll(async () => {
  if (!shared) return;
  const read = await readCardFile(join(sharedDataDir, 'cards.jsonl'));
  if (!read.ok) throw new Error(`cards.jsonl: ${read.error.errors[0]?.message.en}`);
  const built = buildCatalogue(read.value.cards);
  expect(built.skipped).toEqual([]);
  catalogue = built.catalogue;
  lists2011 = lists('ygopro-fluorohydride.2012-01-07.ocg-2011.lflist.conf');
});

describe.skipIf(!shared)('real card data', () => {
  it('reads all 14,222 cards of cards.jsonl with their 268 alternate passcodes', () => {
    expect(catalogue.cards).toHaveLength(14_222);
    expect(catalogue.byPasscode.size - catalogue.cards.length).toBe(268);
    const aliases = JSON.parse(readFileSync(join(sharedDataDir, 'aliases.json'), 'utf8')) as Record<string, number>;
    for (const [alt, canonical] of Object.entries(aliases))
      expect(catalogue.byPasscode.get(Number(alt))?.passcode).toBe(canonical);
  });

  it('skips each of the 108 tokens of non_deck_cards.jsonl, saying why', async () => {
    const read = await readCardFile(join(sharedDataDir, 'non_deck_cards.jsonl'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.cards).toEqual([]);
    const reasons = new Map<string, number>();
    for (const s of read.value.skipped) reasons.set(s.reason.en, (reasons.get(s.reason.en) ?? 0) + 1);
    expect([...reasons]).toEqual([['a token, not a deck card', 108]]);
  });
});

describe.skipIf(!shared)('real F/L lists', () => {
  const index = JSON.parse(shared ? readFileSync(join(banlistsDir, 'index.json'), 'utf8') : '[]') as {
    file: string;
    name: string;
    whitelist: boolean;
    forbidden: number;
    limited: number;
    semi_limited: number;
  }[];
  const files = shared ? readdirSync(banlistsDir).filter((f) => f.endsWith('.lflist.conf')) : [];

  it('parses every original lflist.conf file into the lists the index names, in order', () => {
    expect(files).toHaveLength(13);
    for (const file of files) {
      const parsed = lists(file);
      expect(parsed.map((l) => [l.name, l.whitelist])).toEqual(
        index.filter((i) => i.file === file).map((i) => [i.name, i.whitelist]),
      );
    }
  });

  it('counts the same forbidden / limited / semi-limited entries as the index (duplicates collapse)', () => {
    for (const file of files) {
      const rows = index.filter((i) => i.file === file);
      lists(file).forEach((list, i) => {
        const count = (n: number) => [...list.limits.values()].filter((c) => c === n).length;
        const row = rows[i];
        const got = [count(0), count(1), count(2)];
        const expected = [row?.forbidden, row?.limited, row?.semi_limited];
        // EDOPro's Speed Duel and GOAT lists name a few passcodes twice; a passcode counts once.
        if (file === 'edopro.Speed.lflist.conf' || file === 'edopro.GOAT.lflist.conf')
          got.forEach((n, k) => expect(n).toBeLessThanOrEqual(expected[k] ?? 0));
        else expect([file, list.name, ...got]).toEqual([file, list.name, ...expected]);
      });
    }
  });

  it('reads full-width list names as the same dates', () => {
    const full = lists('ygopro-fluorohydride.2011-12-27.fullwidth-headers.lflist.conf');
    expect(full.map((l) => l.date)).toEqual(['2011-09-01', '2011-03-01']);
    expect([...(full[1]?.limits ?? [])]).toEqual([...(lists2011[1]?.limits ?? [])]);
  });

  it('reads every derived list and picks the one in force by date across files', () => {
    const derived = readdirSync(join(banlistsDir, 'derived')).filter((f) => f.endsWith('.conf'));
    const all = derived.flatMap((f) => lists(join('derived', f)));
    expect(all.map((l) => l.name)).toEqual([
      '2007.03 OCG',
      '2007.09 OCG',
      '2008.03 OCG',
      '2008.09 OCG',
      '2009.03 OCG',
      '2009.09 OCG',
      '2010.03 OCG',
      '2010.09 OCG',
    ]);
    expect(listOn([...all, ...lists2011], '2010-12-24').name).toBe('2010.09 OCG');
    expect(listOn([...all, ...lists2011], '2011-03-01').name).toBe('2011.3.1');
    const ocg2026 = lists('ygopro-fluorohydride.2026-06-24.lflist.conf');
    expect(['2013-09-01', '2017-04-15', '2026-08-01'].map((d) => listOn(ocg2026, d).name)).toEqual([
      '2013.9',
      '2017.4',
      '2026.7',
    ]);
  });
});

describe.skipIf(!shared)('every real deck', () => {
  const files = shared ? readdirSync(decksDir).filter((f) => f.endsWith('.ydk')) : [];

  it('reads all 189 .ydk files with the section sizes of the manifest', () => {
    expect(files).toHaveLength(189);
    for (const row of manifest) {
      const deck = realDeck(row.file);
      expect([row.file, deck.main.length, deck.extra.length, deck.side.length]).toEqual([
        row.file,
        row.main,
        row.extra,
        row.side,
      ]);
    }
  });

  it('finds exactly one legal deck for an OCG tournament on 2011-06-01 (list 2011.3.1): the Dragunity structure deck', () => {
    const list = listOn(lists2011, '2011-06-01');
    const legal = files.filter(
      (f) => validateDeck(realDeck(f), { catalogue, banlist: list, date: '2011-06-01', infractions }).length === 0,
    );
    expect(legal).toEqual(['edopro-dist__Structure_Deck_-_Dragunity_Legion.ydk']);
  });
});

describe.skipIf(!shared)('findings verified by hand on named real decks (OCG list 2011.3.1, 2011-06-01)', () => {
  const check = (file: string, date = '2011-06-01', list?: Banlist) =>
    brief(validateDeck(realDeck(file), { catalogue, banlist: list ?? listOn(lists2011, date), date, infractions }));

  it('Dragunity Legion structure deck: legal in June 2011, five cards not yet out in early June 2010', () => {
    expect(check('edopro-dist__Structure_Deck_-_Dragunity_Legion.ydk')).toEqual([]);
    const derived2010 = lists('derived/ocg-2010.03.derived.lflist.conf')[0];
    expect(check('edopro-dist__Structure_Deck_-_Dragunity_Legion.ydk', '2010-06-01', derived2010)).toEqual([
      ['deck-unusable-card', 'not-yet-released', 63487632, 'main', 1, 0],
      ['deck-unusable-card', 'not-yet-released', 876330, 'main', 1, 0],
      ['deck-unusable-card', 'not-yet-released', 36870345, 'main', 1, 0],
      ['deck-unusable-card', 'not-yet-released', 62265044, 'main', 1, 0],
      ['deck-unusable-card', 'not-yet-released', 99659159, 'main', 1, 0],
    ]);
  });

  it('Syrus Truesdale 06: Heavy Storm and Premature Burial, both forbidden', () => {
    expect(check('ygodecks__Syrus_Truesdale_06.ydk')).toEqual([
      ['deck-over-limit', 'over-list-limit', 19613556, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 70828912, 'main', 1, 0],
    ]);
  });

  it('Yusei Fudo 21: Monster Reborn counted over its alternate artwork, an unknown pre-release passcode', () => {
    expect(check('ygodecks__Yusei_Fudo_21.ydk')).toEqual([
      ['deck-over-limit', 'over-list-limit', 15341821, 'main', 2, 1],
      ['deck-over-limit', 'over-list-limit', 16226786, 'main', 2, 1],
      ['deck-unusable-card', 'not-in-catalogue', 100000348, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 19613556, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 55144522, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 79571449, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 83764718, 'main', 2, 1],
      ['deck-over-limit', 'over-list-limit', 29762407, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 97077563, 'main', 2, 1],
    ]);
    const written = realDeck('ygodecks__Yusei_Fudo_21.ydk').main.filter((p) => p === 83764718 || p === 83764719);
    expect(written.sort()).toEqual([83764718, 83764719]);
  });

  it('Ultimate Insect Deck: four Burden of the Mighty and seven list counts broken', () => {
    expect(check('ygodecks__Ultimate_Insect_Deck.ydk')).toEqual([
      ['deck-over-limit', 'over-list-limit', 18144506, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 42703248, 'main', 2, 1],
      ['deck-over-limit', 'over-list-limit', 55144522, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 72302403, 'main', 2, 1],
      ['deck-over-limit', 'over-list-limit', 79571449, 'main', 2, 0],
      ['deck-over-3-copies', 'over-copies', 44947065, 'main', 4, 3],
      ['deck-over-limit', 'over-list-limit', 46652477, 'main', 2, 1],
      ['deck-over-limit', 'over-list-limit', 97077563, 'main', 3, 1],
    ]);
  });

  it('Vizor 04: a 20-card extra deck, anime-only passcodes, Goyo Guardian forbidden', () => {
    expect(check('ygodecks__Vizor_04.ydk')).toEqual([
      ['deck-unusable-card', 'extra-over-max', null, 'extra', 20, 15],
      ['deck-over-limit', 'over-list-limit', 15341821, 'main', 2, 1],
      ['deck-unusable-card', 'not-in-catalogue', 511000072, 'main', 2, 0],
      ['deck-over-limit', 'over-list-limit', 19613556, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 79571449, 'main', 1, 0],
      ['deck-over-limit', 'over-list-limit', 46652477, 'main', 2, 1],
      ['deck-unusable-card', 'not-in-catalogue', 110000099, 'main', 1, 0],
      ['deck-unusable-card', 'not-in-catalogue', 511000076, 'extra', 1, 0],
      ['deck-over-limit', 'over-list-limit', 7391448, 'extra', 1, 0],
      ['deck-unusable-card', 'not-in-catalogue', 511000077, 'extra', 1, 0],
      ['deck-unusable-card', 'not-in-catalogue', 511000078, 'extra', 2, 0],
    ]);
  });

  it('DBDS (2018): 34 main deck cards, and not one card was out in 2011', () => {
    const findings = check('starter-pack__DBDS.ydk');
    expect(findings[0]).toEqual(['deck-under-40', 'main-under-min', null, 'main', 34, 40]);
    expect(findings.slice(1).every((f) => f[1] === 'not-yet-released')).toBe(true);
    expect(findings).toHaveLength(1 + 40);
  });

  it('Zoodiac (windbot): legal under OCG 2017.1, four cards over the counts of 2017.4', () => {
    const ocg = lists('ygopro-fluorohydride.2026-06-24.lflist.conf');
    expect(check('windbot__AI_Zoodiac.ydk', '2017-03-31', listOn(ocg, '2017-03-31'))).toEqual([]);
    expect(check('windbot__AI_Zoodiac.ydk', '2017-04-01', listOn(ocg, '2017-04-01'))).toEqual([
      ['deck-over-limit', 'over-list-limit', 78872731, 'main', 3, 1],
      ['deck-over-limit', 'over-list-limit', 99330325, 'main', 3, 1],
      ['deck-over-limit', 'over-list-limit', 46060017, 'main', 3, 0],
      ['deck-over-limit', 'over-list-limit', 48905153, 'extra', 2, 0],
    ]);
  });
});

describe.skipIf(!shared)('the shipped sample decks against the real data', () => {
  it('are legal under the real 2011.3.1 list on 2011-06-01', () => {
    const list = listOn(lists2011, '2011-06-01');
    const quickdraw = realDeckAt(sampleDeck('quickdraw-synchro.ydk'));
    expect(validateDeck(quickdraw, { catalogue, banlist: list, date: '2011-06-01', infractions })).toEqual([]);
    const blackwing = parseTextDecklist(readFileSync(sampleDeck('blackwing.txt'), 'utf8'), catalogue);
    expect(
      blackwing.ok && validateDeck(blackwing.value, { catalogue, banlist: list, date: '2011-06-01', infractions }),
    ).toEqual([]);
  });
});

function realDeckAt(path: string): Deck {
  const deck = parseYdk(readFileSync(path, 'utf8'));
  if (!deck.ok) throw new Error(path);
  return deck.value;
}
