import type { Command } from 'commander';
import type { EventStore } from '../../../app/event-store.js';
import { pairingSeed } from '../../../app/pairing-seed.js';
import { readLog } from '../../../app/reports/event-log.js';
import { pairingReasons, type RoundReasons } from '../../../app/reports/pairing-reasons.js';
import { penaltyLog } from '../../../app/penalty-log.js';
import { pairingsView, type PairingsView, type TableView } from '../../../app/projections/pairings-view.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import type { Lang } from '../../../core/text.js';
import type { TournamentCommand } from '../../../core/tournament/commands.js';
import { findRound, latestRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { CUT_MAX_LOSSES, CUT_TOP, REASON } from '../../../core/tournament/limits.js';
import { optionalIn, optionalInt, rangeText, textOption, timeOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { registerRoundLate } from './round-late.js';
import { registerRoundFloor } from './round-floor.js';
import { roundTitle } from '../../../app/reports/round-prints.js';
import { cutRoundName } from '../../../core/tournament/cut-round-name.js';
import { registerHeldRoundCommands } from './round-held.js';
import { roundHeldMessages as heldMessages } from '../messages/round-held.js';
import { tournamentRules } from './tournament-checks.js';
import { outcomeText, STAGE_NAMES } from '../tournament-words.js';
import { roundMessages as M } from '../messages/round.js';
import { registerFeatureCommands } from './filming.js';

interface PairOptions extends WriteOptions {
  readonly seed?: string;
  readonly seatTime?: string;
  readonly acceptDecklists?: string;
  readonly hold?: boolean;
  readonly startLater?: boolean;
}

interface RoundOptions extends WriteOptions {
  readonly round?: string;
}

interface PairingsOptions extends RoundOptions {
  readonly explain?: boolean;
}

interface CutOptions extends WriteOptions {
  readonly maxLosses?: string;
  readonly top?: string;
}

/** The scripting contract of `round pair --json`: tables in order, then byes. */
function pairingsJson(t: Tournament, round: number) {
  const r = findRound(t, round);
  return {
    round,
    pairings: [
      ...(r?.matches ?? []).map((m) => ({ table: m.table, players: [...m.players] })),
      ...(r?.byes ?? []).map((p) => ({ table: null, players: [p], bye: true })),
    ],
  };
}

/**
 * `round pair`: ends the running round when every result is in, then pairs the next, in one
 * write. The seed is --seed, else derived from the tournament id and round, so the same log
 * always pairs the same way.
 */
async function pair(options: PairOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const seed = optionalInt('--seed', options.seed, 0, 2 ** 31 - 1, lang);
    const seatTime = options.seatTime === undefined ? undefined : timeOption('--seat-time', options.seatTime, lang);
    const t = await desk.tournament();
    const last = latestRound(t);
    const next = t.rounds.length + 1;
    const commands: TournamentCommand[] = [];
    if (last && !last.ended)
      commands.push({ type: 'EndRound', data: { round: last.number }, meta: desk.meta('EndRound') });
    const accept =
      options.acceptDecklists === undefined
        ? undefined
        : textOption('--accept-decklists', options.acceptDecklists, lang, REASON);
    const decklists = next === 1 ? await firstRoundDecklists(t, accept, io, lang) : {};
    commands.push({
      type: 'PairRound',
      data: {
        round: next,
        ...(seatTime ? { seatTime } : {}),
        ...(options.hold === true ? { hold: true } : {}),
        ...(options.startLater === true ? { startLater: true } : {}),
        ...decklists,
      },
      meta: desk.meta('PairRound', seed ?? pairingSeed(t.id, next)),
    });
    const paired = await desk.runAll(commands);
    const held = findRound(paired, next)?.held !== undefined;
    const later = options.startLater === true;
    if (desk.json)
      return printJson(io, {
        ...pairingsJson(paired, next),
        ...(held ? { held: true } : {}),
        ...(later ? { startLater: true } : {}),
      });
    const view = pairingsView(paired, next);
    if (view) io.stdout.write(pairingsText(view, lang, (iso) => deskTime(paired, iso)));
    if (held) io.stdout.write(heldMessages.say(lang, 'held-note', { round: next }));
    else if (later) io.stdout.write(heldMessages.say(lang, 'start-later-note', { round: next }));
    io.stdout.write(newlyUnlanded(t, paired, lang));
  });
}

/**
 * Round 1 looks at every registered list once more (the tournament's card pool and list): the
 * core refuses to pair over missing (when required) or illegal lists unless the organizer goes
 * on with a reason, which the log keeps.
 */
async function firstRoundDecklists(t: Tournament, accept: string | undefined, io: Io, lang: Lang) {
  const listed = t.players.filter((p) => p.decklist !== null);
  const rules = listed.length > 0 ? await tournamentRules(t.settings, {}, io, lang) : undefined;
  const limits = t.pack.content.settings.deckLimits;
  const illegal = rules
    ? listed
        .filter(
          (p) =>
            p.decklist !== null &&
            validateDeck(p.decklist, {
              catalogue: rules.catalogue,
              banlist: rules.banlist,
              date: t.settings.date,
              limits,
              infractions: t.pack.content.settings.deckFindings,
            }).length > 0,
        )
        .map((p) => p.id)
    : [];
  return { decklistFindings: illegal, ...(accept === undefined ? {} : { acceptDecklists: { reason: accept } }) };
}

/** Losses that waited for a next match this pairing leaves the player without (say, not in the top cut): said at once, not found later. */
function newlyUnlanded(before: Tournament, after: Tournament, lang: Lang): string {
  const earlier = new Set(
    penaltyLog(before)
      .filter((e) => e.couldNotLand !== null)
      .map((e) => e.id),
  );
  return penaltyLog(after)
    .filter((e) => e.couldNotLand !== null && !earlier.has(e.id))
    .map((e) =>
      M.say(lang, 'penalty-could-not-land-it', { id: e.id, name: e.name, why: e.couldNotLand?.text[lang] ?? '' }),
    )
    .join('');
}

async function end(options: RoundOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const round = optionalInt('--round', options.round, 1, 1000, desk.lang) ?? latestRound(t)?.number;
    if (round === undefined) throw new CliError(M.say(desk.lang, 'no-round-has-been-paired'));
    await desk.run({ type: 'EndRound', data: { round }, meta: desk.meta('EndRound') });
    if (desk.json) return printJson(io, { round, ended: true });
    io.stdout.write(M.say(desk.lang, 'round-has-ended', { round }));
  });
}

/** `round cut --max-losses N | --top N`: ends the running round when every result is in, then cuts the Swiss field after it, in one write. */
async function cut(options: CutOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if ((options.maxLosses === undefined) === (options.top === undefined)) {
      throw new CliError(M.say(lang, 'give-either-max-losses-by'));
    }
    const maxLosses = optionalIn('--max-losses', options.maxLosses, CUT_MAX_LOSSES, lang);
    const top = optionalIn('--top', options.top, CUT_TOP, lang);
    const t = await desk.tournament();
    const last = latestRound(t);
    if (!last) throw new CliError(M.say(lang, 'no-round-has-been-paired'));
    const commands: TournamentCommand[] = [];
    if (!last.ended) commands.push({ type: 'EndRound', data: { round: last.number }, meta: desk.meta('EndRound') });
    const data = {
      afterRound: last.number,
      ...(maxLosses === undefined ? {} : { maxLosses }),
      ...(top === undefined ? {} : { top }),
    };
    commands.push({ type: 'CutSwiss', data, meta: desk.meta('CutSwiss') });
    const done = await desk.runAll(commands);
    const made = done.cuts[done.cuts.length - 1];
    if (!made) return;
    if (desk.json) return printJson(io, { afterRound: made.afterRound, rule: made.rule, out: made.out });
    const rule =
      made.rule.kind === 'max-losses'
        ? M.say(lang, 'more-than-losses-leave', { value: made.rule.maxLosses + 1, maxLosses: made.rule.maxLosses })
        : M.say(lang, 'top-stay', { top: made.rule.top });
    const names = made.out.map((p) => `${done.players.find((x) => x.id === p)?.name ?? p} (${p})`);
    io.stdout.write(
      M.say(lang, 'cut-after-round-players-leave', { afterRound: made.afterRound, rule, outCount: made.out.length }),
    );
    if (names.length > 0) io.stdout.write(`${names.join('\n')}\n`);
  });
}

async function show(options: PairingsOptions & DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const round = optionalInt('--round', options.round, 1, 1000, desk.lang) ?? latestRound(t)?.number;
    if (round === undefined) throw new CliError(M.say(desk.lang, 'no-round-has-been-paired'));
    const view = pairingsView(t, round);
    if (!view) throw new CliError(M.say(desk.lang, 'round-round-has-not-been', { round }));
    const reasons =
      options.explain === true ? await explained(desk.db.store, desk.tournamentId, round, desk.lang) : null;
    if (desk.json) return printJson(io, reasons === null ? view : { ...view, reasons: reasons.tables });
    io.stdout.write(pairingsText(view, desk.lang, (iso) => deskTime(t, iso)));
    if (findRound(t, round)?.held) io.stdout.write(heldMessages.say(desk.lang, 'held-note', { round }));
    if (reasons !== null) io.stdout.write(reasonsText(reasons, desk.lang));
  });
}

/** Why each table of a Swiss round was paired so, recomputed from the log (see `pairing-reasons.ts`). */
async function explained(store: EventStore, tournamentId: string, round: number, lang: Lang): Promise<RoundReasons> {
  const { events } = await readLog(store, tournamentId);
  const reasons = pairingReasons(events, round);
  if (!reasons.ok) throw new CliError(M.say(lang, 'explain-only-swiss', { round }));
  return reasons.value;
}

function reasonsText(reasons: RoundReasons, lang: Lang): string {
  const lines = reasons.tables.map((r) =>
    r.table === null ? `  ${r.reason[lang]}` : `  ${M.say(lang, 'table')} ${r.table}: ${r.reason[lang]}`,
  );
  return `\n${M.say(lang, 'why-this-pairing')}\n${lines.join('\n')}\n`;
}

const seat = (table: TableView, i: number): string => {
  const p = table.players[i];
  return p ? `${p.name} (${p.id})` : '';
};

/** A table's result; while pending, the duels penalties already decided ("0-1 so far"). */
function resultText(t: TableView, lang: Lang): string {
  const [a, b] = t.players.map((p) => p.duelWins);
  if (t.outcome.kind === 'pending' && (a ?? 0) + (b ?? 0) > 0)
    return M.say(lang, 'so-far-penalty', { a: a ?? 0, b: b ?? 0 });
  return outcomeText(t.outcome, Object.fromEntries(t.players.map((p) => [p.id, p.duelWins])), lang);
}

/** The pairings board: a heading (times as `time` writes them), then one line per table, byes last. */
export function pairingsText(view: PairingsView, lang: Lang, time: (iso: string) => string): string {
  const phase = view.phase === null ? '' : `${view.phase} `;
  // The top cut's last rounds by name (準決勝, 決勝), as the prints and the console say them.
  const named = view.stage === 'top-cut' && cutRoundName(view.tables.length) !== null;
  const heading = named
    ? `${roundTitle(view, lang)} (${STAGE_NAMES[view.stage][lang]})`
    : M.say(lang, 'round', {
        phase,
        round: view.round,
        value: STAGE_NAMES[view.stage].ja,
        value2: STAGE_NAMES[view.stage].en,
      });
  const status = view.ended ? M.say(lang, 'ended') : M.say(lang, 'seat-time', { seatTime: time(view.seatTime) });
  const table = renderTable(
    [
      {
        header: M.say(lang, 'table'),
        value: (t: TableView) => (t.table === null ? M.say(lang, 'bye') : String(t.table)),
        align: 'right',
      },
      { header: M.say(lang, 'player-1'), value: (t) => seat(t, 0) },
      { header: M.say(lang, 'player-2'), value: (t) => seat(t, 1) },
      {
        header: M.say(lang, 'result'),
        value: (t) =>
          t.table === null
            ? ''
            : `${resultText(t, lang)}${t.needsResultAgain ? M.say(lang, 'needs-its-result-again') : ''}`,
      },
    ],
    view.tables,
  );
  return `${heading} — ${status}\n${table}`;
}

/** Registers `shinpan round pair|end|cut|late|publish|swap|start`, `shinpan announce` and `shinpan pairings`. */
export function registerRoundCommands(program: Command, io: Io): void {
  const group = program.command('round').description('Pair and end rounds / 回戦の組み合わせと終了');
  withWriteOptions(
    group
      .command('pair')
      .description(
        'End the running round (all results in) and pair the next one: Swiss, then the top cut / 次の回戦の組み合わせを作成',
      )
      .option('--seed <n>', 'pairing seed (default: derived from the tournament id and round) / 組み合わせの乱数シード')
      .option(
        '--seat-time <iso-time>',
        'when players must be seated; tardiness counts from it (default: now) / 着席時刻',
      )
      .option(
        '--hold',
        'only staff see the pairings until `round publish` (fix them with `round swap`); the clock starts at the publish / 発表まで組み合わせを保留',
      )
      .option(
        '--start-later',
        'post the pairings now; the round and its tardiness clock start with `round start` once players are seated / 組み合わせだけ先に発表し、開始は round start で',
      )
      .option(
        '--accept-decklists <reason>',
        'round 1: pair although lists are missing or break the deck rules, for this reason (organizer) / デッキリストの不備を承知で組む理由',
      ),
  ).action((options: PairOptions) => pair(options, io));
  withWriteOptions(
    group
      .command('end')
      .description('End a round once every result is in (round pair does this too) / 回戦を終了')
      .option('--round <n>', 'round (default: the latest) / 回戦'),
  ).action((options: RoundOptions) => end(options, io));
  withWriteOptions(
    group
      .command('cut')
      .description(
        'Cut the Swiss field after the latest round: by record or by rank; those cut rank below everyone still in / スイスドローのカット（成績または順位）',
      )
      .option(
        '--max-losses <n>',
        'players with more losses leave (2: X-2 and better stay) / これを超える敗数の選手が抜ける',
      )
      .option('--top <n>', `only the top n of the standings stay (${rangeText(CUT_TOP)}) / 上位n名だけが残る`),
  ).action((options: CutOptions) => cut(options, io));
  registerRoundLate(group, io);
  registerRoundFloor(group, io);
  registerHeldRoundCommands(program, group, io);
  withDbOptions(
    program
      .command('pairings')
      .description('The pairings of a round with the results so far / 組み合わせと結果')
      .option('--round <n>', 'round (default: the latest) / 回戦')
      .option(
        '--explain',
        'Swiss rounds: why each table was paired so, one line each / 各卓がその組み合わせになった理由（スイスドロー）',
      ),
  ).action((options: PairingsOptions) => show(options, io));
  registerFeatureCommands(group, io);
}
