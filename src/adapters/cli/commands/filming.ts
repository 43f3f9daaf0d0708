import type { Command } from 'commander';
import type { Lang } from '../../../core/text.js';
import { featureTables, filmingConsent } from '../../../core/tournament/feature-tables.js';
import type { FeatureTablesMarked } from '../../../core/tournament/events.js';
import { MAX_FEATURE_TABLES } from '../../../core/tournament/limits.js';
import { findMatch, findPlayer } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { choiceOption, intOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { filmingMessages as M } from '../messages/filming.js';

/*
 * Feature matches on stream (issue 43) at the desk: a player's answer to being filmed
 * (`player filming`, and `--filming` on `player add`, `entry add` and `player check-in`), and a
 * round's feature tables (`round feature`, `round features`). The core refuses a table with a
 * player who declined or was never asked, and the refusal names them.
 */

/** `--filming yes|no` as the answer the core records. */
export function filmingOption(value: string | undefined, lang: Lang): { filming?: boolean } {
  if (value === undefined) return {};
  return { filming: choiceOption('--filming', value, ['yes', 'no'] as const, lang) === 'yes' };
}

/** The words for a player's answer. */
export const answerWord = (answer: 'yes' | 'no' | 'not-asked', lang: Lang): string => M.say(lang, answer);

interface ConsentOptions extends WriteOptions {
  readonly player: string;
  readonly filming: string;
}

async function recordConsent(options: ConsentOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const { filming } = filmingOption(options.filming, lang);
    const data = { player: options.player, consent: filming === true };
    const done = await desk.run({ type: 'SetFilmingConsent', data, meta: desk.meta('SetFilmingConsent') });
    const off = done.events
      .filter((e) => e.type === 'FeatureTablesMarked')
      .map((e) => e.data as FeatureTablesMarked['data']);
    const t = await desk.tournament();
    const answer = filmingConsent(t, options.player);
    if (desk.json) return printJson(io, { player: options.player, filming: answer, featuresChanged: off });
    const name = findPlayer(t, options.player)?.name ?? options.player;
    io.stdout.write(M.say(lang, 'recorded', { name, player: options.player, answer: answerWord(answer, lang) }));
    for (const f of off)
      io.stdout.write(M.say(lang, 'taken-off', { round: f.round, tables: f.tables.join(', ') || M.say(lang, 'none') }));
  });
}

interface FeatureOptions extends WriteOptions {
  readonly round: string;
  readonly tables?: string;
  readonly none?: boolean;
}

function tablesOption(options: FeatureOptions, lang: Lang): number[] {
  if ((options.tables === undefined) === (options.none !== true)) throw new CliError(M.say(lang, 'tables-or-none'));
  if (options.none) return [];
  const parts = (options.tables as string).split(',').map((s) => s.trim());
  if (parts.some((p) => !/^\d+$/.test(p)))
    throw new CliError(M.say(lang, 'tables-list', { value: options.tables ?? '' }));
  return parts.map((p) => intOption('--tables', p, 1, 100_000, lang));
}

async function markFeatures(options: FeatureOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const round = intOption('--round', options.round, 1, 100_000, lang);
    const tables = tablesOption(options, lang);
    await desk.run({ type: 'MarkFeatureTables', data: { round, tables }, meta: desk.meta('MarkFeatureTables') });
    if (desk.json) return printJson(io, { round, tables });
    io.stdout.write(M.say(lang, 'marked', { round, tables: tables.join(', ') || M.say(lang, 'none') }));
  });
}

interface ListOptions extends DbOptions {
  readonly round: string;
}

async function listFeatures(options: ListOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const round = intOption('--round', options.round, 1, 100_000, lang);
    const t = await desk.tournament();
    const r = t.rounds.find((x) => x.number === round);
    const rows = (r ? featureTables(t, round) : []).flatMap((table) =>
      (r ? (findMatch(r, table)?.players ?? []) : []).map((id) => ({
        table,
        player: id,
        name: findPlayer(t, id)?.name ?? id,
        filming: filmingConsent(t, id),
      })),
    );
    if (desk.json) return printJson(io, { round, tables: r ? featureTables(t, round) : [], players: rows });
    io.stdout.write(
      renderTable(
        [
          { header: M.say(lang, 'table'), value: (row: (typeof rows)[number]) => String(row.table) },
          { header: 'ID', value: (row) => row.player },
          { header: M.say(lang, 'player'), value: (row) => row.name },
          { header: M.say(lang, 'filming'), value: (row) => answerWord(row.filming, lang) },
        ],
        rows,
      ),
    );
  });
}

/** `player filming --player ID --filming yes|no`. */
export function registerFilmingCommand(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('filming')
      .description(
        "Record a player's answer to being filmed for the stream (not asked counts as no) / 配信での撮影への同意を記録",
      )
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .requiredOption(
        '--filming <yes|no>',
        'yes: may be filmed; no: never on a feature table / 同意する (yes) か否か (no)',
      ),
  ).action((options: ConsentOptions) => recordConsent(options, io));
}

/** `round feature --round N --tables 1,4|--none`, `round features --round N`. */
export function registerFeatureCommands(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('feature')
      .description(
        `Mark a round's feature tables for the stream (the whole list, at most ${MAX_FEATURE_TABLES}); both players must have said yes to filming / フィーチャーテーブルを指定`,
      )
      .requiredOption('--round <n>', 'the round / 回戦')
      .option('--tables <list>', 'table numbers, comma-separated (1,4) / 卓番号（カンマ区切り）')
      .option('--none', 'no feature table in this round / フィーチャーテーブルなし'),
  ).action((options: FeatureOptions) => markFeatures(options, io));
  withDbOptions(
    group
      .command('features')
      .description("A round's feature tables with each player's answer to filming / フィーチャーテーブルと撮影への同意")
      .requiredOption('--round <n>', 'the round / 回戦'),
  ).action((options: ListOptions) => listFeatures(options, io));
}
