import type { Command } from 'commander';
import type { Lang } from '../../../core/text.js';
import type { RecordEntry } from '../../../core/tournament/official-record.js';
import { penaltyOf } from '../../../core/policy/ladder.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { SeriesService } from '../../../app/series-service.js';
import { CliError } from '../cli-error.js';
import { withDb, withDbOptions, type Db, type DbOptions } from '../db-options.js';
import { printJson, renderTable, type Io } from '../output.js';
import { recordMessages as M } from '../messages/record.js';

interface RecordOptions extends DbOptions {
  readonly player: string;
}

/** The player's name as last registered (or corrected) in any tournament of the database, or undefined for an unknown id. */
async function registeredName(db: Db, player: string): Promise<string | undefined> {
  let name: string | undefined;
  for (const e of await db.store.readByTypes(['PlayerRegistered', 'PlayerDetailsChanged'])) {
    const data = e.data as { player?: string | { id?: string; name?: string }; name?: string };
    if (typeof data.player === 'object' && data.player.id === player) name = data.player.name;
    else if (data.player === player && data.name !== undefined) name = data.name;
  }
  return name;
}

async function record(options: RecordOptions, io: Io): Promise<void> {
  await withDb(options, async (db) => {
    const lang = db.lang;
    const name = await registeredName(db, options.player);
    if (name === undefined)
      throw new CliError(M.say(lang, 'player-no-tournament-has-player', { name: db.name, player: options.player }));
    // Linked ids are one person (`series link`): either id shows the person's whole record.
    const series = new SeriesService(db.store, db.service);
    const entries = (await series.officialRecord()).get(await series.personOf(options.player)) ?? [];
    if (options.json) return printJson(io, entries);
    const tournaments = new Map<string, Tournament>();
    for (const id of new Set(entries.map((e) => e.tournamentId))) {
      const { state } = await db.service.load(id);
      if (state.status !== 'none') tournaments.set(id, state);
    }
    io.stdout.write(recordText(options.player, name, entries, tournaments, lang));
  });
}

/** The official record as a judge reads it: one line per recorded penalty in force. */
export function recordText(
  player: string,
  name: string,
  entries: readonly RecordEntry[],
  tournaments: ReadonlyMap<string, Tournament>,
  lang: Lang,
): string {
  const head = M.say(lang, 'official-record', {
    name,
    player,
    entriesCount: entries.length,
    value: entries.length === 1 ? 'entry' : 'entries',
  });
  if (entries.length === 0) return head;
  const packOf = (e: RecordEntry) => tournaments.get(e.tournamentId)?.pack.content;
  const infraction = (e: RecordEntry): string =>
    packOf(e)?.infractions.find((i) => i.id === e.infraction)?.name[lang] ?? e.infraction;
  const penalty = (e: RecordEntry, id: RecordEntry['penalty']): string => {
    const pack = packOf(e);
    return pack ? penaltyOf(pack, id).name[lang] : id;
  };
  const note = (e: RecordEntry): string =>
    [
      e.deviationReason === null ? '' : M.say(lang, 'deviation', { deviationReason: e.deviationReason }),
      e.issuedAs === null
        ? ''
        : M.say(lang, 'changed-appeal-from', { penalty: penalty(e, e.issuedAs), value: e.appealReason ?? '' }),
      e.appealDeniedReason === null ? '' : M.say(lang, 'appeal-denied', { reason: e.appealDeniedReason }),
    ]
      .filter(Boolean)
      .join('; ');
  return (
    head +
    renderTable(
      [
        { header: M.say(lang, 'date'), value: (e: RecordEntry) => e.date },
        { header: M.say(lang, 'tournament'), value: (e) => e.tournamentName },
        { header: M.say(lang, 'rd'), value: (e) => String(e.round), align: 'right' },
        { header: M.say(lang, 'infraction'), value: infraction },
        { header: M.say(lang, 'penalty'), value: (e) => penalty(e, e.penalty) },
        { header: M.say(lang, 'judge'), value: (e) => e.judge.id },
        { header: M.say(lang, 'notes'), value: note },
      ],
      entries,
    )
  );
}

/** Registers `shinpan record`. */
export function registerRecordCommand(program: Command, io: Io): void {
  withDbOptions(
    program
      .command('record')
      .description(
        "A player's official record: recorded penalties in force, across every tournament in the database / 選手の公式記録（データベース内の全大会）",
      )
      .requiredOption('--player <id>', 'player id / プレイヤーID'),
  ).action((options: RecordOptions) => record(options, io));
}
