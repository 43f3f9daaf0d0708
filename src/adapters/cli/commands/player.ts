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
import { textOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { infractionName, penaltyName, say, STAGE_NAMES } from '../tournament-words.js';
import { registerCheckInCommands } from './check-in.js';
import { formatErrors, loadCatalogue } from './deck-inputs.js';
import { registrationJson, registrationText, tournamentRules } from './tournament-checks.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';

interface AddOptions extends WriteOptions {
  readonly id: string;
  readonly name: string;
  readonly decklist?: string;
  readonly cards?: string;
  readonly invited?: string;
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
  const id = textOption('--id', options.id, lang);
  const name = textOption('--name', options.name, lang);
  let decklist: Deck | undefined;
  if (options.decklist !== undefined) {
    const read = readDecklist(options.decklist, await catalogueFor(options.cards, io, lang));
    if (!read.ok) throw new CliError(formatErrors(options.decklist, read.error, lang));
    decklist = read.value;
  }
  await atDesk(options, async (desk) => {
    const invitation = options.invited === undefined ? {} : { invitation: { reason: options.invited } };
    const done = await desk.run({
      type: 'RegisterPlayer',
      data: { player: { id, name, ...(decklist ? { decklist } : {}) }, ...invitation },
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
          })
        : null;
    if (desk.json)
      return printJson(io, { ...playerJson(player), ...(findings && rules ? registrationJson(findings, rules) : {}) });
    io.stdout.write(
      say(lang, `選手を登録しました: ${player.name} (${player.id})`, `Registered ${player.name} (${player.id})`),
    );
    if (player.invitation !== null)
      io.stdout.write(
        say(
          lang,
          ` 第${player.entryRound}回戦から招待 (それまでの回戦は不戦勝): ${player.invitation.reason}\n`,
          `, invited into round ${player.entryRound} (byes before it): ${player.invitation.reason}\n`,
        ),
      );
    else
      io.stdout.write(
        player.entryRound > 1
          ? say(
              lang,
              ` 第${player.entryRound}回戦からの途中参加 (第1回戦は敗北扱い)\n`,
              `, entering in round ${player.entryRound} (round 1 counts as a loss)\n`,
            )
          : '\n',
      );
    if (findings && rules) io.stdout.write(registrationText(findings, rules, t.settings.date, lang));
  });
}

const playerJson = (p: PlayerState) => ({
  id: p.id,
  name: p.name,
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
      `${file}: ${code === 'ENOENT' ? say(lang, 'ファイルがありません', 'no such file') : (code ?? (error as Error).message)}`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(
      say(
        lang,
        `${file}: UTF-8 ではありません (Excel では「CSV UTF-8」で保存してください)`,
        `${file}: not UTF-8 text (in Excel, save as "CSV UTF-8")`,
      ),
    );
  }
}

/** `player import FILE.csv`: every line checked first; then all players registered in one write, or none. */
async function importCsv(file: string, options: ImportOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const parsed = parsePlayersCsv(readCsvText(file, lang));
  if (!parsed.ok) throw new CliError(parsed.error.map((p) => `${file}:${p.line}: ${p.message[lang]}`).join('\n'));
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
          `${file}:${row.line}: ${say(lang, 'デッキリスト', 'decklist')} ${formatErrors(path, read.error, lang).replaceAll('\n', `\n${file}:${row.line}: `)}`,
        );
    }
  }
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    for (const row of rows) {
      if (findPlayer(t, row.id))
        problems.push(
          `${file}:${row.line}: ${say(lang, `選手 ${row.id} は登録済みです`, `player ${row.id} is already registered`)}`,
        );
    }
    if (problems.length > 0) throw new CliError(problems.join('\n'));
    const commands: TournamentCommand[] = rows.map((row) => {
      const decklist = decks.get(row.line);
      return {
        type: 'RegisterPlayer',
        data: { player: { id: row.id, name: row.name, ...(decklist ? { decklist } : {}) } },
        meta: desk.meta('RegisterPlayer'),
      };
    });
    await desk.runAll(commands, (index) => `${file}:${rows[index]?.line ?? '?'}: `);
    if (desk.json) return printJson(io, { imported: rows.length, players: rows.map((r) => r.id) });
    io.stdout.write(
      say(
        lang,
        `${rows.length} 名の選手を登録しました (${file})\n`,
        `Registered ${rows.length} players from ${file}\n`,
      ),
    );
  });
}

async function list(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const { dropped, withdrawn, status } = departures(t);
    const rows = t.players.map((p) => ({
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
          { header: say(lang, '氏名', 'Name'), value: (r) => r.name },
          {
            header: say(lang, 'デッキリスト', 'Decklist'),
            value: (r) => (r.decklist ? say(lang, 'あり', 'yes') : '—'),
          },
          { header: say(lang, '参加', 'From round'), value: (r) => String(r.entryRound), align: 'right' },
          { header: say(lang, '状態', 'Status'), value: (r) => PLAYER_STATUS_NAMES[r.status][lang] },
        ],
        rows,
      ),
    );
    io.stdout.write(say(lang, `${rows.length} 名\n`, `${rows.length} players\n`));
  });
}

async function drop(options: PlayerOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const reason = options.reason === undefined ? undefined : textOption('--reason', options.reason, desk.lang);
    const done = await desk.run({
      type: 'DropPlayer',
      data: { player: options.player, ...(reason ? { reason } : {}) },
      meta: desk.meta('DropPlayer'),
    });
    const event = done.events[0]?.data as { afterRound?: number } | undefined;
    const afterRound = event?.afterRound ?? 0;
    if (desk.json) return printJson(io, { player: options.player, dropped: true, afterRound });
    io.stdout.write(
      say(
        desk.lang,
        `${options.player} はドロップしました (第${afterRound}回戦の後)。以降の組み合わせには入りません\n`,
        `${options.player} has dropped after round ${afterRound} and will not be paired again\n`,
      ),
    );
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
  return new CliError(
    say(
      desk.lang,
      `--player: 選手 ${player} はこの大会に登録されていません`,
      `--player: ${player} is not registered in this tournament`,
    ),
  );
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
          { header: say(lang, '回戦', 'Round'), value: (r: RoundLine) => String(r.round), align: 'right' },
          { header: say(lang, '段階', 'Stage'), value: (r) => STAGE_NAMES[r.stage][lang] },
          {
            header: say(lang, '卓', 'Table'),
            value: (r) => (r.table === null ? '—' : String(r.table)),
            align: 'right',
          },
          {
            header: say(lang, '対戦相手', 'Opponent'),
            value: (r) => (r.opponent ? `${r.opponent.name} (${r.opponent.id})` : '—'),
          },
          {
            header: say(lang, '結果', 'Result'),
            value: (r) => `${RESULT_WORDS[r.result][lang]}${r.byPenalty ? say(lang, ' (罰則)', ' (penalty)') : ''}`,
          },
          {
            header: say(lang, 'デュエル', 'Duels'),
            value: (r) => (r.result === 'missed' || r.result === 'bye' ? '' : `${r.duelsWon}-${r.duelsLost}`),
            align: 'right',
          },
        ],
        h.rounds,
      ),
    );
  }
  if (h.penalties.length > 0) {
    out.push(`\n${say(lang, '罰則', 'Penalties')}\n`);
    out.push(
      renderTable(
        [
          { header: '#', value: (p: (typeof h.penalties)[number]) => String(p.id), align: 'right' },
          { header: say(lang, '回戦', 'Round'), value: (p) => String(p.round), align: 'right' },
          { header: say(lang, '違反', 'Infraction'), value: (p) => infractionName(t, p.infraction, lang) },
          { header: say(lang, '罰則', 'Penalty'), value: (p) => penaltyName(t, p.penalty, lang) },
          {
            header: say(lang, '備考', 'Note'),
            value: (p) =>
              p.rescinded
                ? say(lang, '上訴で取り消し', 'rescinded on appeal')
                : p.appeals.length > 0
                  ? say(lang, '上訴で変更', 'changed on appeal')
                  : '',
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
      .option('--decklist <file>', 'registered decklist (.ydk, ydke://, text) / 登録デッキリスト')
      .option(
        '--cards <file>',
        'card database for the decklist (default: the shipped OCG database) / カードデータベース',
      )
      .option(
        '--invited <reason>',
        'invite into the phase just started (day two), with byes for the rounds before it; the reason is recorded / 新しいフェーズ（2日目）への招待（理由を記録）',
      ),
  ).action((options: AddOptions) => add(options, io));
  withWriteOptions(
    group
      .command('import')
      .description(
        'Register players from a CSV file with a header row id,name[,decklist]; all or none / CSV から選手を一括登録（全件成功か何もしない）',
      )
      .argument('<file>', 'UTF-8 CSV (a BOM is fine) / UTF-8 の CSV')
      .option('--cards <file>', 'card database for decklists (default: the shipped OCG database) / カードデータベース'),
  ).action((file: string, options: ImportOptions) => importCsv(file, options, io));
  withDbOptions(group.command('list').description('Every player of the tournament / 選手一覧')).action(
    (options: DbOptions) => list(options, io),
  );
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
}
