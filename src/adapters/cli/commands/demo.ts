import type { Command } from 'commander';
import { penaltyLog } from '../../../app/penalty-log.js';
import { standingsAfter } from '../../../app/projections/standings-view.js';
import { TournamentService } from '../../../app/tournament-service.js';
import { findingCardName, ZONE_NAMES } from '../../../core/deck/deck-texts.js';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import type { DeckDifference } from '../../../core/deck/compare-decks.js';
import type { Lang } from '../../../core/text.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { loadDefaultPack } from '../../policy/pack-file.js';
import { CliError } from '../cli-error.js';
import { openStore, storeConfig } from '../db-options.js';
import { pickLang } from '../lang.js';
import { printJson, renderTable, type Io } from '../output.js';
import { nameOf } from '../tournament-words.js';
import { loadCatalogue } from './deck-inputs.js';
import { demoFileState, removeDemoFile } from './demo-file.js';
import { DEMO_TOURNAMENT_ID, runDemo, type DemoOutcome } from './demo-scenario.js';
import { penaltyLogText } from './penalty.js';
import { recordText } from './record.js';
import { standingsText } from './standings.js';
import { demoMessages as M } from '../messages/demo.js';

interface DemoOptions {
  readonly db?: string;
  readonly lang?: string;
  readonly json?: boolean;
}

export const DEFAULT_DEMO_DB = './shinpan-demo.db';

/** Checks the target before anything is written: a new file, or an earlier demo's, never someone's data. */
function prepareFile(path: string, lang: Lang): void {
  const state = demoFileState(path, DEMO_TOURNAMENT_ID);
  if (state === 'other') {
    throw new CliError(M.say(lang, 'holds-data-other-than-demo', { path }));
  }
  if (state === 'demo') removeDemoFile(path);
}

async function demo(options: DemoOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const path = options.db ?? DEFAULT_DEMO_DB;
  const config = storeConfig(path, lang);
  if (config.kind !== 'sqlite') throw new CliError(M.say(lang, 'db-demo-writes-sqlite-file'));
  const { catalogue } = await loadCatalogue(undefined, io, lang, false);
  const pack = loadDefaultPack();
  prepareFile(path, lang);
  const store = await openStore(config, lang, true);
  let outcome: DemoOutcome;
  let events: number;
  let record: string;
  try {
    const service = new TournamentService(store);
    outcome = await runDemo(service, pack, catalogue);
    events = (await store.read(DEMO_TOURNAMENT_ID)).length;
    // Read back from the log, as `shinpan record` would.
    const entries = (await service.officialRecord()).get(outcome.recordPlayer) ?? [];
    const t = outcome.tournament;
    record = recordText(outcome.recordPlayer, nameOf(t, outcome.recordPlayer), entries, new Map([[t.id, t]]), lang);
  } finally {
    await store.close();
  }
  const t = outcome.tournament;
  if (options.json) {
    const places = finalPlaces(t);
    return printJson(io, {
      db: path,
      tournament: t.id,
      players: t.players.length,
      rounds: t.rounds.length,
      events,
      penalties: t.penalties.length,
      winner: places[0]?.player ?? null,
    });
  }
  io.stdout.write(tour(outcome, catalogue, path, events, record, lang));
}

function differencesTable(differences: readonly DeckDifference[], catalogue: Catalogue, lang: Lang): string {
  return renderTable(
    [
      { header: M.say(lang, 'card'), value: (d: DeckDifference) => findingCardName(d, catalogue, lang) },
      { header: M.say(lang, 'zone'), value: (d) => ZONE_NAMES[d.zone][lang] },
      { header: M.say(lang, 'registered'), value: (d) => String(d.registered), align: 'right' },
      { header: M.say(lang, 'presented'), value: (d) => String(d.presented), align: 'right' },
    ],
    differences,
  );
}

function tour(
  outcome: DemoOutcome,
  catalogue: Catalogue,
  path: string,
  events: number,
  record: string,
  lang: Lang,
): string {
  const t = outcome.tournament;
  const places = finalPlaces(t).slice(0, 4);
  const label = (id: string) => `${nameOf(t, id)} (${id})`;
  const check = outcome.deckCheck;
  const mismatch = penaltyLog(t).find((e) => e.player === check.player && e.infraction === 'decklist-mismatch');
  const out: string[] = [];
  out.push(
    M.say(lang, 'shinpan-demo-players-swiss-rounds', {
      name: t.settings.name,
      date: t.settings.date,
      playersCount: t.players.length,
      value: t.rounds.filter((r) => r.stage === 'swiss').length,
    }),
    M.say(lang, 'written-tournament-events', { path, id: t.id, events }),
    '',
    M.say(lang, 'top-4'),
    ...places.map((p) => `  ${p.place}. ${label(p.player)}`),
    '',
    M.say(lang, 'swiss-standings-after-round-4'),
    standingsText(t, standingsAfter(t, 4), lang).trimEnd(),
    '',
    M.say(lang, 'deck-check-round-2-presented', { label: label(check.player), presented: check.presented }),
    differencesTable(check.differences, catalogue, lang).trimEnd(),
    M.say(lang, 'decklist-mismatch-duel-loss', {
      value: mismatch?.landedOn
        ? `第${mismatch.landedOn.round}回戦 卓${mismatch.landedOn.table} 第${mismatch.landedOn.duel}デュエル`
        : '',
      value2: mismatch?.landedOn
        ? `round ${mismatch.landedOn.round}, table ${mismatch.landedOn.table}, duel ${mismatch.landedOn.duel}`
        : '',
    }),
    '',
    M.say(lang, 'penalty-log'),
    penaltyLogText(t, penaltyLog(t), lang).trimEnd(),
    '',
    `■ ${record.trimEnd()}`,
    '',
    M.say(lang, 'try-next'),
    `  npx shinpan standings --db ${path} --final`,
    `  npx shinpan pairings --db ${path} --round 3`,
    `  npx shinpan player show --db ${path} --player 1003`,
    `  npx shinpan penalty log --db ${path} --json`,
    `  npx shinpan export standings --db ${path} --format csv --out standings.csv`,
    `  SHINPAN_DB=${path} npm start   ${M.say(lang, 'judge-console-same-data')}`,
  );
  return `${out.join('\n')}\n`;
}

/** Registers `shinpan demo`. */
export function registerDemoCommand(program: Command, io: Io): void {
  program
    .command('demo')
    .description(
      'Fill a sample tournament into a database file and show it (deterministic) / サンプル大会を作成して紹介',
    )
    .option(
      '--db <file>',
      `SQLite file to write (default ${DEFAULT_DEMO_DB}); only a new file or an earlier demo's is written / 書き込むファイル`,
    )
    .option('--lang <lang>', 'ja or en')
    .option('--json', 'print a JSON summary / JSON で概要を出力')
    .action((options: DemoOptions) => demo(options, io));
}
