import { describe, expect, it } from 'vitest';
import { parseBanlistJson, writeBanlistJson } from '../../src/core/deck/banlist-json-format.js';
import { parseLflist, writeLflist } from '../../src/core/deck/lflist-format.js';

const conf = [
  '\uFEFF#[2011.9.1][Custom]',
  '!2011.9.1',
  '#forbidden',
  '19613556 0 --大嵐',
  '08131171 0 --キラー・スネーク',
  '#limited',
  '83764718 1 --死者蘇生',
  '// 100000035 0 -- staff card, commented out',
  '--SS05 a comment line',
  '!Custom',
  '$whitelist',
  '44508094 3\t--Stardust Dragon\t\tEXTRA',
  '83764718 1',
  '83764718 2 --listed twice: the later count holds',
].join('\r\n');

describe('parseLflist', () => {
  it('reads several lists with their names, dates, whitelist flag and counts', () => {
    const lists = parseLflist(conf);
    expect(lists.ok).toBe(true);
    if (!lists.ok) return;
    expect(lists.value.map((l) => [l.name, l.date, l.whitelist, [...l.limits]])).toEqual([
      [
        '2011.9.1',
        '2011-09-01',
        false,
        [
          [19613556, 0],
          [8131171, 0],
          [83764718, 1],
        ],
      ],
      [
        'Custom',
        null,
        true,
        [
          [44508094, 3],
          [83764718, 2],
        ],
      ],
    ]);
  });

  it('reports each broken line with its number', () => {
    const broken = [
      '12345678 0 --before any list',
      '!2011.3.1',
      '19613556 4 --too many',
      '$blacklist',
      '19613556 zero',
      '!',
      '5318639 2 trailing words',
    ].join('\n');
    const lists = parseLflist(broken);
    expect(lists.ok ? [] : lists.error.map((e) => [e.line, e.message.en])).toEqual([
      [1, '"12345678 0 --before any list" comes before the first list header (!NAME)'],
      [3, 'count 4 is not 0, 1, 2 or 3'],
      [4, 'unknown directive "$blacklist" (only $whitelist exists)'],
      [5, 'expected "PASSCODE COUNT --comment", got "19613556 zero"'],
      [6, 'a list header "!" needs a name'],
      [7, 'expected "PASSCODE COUNT --comment", got "5318639 2 trailing words"'],
    ]);
  });

  it('refuses a file with no list at all', () => {
    const lists = parseLflist('# nothing here\n');
    expect(lists.ok ? [] : lists.error.map((e) => e.message.en)).toEqual(['no list in the file (no "!NAME" line)']);
  });

  it('writes lists back so that they read the same', () => {
    const lists = parseLflist(conf);
    if (!lists.ok) throw new Error('fixture does not parse');
    const again = parseLflist(writeLflist(lists.value, (p) => (p === 19613556 ? 'Heavy Storm' : undefined)));
    expect(again.ok && again.value).toEqual(lists.value);
    expect(writeLflist(lists.value.slice(0, 1), (p) => (p === 19613556 ? 'Heavy Storm' : undefined))).toBe(
      '#[2011.9.1]\n!2011.9.1\n#forbidden\n19613556 0 --Heavy Storm\n8131171 0\n#limited\n83764718 1\n',
    );
  });
});

describe('the simple JSON form of lists', () => {
  it('reads one list, an array, or {"lists": [...]}, with the date from the name unless given', () => {
    const one = parseBanlistJson(
      '{"name":"2011.3.1","forbidden":[19613556],"limited":["83764718"],"semiLimited":[5318639]}',
    );
    expect(one.ok && one.value.map((l) => [l.name, l.date, l.whitelist, [...l.limits]])).toEqual([
      [
        '2011.3.1',
        '2011-03-01',
        false,
        [
          [19613556, 0],
          [83764718, 1],
          [5318639, 2],
        ],
      ],
    ]);
    const many = parseBanlistJson(
      '{"lists":[{"name":"House rules","date":"2011-06-01","whitelist":true,"allowed":[44508094]}]}',
    );
    expect(many.ok && many.value.map((l) => [l.name, l.date, l.whitelist, [...l.limits]])).toEqual([
      ['House rules', '2011-06-01', true, [[44508094, 3]]],
    ]);
  });

  it('names the field that is wrong', () => {
    const problem = (text: string) => {
      const r = parseBanlistJson(text);
      return r.ok ? null : r.error[0]?.message.en;
    };
    expect(problem('{"lists":[{"name":"a","limited":[1, "x"]}]}')).toBe(
      'lists[0].limited[1]: expected a passcode (a whole number of up to 9 digits), got "x"',
    );
    expect(problem('[{"forbidden":[]}]')).toBe('[0].name: expected text, got nothing');
    expect(problem('{"name":"a","forbidden":[1],"limited":[1]}')).toBe(
      'limited[0]: 1 is already in another group of the list',
    );
    expect(problem('{"name":"a","date":"2011-02-30"}')).toBe('date: expected a date YYYY-MM-DD, got "2011-02-30"');
    expect(problem('{"name":')).toBe('not valid JSON');
  });

  it('writes lists that read back the same', () => {
    const lists = parseBanlistJson('{"name":"2011.3.1","forbidden":[19613556],"limited":[83764718],"allowed":[1]}');
    if (!lists.ok) throw new Error('fixture does not parse');
    expect(parseBanlistJson(writeBanlistJson(lists.value))).toEqual(lists);
  });
});
