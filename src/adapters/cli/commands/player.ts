import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Command } from 'commander';
import { parsePlayersCsv } from '../../../app/csv-players.js';
import { playerHistory, type RoundLine } from '../../../app/projections/player-history.js';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import type { Deck } from '../../../core/deck/deck.js';
import type { Lang } from '../../../core/text.js';
import type { TournamentCommand } from '../../../core/tournament/commands.js';
import { PLAYER_STATUS_NAMES } from '../../../core/tournament/player-status.js';
import { departures, findPlayer, playerStatus } from '../../../core/tournament/state-queries.js';
import type { PlayerState, Tournament } from '../../../core/tournament/state.js';
import { readDecklist } from '../../deck/decklist-files.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type Desk, type WriteOptions } from '../desk.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { pickLang } from '../lang.js';
import { inputError, textOption } from '../option-values.js';
import { PLAYER_ID, PLAYER_NAME, READING, REASON } from '../../../core/tournament/limits.js';
import { printJson, renderTable, type Io } from '../output.js';
import { infractionName, penaltyName, STAGE_NAMES } from '../tournament-words.js';
import { registerCheckInCommands } from './check-in.js';
import { registerFeeCommands } from './entry-fee.js';
import { filmingOption, registerFilmingCommand } from './filming.js';
import { checkImportedLists, importFindingsJson } from './import-findings.js';
import { formatErrors, loadCatalogue } from './deck-inputs.js';
import { registrationJson, registrationText, tournamentRules } from './tournament-checks.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import { sortByName } from '../../../core/names/by-name.js';
import { readingProblem } from '../../../core/names/reading.js';
import { playerMessages as M } from '../messages/player.js';

interface AddOptions extends WriteOptions {
  readonly id: string;
  readonly name: string;
  readonly reading?: string;
  readonly decklist?: string;
  readonly cards?: string;
  readonly invited?: string;
  readonly filming?: string;
}

interface EditOptions extends WriteOptions {
  readonly player: string;
  readonly name?: string;
  /** commander: a string for --reading, false for --no-reading, undefined when neither. */
  readonly reading?: string | false;
}

interface ListOptions extends DbOptions {
  readonly byName?: boolean;
}

/** --reading as typed, or an error naming the option and the first character that is not kana. */
function readingOption(value: string | undefined, lang: Lang): string | undefined {
  if (value === undefined) return undefined;
  const problem = readingProblem(value);
  if (problem) throw inputError(`--reading: ${problem[lang]}`);
  return textOption('--reading', value, lang, READING);
}

interface ImportOptions extends WriteOptions {
  readonly cards?: string;
}

interface PlayerOptions extends WriteOptions {
  readonly player: string;
  readonly reason?: string;
}

/** The catalogue decklists are read with: --cards, else the shipped OCG database. */
async function catalogueFor(cards: string | undefined, io: Io, lang: Lang): Promise<Catalogue> {
  return (await loadCatalogue(cards, io, lang, false)).catalogue;
}

async function add(options: AddOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const id = textOption('--id', options.id, lang, PLAYER_ID);
  const name = textOption('--name', options.name, lang, PLAYER_NAME);
  const invited = options.invited === undefined ? undefined : textOption('--invited', options.invited, lang, REASON);
  const reading = readingOption(options.reading, lang);
  let decklist: Deck | undefined;
  if (options.decklist !== undefined) {
    const read = readDecklist(options.decklist, await catalogueFor(options.cards, io, lang));
    if (!read.ok) throw new CliError(formatErrors(options.decklist, read.error, lang));
    decklist = read.value;
  }
  const filming = filmingOption(options.filming, lang);
  await atDesk(options, async (desk) => {
    const invitation = invited === undefined ? {} : { invitation: { reason: invited } };
    const done = await desk.run({
      type: 'RegisterPlayer',
      data: {
        player: { id, name, ...(reading ? { reading } : {}), ...(decklist ? { decklist } : {}) },
        ...invitation,
        ...filming,
      },
      meta: desk.meta('RegisterPlayer'),
    });
    const t = done.state.status === 'none' ? undefined : done.state;
    const player = t && findPlayer(t, id);
    if (!player) return;
    // With a decklist, the answer says what the tournament's deck check finds in it.
    const rules = decklist ? await tournamentRules(t.settings, {}, io, lang) : null;
    const findings =
      decklist && rules
        ? validateDeck(decklist, {
            catalogue: rules.catalogue,
            banlist: rules.banlist,
            date: t.settings.date,
            limits: t.pack.content.settings.deckLimits,
            infractions: t.pack.content.settings.deckFindings,
          })
        : null;
    if (desk.json)
      return printJson(io, { ...playerJson(player), ...(findings && rules ? registrationJson(findings, rules) : {}) });
    io.stdout.write(M.say(lang, 'registered', { name: player.name, id: player.id }));
    if (player.invitation !== null)
      io.stdout.write(
        M.say(lang, 'invited-into-round-byes-before', {
          entryRound: player.entryRound,
          reason: player.invitation.reason,
        }),
      );
    else
      io.stdout.write(
        player.entryRound > 1 ? M.say(lang, 'entering-round-round-1-counts', { entryRound: player.entryRound }) : '\n',
      );
    if (findings && rules) io.stdout.write(registrationText(findings, rules, t.settings.date, lang));
  });
}

const playerJson = (p: PlayerState) => ({
  id: p.id,
  name: p.name,
  ...(p.reading === undefined ? {} : { reading: p.reading }),
  entryRound: p.entryRound,
  decklist: p.decklist !== null,
});

/** Reads the CSV as UTF-8 (a BOM is fine); a Shift_JIS export is named as such instead of turning into mojibake. */
function readCsvText(file: string, lang: Lang): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `${file}: ${code === 'ENOENT' ? M.say(lang, 'no-such-file') : (code ?? (error as Error).message)}`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(M.say(lang, 'not-utf-8-text-excel', { file }));
  }
}

/** `player import FILE.csv`: every line checked first; then all players registered in one write, or none. */
async function importCsv(file: string, options: ImportOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const parsed = parsePlayersCsv(readCsvText(file, lang));
  // The code HTTP's import answers for the same file.
  if (!parsed.ok)
    throw new CliError(`${parsed.error.map((p) => `${file}:${p.line}: ${p.message[lang]}`).join('\n')} [invalid-csv]`);
  const rows = parsed.value;
  const problems: string[] = [];
  const decks = new Map<number, Deck>();
  if (rows.some((r) => r.decklist !== null)) {
    const catalogue = await catalogueFor(options.cards, io, lang);
    for (const row of rows) {
      if (row.decklist === null) continue;
      const path = isAbsolute(row.decklist) ? row.decklist : join(dirname(file), row.decklist);
      const read = readDecklist(path, catalogue);
      if (read.ok) decks.set(row.line, read.value);
      else
        problems.push(
          `${file}:${row.line}: ${M.say(lang, 'decklist-2')} ${formatErrors(path, read.error, lang).replaceAll('\n', `\n${file}:${row.line}: `)}`,
        );
    }
  }
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    for (const row of rows) {
      if (findPlayer(t, row.id))
        problems.push(`${file}:${row.line}: ${M.say(lang, 'player-already-registered', { id: row.id })}`);
    }
    if (problems.length > 0) throw new CliError(problems.join('\n'));
    const commands: TournamentCommand[] = rows.map((row) => {
      const decklist = decks.get(row.line);
      return {
        type: 'RegisterPlayer',
        data: {
          player: {
            id: row.id,
            name: row.name,
            ...(row.reading === null ? {} : { reading: row.reading }),
            ...(decklist ? { decklist } : {}),
          },
        },
        meta: desk.meta('RegisterPlayer'),
      };
    });
    await desk.runAll(commands, (index) => `${file}:${rows[index]?.line ?? '?'}: `);
    const lists = rows.flatMap((row) => {
      const deck = decks.get(row.line);
      return deck ? [{ id: row.id, name: row.name, where: `${file}:${row.line}`, deck }] : [];
    });
    const checked = await checkImportedLists(lists, t, io, lang);
    if (desk.json)
      return printJson(io, {
        imported: rows.length,
        players: rows.map((r) => r.id),
        ...(lists.length === 0 ? {} : { decklists: importFindingsJson(checked.result) }),
      });
    io.stdout.write(M.say(lang, 'registered-players-from', { rowsCount: rows.length, file }));
    io.stdout.write(checked.text);
  });
}

async function list(options: ListOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const { dropped, withdrawn, status } = departures(t);
    // --by-name: by reading in 五十音 order, by name where no reading was given (core/names/by-name.ts).
    const players = options.byName ? sortByName(t.players, (p) => p) : t.players;
    const rows = players.map((p) => ({
      ...playerJson(p),
      dropped: dropped.has(p.id),
      rankWithdrawn: withdrawn.has(p.id),
      status: status(p.id),
    }));
    if (desk.json) return printJson(io, rows);
    const lang = desk.lang;
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
          { header: M.say(lang, 'name'), value: (r) => r.name },
          // The reading column only once some player has one, so lists without readings stay as narrow as before.
          ...(rows.some((r) => r.reading !== undefined)
            ? [{ header: M.say(lang, 'reading'), value: (r: (typeof rows)[number]) => r.reading ?? '' }]
            : []),
          {
            header: M.say(lang, 'decklist'),
            value: (r) => (r.decklist ? M.say(lang, 'yes') : '—'),
          },
          { header: M.say(lang, 'from-round'), value: (r) => String(r.entryRound), align: 'right' },
          { header: M.say(lang, 'status'), value: (r) => PLAYER_STATUS_NAMES[r.status][lang] },
        ],
        rows,
      ),
    );
    io.stdout.write(M.say(lang, 'players', { rowsCount: rows.length }));
  });
}

/** `player edit`: a name misspelt at the desk, or a reading added after an import without one. */
async function edit(options: EditOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const name = options.name === undefined ? undefined : textOption('--name', options.name, lang, PLAYER_NAME);
  const reading = options.reading === false ? null : readingOption(options.reading, lang);
  if (name === undefined && reading === undefined) throw new CliError(M.say(lang, 'name-or-reading-required'));
  await atDesk(options, async (desk) => {
    const done = await desk.run({
      type: 'ChangePlayerDetails',
      data: {
        player: options.player,
        ...(name === undefined ? {} : { name }),
        ...(reading === undefined ? {} : { reading }),
      },
      meta: desk.meta('ChangePlayerDetails'),
    });
    const t = done.state.status === 'none' ? undefined : done.state;
    const player = t && findPlayer(t, options.player);
    if (!player) return;
    if (desk.json) return printJson(io, playerJson(player));
    const read = player.reading ? ` [${player.reading}]` : '';
    io.stdout.write(M.say(desk.lang, 'player-corrected', { player: player.id, name: player.name, read }));
  });
}

async function drop(options: PlayerOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const reason = options.reason === undefined ? undefined : textOption('--reason', options.reason, desk.lang, REASON);
    const done = await desk.run({
      type: 'DropPlayer',
      data: { player: options.player, ...(reason ? { reason } : {}) },
      meta: desk.meta('DropPlayer'),
    });
    const event = done.events[0]?.data as { afterRound?: number } | undefined;
    const afterRound = event?.afterRound ?? 0;
    if (desk.json) return printJson(io, { player: options.player, dropped: true, afterRound });
    io.stdout.write(M.say(desk.lang, 'has-dropped-after-round-will', { player: options.player, afterRound }));
  });
}

async function show(options: PlayerOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const history = playerHistory(t, options.player);
    if (!history) throw notRegistered(desk, options.player);
    if (desk.json) return printJson(io, history);
    io.stdout.write(playerText(t, history, desk.lang));
  });
}

/** The error for a player id the tournament does not know. */
function notRegistered(desk: Desk, player: string): CliError {
  return new CliError(M.say(desk.lang, 'player-not-registered-this-tournament', { player }));
}

const RESULT_WORDS: Readonly<Record<RoundLine['result'], { ja: string; en: string }>> = {
  win: { ja: '勝ち', en: 'win' },
  loss: { ja: '負け', en: 'loss' },
  draw: { ja: '引き分け', en: 'draw' },
  'double-loss': { ja: '両者敗北', en: 'double loss' },
  bye: { ja: '不戦勝', en: 'bye' },
  pending: { ja: '未入力', en: 'pending' },
  missed: { ja: '不参加 (敗北扱い)', en: 'missed (a loss)' },
};

/** A player's tournament: rounds from their side, then every penalty (cautions and appeals included). */
export function playerText(t: Tournament, h: NonNullable<ReturnType<typeof playerHistory>>, lang: Lang): string {
  const status = PLAYER_STATUS_NAMES[playerStatus(t, h.id)][lang];
  const out = [`${h.name} (${h.id})${status === '' ? '' : ` — ${status}`}\n`];
  if (h.rounds.length > 0) {
    out.push(
      renderTable(
        [
          { header: M.say(lang, 'round'), value: (r: RoundLine) => String(r.round), align: 'right' },
          { header: M.say(lang, 'stage'), value: (r) => STAGE_NAMES[r.stage][lang] },
          {
            header: M.say(lang, 'table'),
            value: (r) => (r.table === null ? '—' : String(r.table)),
            align: 'right',
          },
          {
            header: M.say(lang, 'opponent'),
            value: (r) => (r.opponent ? `${r.opponent.name} (${r.opponent.id})` : '—'),
          },
          {
            header: M.say(lang, 'result'),
            value: (r) => `${RESULT_WORDS[r.result][lang]}${r.byPenalty ? M.say(lang, 'penalty-2') : ''}`,
          },
          {
            header: M.say(lang, 'duels'),
            value: (r) => (r.result === 'missed' || r.result === 'bye' ? '' : `${r.duelsWon}-${r.duelsLost}`),
            align: 'right',
          },
        ],
        h.rounds,
      ),
    );
  }
  if (h.penalties.length > 0) {
    out.push(`\n${M.say(lang, 'penalties')}\n`);
    out.push(
      renderTable(
        [
          { header: '#', value: (p: (typeof h.penalties)[number]) => String(p.id), align: 'right' },
          { header: M.say(lang, 'round'), value: (p) => String(p.round), align: 'right' },
          { header: M.say(lang, 'infraction'), value: (p) => infractionName(t, p.infraction, lang) },
          { header: M.say(lang, 'penalty'), value: (p) => penaltyName(t, p.penalty, lang) },
          {
            header: M.say(lang, 'note'),
            value: (p) =>
              p.rescinded ? M.say(lang, 'rescinded-appeal') : p.appeals.length > 0 ? M.say(lang, 'changed-appeal') : '',
          },
        ],
        h.penalties,
      ),
    );
  }
  return out.join('');
}

/** Registers `shinpan player add|import|list|drop|show`. */
export function registerPlayerCommands(program: Command, io: Io): void {
  const group = program
    .command('player')
    .description('Register, import, drop and look up players / 選手の登録・取り込み・ドロップ・確認');
  withWriteOptions(
    group
      .command('add')
      .description('Register one player / 選手を1名登録')
      .requiredOption('--id <id>', 'the player id (card game ID) / プレイヤーID')
      .requiredOption('--name <name>', 'the player name / 氏名')
      .option(
        '--reading <kana>',
        'how the name is read, in kana (by-name lists sort on it) / フリガナ（かな。名前順はこれで並べます）',
      )
      .option('--decklist <file>', 'registered decklist (.ydk, ydke://, text) / 登録デッキリスト')
      .option(
        '--cards <file>',
        'card database for the decklist (default: the shipped OCG database) / カードデータベース',
      )
      .option(
        '--invited <reason>',
        'invite into the phase just started (day two), with byes for the rounds before it; the reason is recorded / 新しいフェーズ（2日目）への招待（理由を記録）',
      )
      .option(
        '--filming <yes|no>',
        'the answer to being filmed for the stream (left out: not asked, counts as no) / 配信での撮影への同意',
      ),
  ).action((options: AddOptions) => add(options, io));
  withWriteOptions(
    group
      .command('edit')
      .description("Correct a player's name or reading / 選手の氏名・フリガナを訂正")
      .requiredOption('--player <id>', 'the player id / プレイヤーID')
      .option('--name <name>', 'the corrected name / 訂正後の氏名')
      .option('--reading <kana>', 'the reading in kana / フリガナ（かな）')
      .option('--no-reading', 'take the reading away / フリガナを消す'),
  ).action((options: EditOptions) => edit(options, io));
  withWriteOptions(
    group
      .command('import')
      .description(
        'Register players from a CSV file with a header row id,name[,reading][,decklist]; all or none / CSV から選手を一括登録（全件成功か何もしない）',
      )
      .argument('<file>', 'UTF-8 CSV (a BOM is fine) / UTF-8 の CSV')
      .option('--cards <file>', 'card database for decklists (default: the shipped OCG database) / カードデータベース'),
  ).action((file: string, options: ImportOptions) => importCsv(file, options, io));
  withDbOptions(
    group
      .command('list')
      .description('Every player of the tournament / 選手一覧')
      .option(
        '--by-name',
        'by reading in 五十音 order (by name where no reading) instead of registration order / フリガナの五十音順（フリガナのない選手は氏名で）',
      ),
  ).action((options: ListOptions) => list(options, io));
  withWriteOptions(
    group
      .command('drop')
      .description('Drop a player: no more pairings; a match already paired still needs its result / 選手のドロップ')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option('--reason <text>', 'why, kept in the log / 理由'),
  ).action((options: PlayerOptions) => drop(options, io));
  withDbOptions(
    group
      .command('show')
      .description("A player's rounds and penalties in this tournament / 選手の対戦結果と罰則")
      .requiredOption('--player <id>', 'player id / プレイヤーID'),
  ).action((options: PlayerOptions) => show(options, io));
  registerCheckInCommands(group, io);
  registerFeeCommands(group, io);
  registerFilmingCommand(group, io);
}
