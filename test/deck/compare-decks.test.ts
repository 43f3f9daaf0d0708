import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareDecks } from '../../src/core/deck/compare-decks.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import { P, sampleDeck, shippedCatalogue } from './shipped.js';

const catalogue = shippedCatalogue();
const ydk = (name: string) => {
  const deck = parseYdk(readFileSync(sampleDeck(name), 'utf8'));
  if (!deck.ok) throw new Error(`${name} does not parse`);
  return deck.value;
};

describe('compareDecks', () => {
  it('proposes nothing when the deck matches its list, whatever the order of the cards', () => {
    const registered = ydk('quickdraw-synchro.ydk');
    const shuffled = {
      main: [...registered.main].reverse(),
      extra: [...registered.extra].reverse(),
      side: registered.side,
    };
    expect(compareDecks(registered, shuffled, catalogue)).toEqual({ differences: [] });
  });

  it('finds a card moved between main and side deck, zone by zone, and proposes decklist-mismatch', () => {
    const result = compareDecks(ydk('quickdraw-synchro.ydk'), ydk('quickdraw-presented.ydk'), catalogue);
    const differences = [
      { zone: 'main', passcode: 58120309, registered: 2, presented: 1 },
      { zone: 'main', passcode: 70342110, registered: 0, presented: 1 },
      { zone: 'side', passcode: 70342110, registered: 2, presented: 1 },
      { zone: 'side', passcode: 58120309, registered: 0, presented: 1 },
    ];
    expect(result).toEqual({ differences });
  });

  it('treats an alternate artwork as its card with a catalogue, and as a different passcode without one', () => {
    const registered = { main: [P.monsterReborn], extra: [P.stardust], side: [] };
    const presented = { main: [P.monsterRebornAlt], extra: [P.stardustAlt], side: [] };
    expect(compareDecks(registered, presented, catalogue).differences).toEqual([]);
    expect(compareDecks(registered, presented).differences).toEqual([
      { zone: 'main', passcode: P.monsterReborn, registered: 1, presented: 0 },
      { zone: 'main', passcode: P.monsterRebornAlt, registered: 0, presented: 1 },
      { zone: 'extra', passcode: P.stardust, registered: 1, presented: 0 },
      { zone: 'extra', passcode: P.stardustAlt, registered: 0, presented: 1 },
    ]);
  });
});
