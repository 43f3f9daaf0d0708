import { join } from 'node:path';
import { readBanlistFile } from '../../src/adapters/deck/banlist-files.js';
import { readCardFile } from '../../src/adapters/deck/card-files.js';
import { selectBanlist } from '../../src/core/deck/banlist.js';
import { buildCatalogue } from '../../src/core/deck/catalogue.js';
import type { Deck } from '../../src/core/deck/deck.js';
import { parseTextDecklist, writeTextDecklist } from '../../src/core/deck/text-decklist-format.js';
import { validateDeck } from '../../src/core/deck/validate-deck.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import { parseYdke, writeYdke } from '../../src/core/deck/ydke-format.js';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { sharedDataDir, sharedDeckTexts } from '../lib/shared-decks.js';
import { repeatMs, spread } from '../lib/stats.js';
import { tournamentDeckRows } from './registration-bench.js';
/** The shipped pack says which infraction each finding is. */
const infractions = loadDefaultPack().settings.deckFindings;
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';

/*
 * Part 2: deck checks. Every real .ydk of ../shared/data/decks, repeated to 10,000 decklists,
 * parsed and validated against the real catalogue (cards.jsonl, alternate artworks resolved)
 * and a real F/L list, on the main thread (one core). Reading the files is left out: the texts
 * are in memory, as they are when a server receives them.
 */

const LIST_FILE = join(sharedDataDir, 'banlists', 'ygopro-fluorohydride.2026-06-24.lflist.conf');
/** The OCG list in force on this date is the newest of the file (2026.7). */
const DATE = '2026-07-01';
const DECKS = 10_000;
const TARGET_PER_SECOND = 20_000;

/** Runs part 2. */
export async function deckBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const runs = quick ? 3 : 7;
  log('decks: reading the catalogue and the list');
  const cards = await readCardFile(join(sharedDataDir, 'cards.jsonl'));
  if (!cards.ok) throw new Error(`cards.jsonl: ${cards.error.errors[0]?.message.en}`);
  const { catalogue } = buildCatalogue(cards.value.cards);
  const lists = readBanlistFile(LIST_FILE);
  if (!lists.ok) throw new Error(`${LIST_FILE}: ${lists.error[0]?.message.en}`);
  const chosen = selectBanlist(lists.value, { date: DATE });
  if (!chosen.ok) throw new Error(`no list in force on ${DATE}: ${chosen.error.message.en}`);
  const banlist = chosen.value;

  const shared = sharedDeckTexts();
  const files = shared.map((d) => d.file);
  const texts = shared.map((d) => d.text);
  const workload = Array.from({ length: DECKS }, (_, i) => texts[i % texts.length]!);

  let parsed = 0;
  let broken = 0;
  let findings = 0;
  const check = () => {
    parsed = 0;
    broken = 0;
    findings = 0;
    for (const text of workload) {
      const deck = parseYdk(text);
      if (!deck.ok) {
        broken++;
        continue;
      }
      parsed++;
      findings += validateDeck(deck.value, { catalogue, banlist, date: DATE, infractions }).length;
    }
  };
  log(`decks: ${DECKS} .ydk decklists × ${runs} runs`);
  check(); // warm-up
  const checkMs = repeatMs(runs, check);
  const perSecond = (ms: number) => DECKS / (ms / 1000);

  const decks: Deck[] = workload
    .map((t) => parseYdk(t))
    .filter((r) => r.ok)
    .map((r) => (r as { value: Deck }).value);
  const parseMs = repeatMs(runs, () => workload.forEach((t) => void parseYdk(t)));
  const validateMs = repeatMs(runs, () =>
    decks.forEach((d) => void validateDeck(d, { catalogue, banlist, date: DATE, infractions })),
  );

  // The other formats players hand in: ydke:// links and plain-text lists (names looked up).
  const distinct = decks.slice(0, texts.length);
  const ydke = distinct.map((d) => writeYdke(d));
  const textLists = distinct.map((d, i) => writeTextDecklist(d, catalogue, i % 2 === 0 ? 'ja' : 'en'));
  const formatRuns = (inputs: readonly string[], parse: (s: string) => unknown) =>
    repeatMs(runs, () => {
      for (let i = 0; i < DECKS; i++) parse(inputs[i % inputs.length]!);
    });
  log('decks: ydke and text decklists');
  const ydkeMs = formatRuns(ydke, parseYdke);
  const textMs = formatRuns(textLists, (s) => parseTextDecklist(s, catalogue));
  const textBroken = textLists.filter((s) => !parseTextDecklist(s, catalogue).ok).length;

  log('decks: loading the shipped database (fresh processes) and registrations with the check');
  const tournament = await tournamentDeckRows(
    files.map((_, i) => texts[i]!),
    quick ? 3 : 5,
    DATE,
  );

  const rate = (ms: number[]) => spread(ms.map(perSecond));
  const rows: Row[] = [
    row(`.ydk parse + validate, ${DECKS.toLocaleString('en-US')} decklists`, 'decks/s', rate(checkMs), {
      min: TARGET_PER_SECOND,
    }),
    row('.ydk parse only', 'decks/s', rate(parseMs)),
    row('validate only (catalogue + F/L list + date)', 'decks/s', rate(validateMs)),
    row('ydke:// parse', 'decks/s', rate(ydkeMs)),
    row('text decklist parse (ja/en names looked up)', 'decks/s', rate(textMs)),
    row('decklists that do not parse', '', single(broken), undefined, `of ${DECKS}; files: ${files.length}`),
    ...tournament.rows,
  ];
  const notes = missNotes(rows);
  if (textBroken > 0)
    notes.push(`${textBroken} of ${distinct.length} text decklists written by shinpan did not parse back.`);
  return {
    part: 'decks',
    title: 'Deck checks: real decklists against the real catalogue and F/L list (one core)',
    rows,
    notes,
    details: {
      decklists: DECKS,
      files: files.length,
      catalogueCards: catalogue.cards.length,
      list: banlist.name,
      date: DATE,
      parsed,
      broken,
      findingsPerRun: findings,
      ms: {
        check: checkMs,
        parse: parseMs,
        validate: validateMs,
        ydke: ydkeMs,
        text: textMs,
        loadShipped: tournament.loadMs,
        registrationPerDeck: tournament.registrationMs,
      },
      textDecklistsNotParsedBack: textBroken,
    },
  };
}
