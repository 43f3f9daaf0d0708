import { describe, expect, it } from 'vitest';
import { describeDifference, describeFinding, findingCardName } from '../../src/core/deck/deck-texts.js';
import type { DeckFinding } from '../../src/core/deck/validate-deck.js';
import { P, sampleLists, shippedCatalogue } from './shipped.js';

const context = { catalogue: shippedCatalogue(), banlist: sampleLists()[0] ?? null, date: '2011-06-01' };
const card = (
  reason: DeckFinding['reason'],
  passcode: number | null,
  zone: DeckFinding['zone'],
  count: number,
  limit: number,
): DeckFinding => ({
  infraction: 'deck-unusable-card',
  reason,
  passcode,
  zone,
  count,
  limit,
  ...(passcode === null
    ? {}
    : {
        copies: {
          main: zone === 'main' ? count : 0,
          extra: zone === 'extra' ? count : 0,
          side: zone === 'side' ? count : 0,
        },
      }),
});

describe('finding texts', () => {
  it.each([
    [
      card('main-over-max', null, 'main', 61, 60),
      'main deck has 61 cards, at most 60',
      'メインデッキが61枚（上限60枚）',
    ],
    [
      card('side-over-max', null, 'side', 16, 15),
      'side deck has 16 cards, at most 15',
      'サイドデッキが16枚（上限15枚）',
    ],
    [
      card('not-in-catalogue', 511000072, 'main', 2, 0),
      'passcode not in the card database (main 2)',
      'カードデータベースにないパスコード（メイン2）',
    ],
    [card('no-ocg-release', P.tyler, 'side', 1, 0), 'no OCG release on record', 'OCGで発売された記録がない'],
    [
      card('not-on-whitelist', P.sangan, 'main', 1, 0),
      'not on the list "2011.3.1 OCG sample", which names the only cards allowed',
      '使用可能カードのリスト「2011.3.1 OCG sample」にない',
    ],
    [
      card('main-deck-card-in-extra', P.sangan, 'extra', 1, 0),
      '1 main deck card(s) in the extra deck',
      'メインデッキのカード1枚がエクストラデッキにある',
    ],
    [
      card('extra-deck-card-in-main', P.decodeTalker, 'main', 2, 0),
      '2 Link monster(s) in the main deck',
      'リンクモンスター2枚がメインデッキにある',
    ],
  ])('%j reads in both languages', (finding, en, ja) => {
    expect(describeFinding(finding, context, 'en')).toBe(en);
    expect(describeFinding(finding, context, 'ja')).toBe(ja);
  });

  it('names the card of a finding, or says it is unknown', () => {
    expect(findingCardName({ passcode: P.stardust }, context.catalogue, 'ja')).toBe('スターダスト・ドラゴン');
    expect(findingCardName({ passcode: 511000072 }, context.catalogue, 'en')).toBe('unknown card 511000072');
    expect(findingCardName({ passcode: null }, context.catalogue, 'en')).toBe('—');
  });

  it('describes a difference from the registered list', () => {
    const d = { zone: 'side' as const, passcode: P.sangan, registered: 2, presented: 1 };
    expect([describeDifference(d, 'en'), describeDifference(d, 'ja')]).toEqual([
      'side: registered 2, presented 1',
      'サイド: 登録2枚、実際1枚',
    ]);
  });
});
