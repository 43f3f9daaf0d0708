import { describe, expect, it } from 'vitest';
import { parsePlayersCsv } from '../../src/app/csv-players.js';
import { pairingsView } from '../../src/app/projections/pairings-view.js';
import { compareByName, sortByName } from '../../src/core/names/by-name.js';
import { foldKana, nameMatches, readingProblem } from '../../src/core/names/reading.js';
import { created, given, meta, registered, swissRound, thenError, thenEvents, tournament } from './fixtures.js';

const register = (player: { id: string; name: string; reading?: string }) =>
  ({ type: 'RegisterPlayer', data: { player }, meta: meta('organizer') }) as const;

describe('a player reading (フリガナ)', () => {
  it('is recorded trimmed on PlayerRegistered and kept in the state', () => {
    const events = thenEvents(given(created()), register({ id: '1', name: '山田 太郎', reading: ' やまだ たろう ' }));
    expect(events).toEqual([
      {
        type: 'PlayerRegistered',
        data: { player: { id: '1', name: '山田 太郎', reading: 'やまだ たろう', decklist: null }, entryRound: 1 },
      },
    ]);
    expect(tournament(created(), ...events).players[0]?.reading).toBe('やまだ たろう');
  });

  it('stays absent where none is given, so older logs replay unchanged', () => {
    const events = thenEvents(given(created()), register({ id: '1', name: 'Smith' }));
    expect(events[0]?.data).toEqual({ player: { id: '1', name: 'Smith', decklist: null }, entryRound: 1 });
    const t = tournament(created(), registered('1'));
    expect('reading' in (t.players[0] ?? {})).toBe(false);
  });

  it('is refused unless it is kana, naming the field and the character', () => {
    expect(
      thenError(given(created()), register({ id: '1', name: '山田', reading: 'やま田' }), 'invalid-command'),
    ).toEqual({
      field: 'player.reading',
      problem: {
        ja: 'フリガナはかな (ひらがな・カタカナ) で書いてください: 3 文字目の "田" はかなではありません',
        en: 'a reading is written in kana (hiragana or katakana): "田" at character 3 is not kana',
      },
    });
    expect(
      thenError(given(created()), register({ id: '1', name: 'A', reading: 'yamada' }), 'invalid-command'),
    ).toMatchObject({
      field: 'player.reading',
    });
    expect(
      thenError(given(created()), register({ id: '1', name: 'A', reading: '  ' }), 'invalid-command'),
    ).toMatchObject({
      field: 'player.reading',
    });
  });

  it('accepts hiragana, katakana, half-width katakana, ー, ・ and spaces', () => {
    for (const ok of ['やまだ たろう', 'ヤマダ　タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ', 'ジョー・スミス', 'ゔぃんせんと'])
      expect(readingProblem(ok)).toBeNull();
    for (const bad of ['山田', 'Yamada', 'やまだ1', 'やまだ!']) expect(readingProblem(bad)).not.toBeNull();
  });

  it('is on the pairings where given', () => {
    const t = tournament(
      created(),
      {
        type: 'PlayerRegistered',
        data: { player: { id: '1', name: '山田', reading: 'ヤマダ', decklist: null }, entryRound: 1 },
      },
      registered('2'),
      swissRound(1, [['1', '2']]),
    );
    const seats = pairingsView(t, 1)?.tables[0]?.players;
    expect(seats?.map((s) => s.reading)).toEqual(['ヤマダ', undefined]);
  });
});

describe('correcting a name or reading', () => {
  const change = (data: { player: string; name?: string; reading?: string | null }) =>
    ({ type: 'ChangePlayerDetails', data, meta: meta('scorekeeper') }) as const;
  const start = [created(), registered('1', 1, '山田 太郎')] as const;

  it('adds, replaces and takes away the reading, recording only what changed', () => {
    const added = thenEvents(given(...start), change({ player: '1', name: '山田 太郎', reading: 'やまだ たろう' }));
    expect(added).toEqual([{ type: 'PlayerDetailsChanged', data: { player: '1', reading: 'やまだ たろう' } }]);
    const renamed = thenEvents(given(...start, ...added), change({ player: '1', name: '山田 太朗' }));
    expect(renamed).toEqual([{ type: 'PlayerDetailsChanged', data: { player: '1', name: '山田 太朗' } }]);
    const t = tournament(...start, ...added, ...renamed);
    expect(t.players[0]).toMatchObject({ name: '山田 太朗', reading: 'やまだ たろう' });
    const removed = thenEvents(given(...start, ...added), change({ player: '1', reading: null }));
    expect('reading' in (tournament(...start, ...added, ...removed).players[0] ?? {})).toBe(false);
  });

  it('refuses a change that changes nothing, a bad reading, an unknown player and a judge', () => {
    expect(thenError(given(...start), change({ player: '1', name: '山田 太郎' }), 'invalid-command')).toMatchObject({
      field: 'name',
    });
    expect(thenError(given(...start), change({ player: '1', reading: 'Yamada' }), 'invalid-command')).toMatchObject({
      field: 'reading',
    });
    thenError(given(...start), change({ player: '9', reading: 'やま' }), 'player-not-found');
    thenError(
      given(...start),
      { type: 'ChangePlayerDetails', data: { player: '1', reading: 'やま' }, meta: meta('judge') },
      'role-required',
    );
  });
});

describe('the by-name order', () => {
  // Kanji names with readings, readings in hiragana, katakana and half-width katakana, a kana
  // name without a reading, kanji names without one, and Latin names.
  const players = [
    { id: '1', name: '渡辺 健', reading: 'わたなべ けん' },
    { id: '2', name: '阿部 一郎', reading: 'アベ イチロウ' },
    { id: '3', name: '伊藤 花子', reading: 'ｲﾄｳ ﾊﾅｺ' },
    { id: '4', name: 'Smith, John' },
    { id: '5', name: '佐藤' },
    { id: '6', name: '加藤 次郎', reading: 'かとう じろう' },
    { id: '7', name: 'かとう あい' },
    { id: '8', name: '東海林 純', reading: 'しょうじ じゅん' },
    { id: '9', name: 'Abe, Ken' },
    { id: '10', name: '上田 誠', reading: 'ウエダ マコト' },
    { id: '11', name: '大野 翔', reading: 'おおの しょう' },
    { id: '12', name: '後藤 勇', reading: 'ごとう いさむ' },
  ];

  it('sorts by reading in 五十音 order, Latin names first and kanji names without a reading last', () => {
    expect(sortByName(players, (p) => p).map((p) => p.name)).toEqual([
      'Abe, Ken',
      'Smith, John',
      '阿部 一郎',
      '伊藤 花子',
      '上田 誠',
      '大野 翔',
      'かとう あい',
      '加藤 次郎',
      '後藤 勇',
      '東海林 純',
      '渡辺 健',
      '佐藤',
    ]);
  });

  it('sorts hiragana, katakana and half-width katakana readings together', () => {
    const same = [
      { id: 'a', name: '山田 B', reading: 'ﾔﾏﾀﾞ' },
      { id: 'b', name: '山田 A', reading: 'やまだ' },
      { id: 'c', name: '山本', reading: 'ヤマモト' },
      { id: 'd', name: '矢野', reading: 'やの' },
      { id: 'e', name: '山田 C', reading: 'ヤマダ' },
    ];
    // 山田 ×3 share one reading and go by name; やの before やまだ before やまもと.
    expect(sortByName(same, (p) => p).map((p) => p.name)).toEqual(['矢野', '山田 A', '山田 B', '山田 C', '山本']);
    expect(compareByName({ name: 'x', reading: 'カ' }, { name: 'x', reading: 'か' })).toBe(0);
  });

  it('folds katakana and half-width katakana into hiragana', () => {
    expect(foldKana('ﾔﾏﾀﾞ ｶﾞｯｺｳ')).toBe('やまだ がっこう');
    expect(foldKana('ヴァヽ')).toBe('ゔぁゝ');
  });
});

describe('finding a player by reading', () => {
  const p = { name: '山田 太郎', reading: 'ヤマダ タロウ' };
  it('matches hiragana typed against a katakana reading, and half-width, without the space', () => {
    expect(nameMatches('やまだ', p)).toBe(true);
    expect(nameMatches('ﾔﾏﾀﾞﾀ', p)).toBe(true);
    expect(nameMatches('やまだたろう', p)).toBe(true);
    expect(nameMatches('山田', p)).toBe(true);
    expect(nameMatches('やまもと', p)).toBe(false);
    expect(nameMatches('たろう', { name: '太郎', reading: 'たろう' })).toBe(true);
    expect(nameMatches('タロウ', { name: '太郎', reading: 'たろう' })).toBe(true);
  });
});

describe('the CSV reading column', () => {
  it('reads a reading column under its Japanese or English header', () => {
    for (const header of ['id,name,reading', 'ID,氏名,フリガナ', 'id,名前,ふりがな', 'id,name,よみがな']) {
      const parsed = parsePlayersCsv(`${header}\n1,山田 太郎,やまだ たろう\n2,Smith,\n`);
      expect(parsed.ok && parsed.value.map((r) => r.reading)).toEqual(['やまだ たろう', null]);
    }
  });

  it('refuses a reading that is not kana with its line and field', () => {
    const parsed = parsePlayersCsv('id,name,フリガナ\n1,山田,やまだ\n2,佐藤,佐藤\n3,Smith,smith\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.map((p) => [p.line, p.message.en])).toEqual([
      [3, 'reading: a reading is written in kana (hiragana or katakana): "佐" at character 1 is not kana'],
      [4, 'reading: a reading is written in kana (hiragana or katakana): "s" at character 1 is not kana'],
    ]);
    expect(parsed.error[0]?.message.ja).toContain('reading (フリガナ)');
  });
});
