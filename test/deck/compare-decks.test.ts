import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareDecks, differsFromList } from '../../src/core/deck/compare-decks.js';
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
    expect(compareDecks(registered, shuffled, catalogue)).toEqual({ kind: 'zones', differences: [], sizes: [] });
  });

  it('finds a card moved between main and side deck, zone by zone, and proposes decklist-mismatch', () => {
    const result = compareDecks(ydk('quickdraw-synchro.ydk'), ydk('quickdraw-presented.ydk'), catalogue);
    const differences = [
      { zone: 'main', passcode: 58120309, registered: 2, presented: 1 },
      { zone: 'main', passcode: 70342110, registered: 0, presented: 1 },
      { zone: 'side', passcode: 70342110, registered: 2, presented: 1 },
      { zone: 'side', passcode: 58120309, registered: 0, presented: 1 },
    ];
    expect(result).toEqual({ kind: 'zones', differences, sizes: [] });
    expect(differsFromList(result)).toBe(true);
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

  it('given duel 2, when one main-deck card was swapped for one side-deck card, then deck and side deck as one pool hold the list: no difference', () => {
    const result = compareDecks(ydk('quickdraw-synchro.ydk'), ydk('quickdraw-presented.ydk'), catalogue, 'pool');
    expect(result).toEqual({ kind: 'pool', differences: [], sizes: [] });
    expect(differsFromList(result)).toBe(false);
  });

  it('given duel 2, when a card is not on the list at all, then the pool differs, named in the zone the list holds it in or it was found in', () => {
    const registered = ydk('quickdraw-synchro.ydk');
    const presented = { ...registered, side: [...registered.side.slice(1), 11111111] };
    const gone = registered.side[0] as number;
    const result = compareDecks(registered, presented, catalogue, 'pool');
    expect(result.differences).toContainEqual({ zone: 'side', passcode: 11111111, registered: 0, presented: 1 });
    expect(result.differences.find((d) => d.passcode === gone)).toMatchObject({ presented: expect.any(Number) });
    expect(differsFromList(result)).toBe(true);
  });

  it('given duel 2, when the pool is the list but the main deck grew from the side deck, then the sizes differ', () => {
    const registered = ydk('quickdraw-synchro.ydk');
    const [moved, ...side] = registered.side as number[];
    const presented = { ...registered, main: [...registered.main, moved as number], side };
    const result = compareDecks(registered, presented, catalogue, 'pool');
    expect(result.differences).toEqual([]);
    expect(result.sizes).toEqual([
      { zone: 'main', registered: registered.main.length, presented: registered.main.length + 1 },
      { zone: 'side', registered: registered.side.length, presented: registered.side.length - 1 },
    ]);
    expect(differsFromList(result)).toBe(true);
  });
});
