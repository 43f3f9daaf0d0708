import { describe, expect, it } from 'vitest';
import { isDatedOcgList, listDateFromName, selectBanlist, type Banlist } from '../../src/core/deck/banlist.js';

const list = (name: string): Banlist => ({ name, date: listDateFromName(name), whitelist: false, limits: new Map() });

describe('list dates', () => {
  it('reads the date a list name starts with, in the forms the real files use', () => {
    expect(
      [
        '2011.3.1',
        '2013.9.1 (OCG)',
        '2026.07 OCG',
        '２０１１．９．１',
        '2010.03.01 Edison',
        '2013.9',
        'Traditional',
        '2011.13.1',
      ].map(listDateFromName),
    ).toEqual(['2011-03-01', '2013-09-01', '2026-07-01', '2011-09-01', '2010-03-01', '2013-09-01', null, null]);
  });

  it('lets the date pick only OCG lists: a date alone or marked OCG', () => {
    const names = [
      '2011.3.1',
      '2013.9.1 (OCG)',
      '2026.07 OCG',
      '2013.9 TCG',
      '2013.9.1 (TCG)',
      '2018.2.05 (April)',
      '2010.03.01 Edison',
      'Traditional',
    ];
    expect(names.filter((n) => isDatedOcgList(list(n)))).toEqual(['2011.3.1', '2013.9.1 (OCG)', '2026.07 OCG']);
  });
});

describe('selectBanlist', () => {
  const file = ['2011.9.1', '2011.3.1', '2011.9 TCG', '2012.3.1', 'Traditional'].map(list);

  it('picks the OCG list in force on the date: the latest one starting on or before it', () => {
    const pick = (date: string) => {
      const r = selectBanlist(file, { date });
      return r.ok ? r.value.name : r.error.kind;
    };
    expect(pick('2011-03-01')).toBe('2011.3.1');
    expect(pick('2011-08-31')).toBe('2011.3.1');
    expect(pick('2011-10-15')).toBe('2011.9.1');
    expect(pick('2013-01-01')).toBe('2012.3.1');
    expect(pick('2010-12-31')).toBe('none-in-force');
  });

  it('takes a list by name (width and case do not matter) over the date', () => {
    const r = selectBanlist(file, { name: 'traditional', date: '2011-06-01' });
    expect(r.ok && r.value.name).toBe('Traditional');
    const full = selectBanlist([list('２０１１．３．１')], { name: '2011.3.1', date: '2011-06-01' });
    expect(full.ok && full.value.name).toBe('２０１１．３．１');
  });

  it('takes the only list of a file whatever its name', () => {
    const r = selectBanlist([list('2026.05 TCG')], { date: '2011-06-01' });
    expect(r.ok && r.value.name).toBe('2026.05 TCG');
  });

  it('says which names exist when the name is unknown', () => {
    const r = selectBanlist(file, { name: '2011.4.1', date: '2011-06-01' });
    expect(r.ok ? null : [r.error.kind, r.error.message.en]).toEqual([
      'unknown-name',
      'no list named "2011.4.1"; the file holds: 2011.9.1, 2011.3.1, 2011.9 TCG, 2012.3.1, Traditional',
    ]);
  });
});
