import type { Command } from 'commander';
import { landedOnText, penaltyLog, type PenaltyLogEntry } from '../../../app/penalty-log.js';
import {
  APPLIES_TO,
  PENALTY_IDS,
  PHASES,
  type AppliesTo,
  type FactValue,
  type PenaltyId,
  type Phase,
} from '../../../core/policy/assess-types.js';
import type { Lang } from '../../../core/text.js';
import type { PenaltyChoice } from '../../../core/tournament/commands.js';
import { deriveMatches } from '../../../core/tournament/match-results.js';
import { isDropped } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type Desk, type WriteOptions } from '../desk.js';
import { DUEL_NUMBER, MAX_STATEMENTS, RULING_REASON, STATEMENT } from '../../../core/tournament/limits.js';
import {
  choiceOption,
  collect,
  inputError,
  intOption,
  optionalIn,
  optionalInt,
  rangeText,
  textOption,
} from '../option-values.js';
import { explain } from '../../../core/tournament/command-problems.js';
import { printJson, renderTable, type Io } from '../output.js';
import { infractionName, nameOf, penaltyName, PHASE_NAMES } from '../tournament-words.js';
import { penaltyMessages as M } from '../messages/penalty.js';

interface IssueOptions extends WriteOptions {
  readonly player: string;
  readonly infraction: string;
  readonly phase: string;
  readonly fact?: string[];
  readonly round?: string;
  readonly table?: string;
  readonly penalty?: string;
  readonly reason?: string;
  readonly appliesTo?: string;
  readonly duel?: string;
  readonly statement?: string[];
  readonly addPenalty?: string;
  readonly addReason?: string;
  readonly withoutEffect?: boolean;
  readonly matchAlreadyLost?: boolean;
}

interface AppealOptions extends WriteOptions {
  readonly id: string;
  readonly outcome: string;
  readonly penalty?: string;
  readonly reason: string;
  readonly appliesTo?: string;
  readonly duel?: string;
  readonly statement?: string[];
  readonly withoutEffect?: boolean;
}

interface LogOptions extends DbOptions {
  readonly player?: string;
}

/** `--fact name=value` options as the report's facts: true/false (yes/no) or a number. */
export function parseFacts(values: readonly string[], lang: Lang): Record<string, FactValue> {
  // Null prototype: a fact named `constructor` or `__proto__` is a name the pack refuses, not a property.
  const facts: Record<string, FactValue> = Object.create(null);
  for (const raw of values) {
    const at = raw.indexOf('=');
    const name = at < 0 ? '' : raw.slice(0, at).trim();
    const value =
      at < 0
        ? ''
        : raw
            .slice(at + 1)
            .trim()
            .toLowerCase();
    if (name === '' || value === '') throw new CliError(M.say(lang, 'fact-expected-name-value-got', { raw }));
    if (name in facts) throw new CliError(M.say(lang, 'fact-given-twice', { name }));
    if (value === 'true' || value === 'yes') facts[name] = true;
    else if (value === 'false' || value === 'no') facts[name] = false;
    else if (/^-?\d+(\.\d+)?$/.test(value)) facts[name] = Number(value);
    else throw new CliError(M.say(lang, 'fact-expected-number-true-false', { name, value }));
  }
  return facts;
}

/** The written statements given (a blank one left out), as many and as long as the core takes. */
function statementsOf(values: readonly string[] | undefined, lang: Lang): string[] {
  const given = (values ?? []).filter((s) => /\S/.test(s));
  if (given.length > MAX_STATEMENTS)
    throw inputError(`--statement: ${explain('too-many-items', { max: MAX_STATEMENTS })[lang]}`);
  return given.map((s) => textOption('--statement', s, lang, STATEMENT));
}

function choiceOf(options: IssueOptions, lang: Lang): PenaltyChoice {
  if (options.penalty === undefined) {
    if (options.reason !== undefined) throw new CliError(M.say(lang, 'reason-goes-penalty-penalty-other'));
    return { kind: 'guideline' };
  }
  const penalty = choiceOption('--penalty', options.penalty, PENALTY_IDS, lang);
  return {
    kind: 'other',
    penalty,
    ...(options.reason === undefined ? {} : { reason: textOption('--reason', options.reason, lang, RULING_REASON) }),
  };
}

/** Rules 7, 10: the further penalty a judge adds because the result was affected. */
function additionalOf(options: IssueOptions, lang: Lang): { penalty: PenaltyId; reason: string } | undefined {
  if (options.addPenalty === undefined) {
    if (options.addReason !== undefined) throw new CliError(M.say(lang, 'add-reason-goes-add-penalty'));
    return undefined;
  }
  const penalty = choiceOption<PenaltyId>('--add-penalty', options.addPenalty, PENALTY_IDS, lang);
  if (options.addReason === undefined) throw new CliError(M.say(lang, 'add-penalty-needs-add-reason'));
  return { penalty, reason: textOption('--add-reason', options.addReason, lang, RULING_REASON) };
}

/** What `penalty issue --json` prints: the guideline decision, the final penalty, where it landed, and an added penalty. */
function issuedJson(t: Tournament, entry: PenaltyLogEntry, added: PenaltyLogEntry | undefined) {
  return { ...oneIssuedJson(t, entry), ...(added ? { added: oneIssuedJson(t, added) } : {}) };
}

function oneIssuedJson(t: Tournament, entry: PenaltyLogEntry) {
  const p = t.penalties.find((x) => x.id === entry.id);
  const raised = p?.raised?.at(-1);
  return {
    penaltyId: entry.id,
    player: entry.player,
    infraction: entry.infraction,
    decision: p?.guideline ?? null,
    penalty: entry.penalty,
    repeatUpgrade: entry.repeatUpgrade,
    deviationReason: entry.deviationReason,
    reason: entry.reason,
    recorded: entry.recorded,
    landing: entry.landing,
    landedOn: entry.landedOn,
    noMatchLeft: entry.noMatchLeft,
    dropped: isDropped(t, entry.player),
    replaced: raised ? { penaltyId: entry.id, penalty: raised.from } : null,
  };
}

async function issue(options: IssueOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const phase = choiceOption<Phase>('--phase', options.phase, PHASES, lang);
    const facts = parseFacts(options.fact ?? [], lang);
    const round = optionalInt('--round', options.round, 1, 1000, lang);
    const table = optionalInt('--table', options.table, 1, 10_000, lang);
    const duel = optionalIn('--duel', options.duel, DUEL_NUMBER, lang);
    const appliesTo =
      options.appliesTo === undefined
        ? undefined
        : choiceOption<AppliesTo>('--applies-to', options.appliesTo, APPLIES_TO, lang);
    const additional = additionalOf(options, lang);
    const done = await desk.run({
      type: 'IssuePenalty',
      data: {
        player: options.player,
        report: {
          infraction: options.infraction,
          phase,
          ...(Object.keys(facts).length > 0 ? { facts } : {}),
          ...(options.matchAlreadyLost ? { matchAlreadyLost: true } : {}),
        },
        choice: choiceOf(options, lang),
        ...(round === undefined ? {} : { round }),
        ...(table === undefined ? {} : { table }),
        ...(appliesTo === undefined ? {} : { appliesTo }),
        ...(duel === undefined ? {} : { duel }),
        statements: statementsOf(options.statement, lang),
        ...(additional === undefined ? {} : { additional }),
        ...(options.withoutEffect ? { withoutEffect: true } : {}),
      },
      meta: desk.meta('IssuePenalty'),
    });
    const t = done.state.status === 'none' ? undefined : done.state;
    if (!t) return;
    const log = penaltyLog(t);
    // A raised lateness replaces its penalty in place (same id): read it back as an issued one, saying what it replaced.
    const ids = done.events.flatMap((e) =>
      e.type === 'PenaltyIssued' || e.type === 'TardinessRaised' ? [(e.data as { penaltyId: number }).penaltyId] : [],
    );
    const [entry, added] = ids.map((id) => log.find((x) => x.id === id));
    if (!entry) return;
    // --without-effect only confirms a loss with no match left: when one is left, the penalty lands and the reader is told so.
    const unneeded = options.withoutEffect === true && !entry.noMatchLeft && !(added?.noMatchLeft ?? false);
    if (desk.json)
      return printJson(io, { ...issuedJson(t, entry, added), ...(unneeded ? { withoutEffectNotNeeded: true } : {}) });
    io.stdout.write(
      issuedText(t, entry, lang) +
        (added ? issuedText(t, added, lang) : '') +
        (unneeded ? `${M.say(lang, 'without-effect-not-needed')}\n` : ''),
    );
  });
}

/** The judge's read-back of an issued penalty. */
function issuedText(t: Tournament, e: PenaltyLogEntry, lang: Lang): string {
  const penalty = t.penalties.find((p) => p.id === e.id);
  const decision = penalty?.guideline;
  const raised = penalty?.raised?.at(-1);
  const lines = [
    M.say(lang, raised ? 'penalty-raised' : 'penalty-2', {
      id: e.id,
      name: e.name,
      player: e.player,
      penaltyName: penaltyName(t, e.penalty, lang),
      infractionName: infractionName(t, e.infraction, lang),
    }),
    M.say(lang, 'guideline-2', { penaltyName: penaltyName(t, e.guideline, lang), value: decision?.section ?? '?' }),
  ];
  if (raised)
    lines.push(M.say(lang, 'replaces-lateness-penalty', { id: e.id, penaltyName: penaltyName(t, raised.from, lang) }));
  if (e.deviationReason !== null) lines.push(M.say(lang, 'deviation-reason', { deviationReason: e.deviationReason }));
  if (e.repeatUpgrade) lines.push(M.say(lang, 'raised-one-step-repeated-infraction'));
  if (e.addedTo !== null) lines.push(M.say(lang, 'added-penalty-match-result-was', { addedTo: e.addedTo }));
  if (e.reason !== null) lines.push(M.say(lang, 'reason-2', { reason: e.reason }));
  const repeat = decision?.repeat;
  if (repeat && repeat.upgradeTo !== null && !e.repeatUpgrade && e.deviationReason === null) {
    lines.push(
      M.say(lang, 'repeat-this-time-this-infraction', {
        count: repeat.count,
        penaltyName: penaltyName(t, repeat.upgradeTo, lang),
        upgradeTo: repeat.upgradeTo,
      }),
    );
  }
  if (decision?.additionalPenaltyAllowed && e.addedTo === null) lines.push(M.say(lang, 'it-affected-result-so-judge'));
  if (decision?.remedy) lines.push(M.say(lang, 'remedy', { text: decision.remedy.ja, text2: decision.remedy.en }));
  lines.push(landingLine(e, lang));
  lines.push(e.recorded ? M.say(lang, 'goes-official-record') : M.say(lang, 'not-official-record-kept-tournament'));
  if (isDropped(t, e.player) && (e.penalty === 'disqualification' || e.penalty === 'disqualification-forfeit-prizes')) {
    lines.push(
      e.penalty === 'disqualification-forfeit-prizes'
        ? M.say(lang, 'disqualified-leaves-tournament-loses-rank')
        : M.say(lang, 'disqualified-leaves-tournament-keeps-prizes'),
    );
  }
  return `${lines.join('\n')}\n`;
}

function landingLine(e: PenaltyLogEntry, lang: Lang): string {
  if (e.noMatchLeft) return M.say(lang, 'lands-no-match-left-so');
  if (e.landedOn !== null) return M.say(lang, 'lands', { landedOn: landedOnText(e.landedOn, lang) });
  if (e.couldNotLand)
    return M.say(lang, 'lands-could-not-land-it', { text: e.couldNotLand.text.ja, text2: e.couldNotLand.text.en });
  if (e.landing.kind === 'next-match')
    return M.say(lang, 'lands-player-next-match-from', { fromRound: e.landing.fromRound });
  return M.say(lang, 'no-effect-result');
}

async function appeal(options: AppealOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const penaltyId = intOption('--id', options.id, 1, 1_000_000, lang);
    const outcome = choiceOption('--outcome', options.outcome, ['rescinded', 'changed', 'denied'] as const, lang);
    const reason = textOption('--reason', options.reason, lang, RULING_REASON);
    const before = penaltyLog(await desk.tournament()).find((e) => e.id === penaltyId);
    if (outcome === 'rescinded' || outcome === 'denied') {
      if (options.penalty !== undefined) throw new CliError(M.say(lang, 'penalty-goes-outcome-changed-only'));
      if (outcome === 'rescinded')
        await desk.run({ type: 'RescindPenalty', data: { penaltyId, reason }, meta: desk.meta('RescindPenalty') });
      else await desk.run({ type: 'DenyAppeal', data: { penaltyId, reason }, meta: desk.meta('DenyAppeal') });
    } else {
      if (options.penalty === undefined) throw new CliError(M.say(lang, 'outcome-changed-needs-penalty-new'));
      const penalty = choiceOption<PenaltyId>('--penalty', options.penalty, PENALTY_IDS, lang);
      const appliesTo =
        options.appliesTo === undefined
          ? undefined
          : choiceOption<AppliesTo>('--applies-to', options.appliesTo, APPLIES_TO, lang);
      const duel = optionalIn('--duel', options.duel, DUEL_NUMBER, lang);
      await desk.run({
        type: 'ChangePenalty',
        data: {
          penaltyId,
          penalty,
          reason,
          ...(appliesTo ? { appliesTo } : {}),
          ...(duel ? { duel } : {}),
          statements: statementsOf(options.statement, lang),
          ...(options.withoutEffect ? { withoutEffect: true } : {}),
        },
        meta: desk.meta('ChangePenalty'),
      });
    }
    await printAppeal(desk, penaltyId, before, options.withoutEffect === true, io);
  });
}

async function printAppeal(
  desk: Desk,
  penaltyId: number,
  before: PenaltyLogEntry | undefined,
  withoutEffect: boolean,
  io: Io,
): Promise<void> {
  const t = await desk.tournament();
  const entry = penaltyLog(t).find((e) => e.id === penaltyId);
  const last = entry?.appeals.at(-1);
  if (!entry || !last) return;
  // As when issuing: --without-effect only confirms a loss with no match left; when one is left the reader is told so.
  const unneeded = withoutEffect && last.kind === 'changed' && !entry.noMatchLeft;
  if (desk.json) {
    return printJson(io, {
      penaltyId,
      player: entry.player,
      outcome: last.kind,
      from: last.from,
      to: last.to,
      reason: last.reason,
      recorded: entry.recorded,
      landedOn: entry.landedOn,
      noMatchLeft: entry.noMatchLeft,
      dropped: isDropped(t, entry.player),
      was: before ? { penalty: before.penalty, landing: before.landing, landedOn: before.landedOn } : null,
      ...(unneeded ? { withoutEffectNotNeeded: true } : {}),
    });
  }
  const lang = desk.lang;
  const head =
    last.kind === 'rescinded'
      ? M.say(lang, 'penalty-rescinded', { penaltyId, name: entry.name, penaltyName: penaltyName(t, last.from, lang) })
      : last.kind === 'denied'
        ? M.say(lang, 'appeal-denied', { penaltyId, name: entry.name, penaltyName: penaltyName(t, last.from, lang) })
        : M.say(lang, 'penalty-changed-from', {
            penaltyId,
            name: entry.name,
            penaltyName: penaltyName(t, last.from, lang),
            penaltyName2: penaltyName(t, last.to ?? last.from, lang),
          });
  const stale = staleTables(t, lang);
  const lines = [
    head,
    M.say(lang, 'reason-2', { reason: last.reason }),
    ...(last.kind === 'denied' ? [] : appealEffect(entry, before, lang)),
  ];
  if (unneeded) lines.push(M.say(lang, 'without-effect-not-needed'));
  if (stale.length > 0)
    lines.push(M.say(lang, 'these-matches-need-their-result', { stale: stale.join('、'), stale2: stale.join('; ') }));
  io.stdout.write(`${lines.join('\n')}\n`);
}

/** What the appeal changed: a rescission undoes where the penalty had landed; a change says where it landed before and lands now. */
function appealEffect(entry: PenaltyLogEntry, before: PenaltyLogEntry | undefined, lang: Lang): string[] {
  const was = before ? effectPhrase(before, lang) : null;
  if (entry.status === 'rescinded') {
    if (was === null) return [M.say(lang, 'rescinded-no-result-changed')];
    return [M.say(lang, 'rescinded-undoes', { effect: was })];
  }
  const now = landingLine(entry, lang);
  return was === null ? [now] : [M.say(lang, 'before-appeal', { effect: was }), now];
}

/** Where a penalty takes a game, in words, or null when it takes none (a caution or warning, or no match left). */
function effectPhrase(e: PenaltyLogEntry, lang: Lang): string | null {
  if (e.landedOn !== null) return landedOnText(e.landedOn, lang);
  if (e.landing.kind === 'next-match' && !e.noMatchLeft && e.couldNotLand === null)
    return M.say(lang, 'waiting-next-match', { fromRound: e.landing.fromRound });
  return null;
}

/** Matches whose report was made around penalties an appeal has since changed. */
function staleTables(t: Tournament, lang: Lang): string[] {
  return deriveMatches(t)
    .matches.filter((m) => m.staleReport)
    .map((m) => M.say(lang, 'round-table', { round: m.record.round, table: m.record.table ?? '' }));
}

async function log(options: LogOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const entries = penaltyLog(t).filter((e) => options.player === undefined || e.player === options.player);
    if (desk.json) return printJson(io, entries);
    io.stdout.write(penaltyLogText(t, entries, desk.lang));
  });
}

/** The penalty log as a table, one line per penalty with its notes. */
export function penaltyLogText(t: Tournament, entries: readonly PenaltyLogEntry[], lang: Lang): string {
  if (entries.length === 0) return M.say(lang, 'no-penalties-yet');
  return renderTable(
    [
      { header: '#', value: (e: PenaltyLogEntry) => String(e.id), align: 'right' },
      { header: M.say(lang, 'rd'), value: (e) => String(e.round), align: 'right' },
      { header: M.say(lang, 'player'), value: (e) => `${nameOf(t, e.player)} (${e.player})` },
      { header: M.say(lang, 'infraction'), value: (e) => infractionName(t, e.infraction, lang) },
      { header: M.say(lang, 'found'), value: (e) => PHASE_NAMES[e.phase][lang] },
      { header: M.say(lang, 'penalty'), value: (e) => penaltyName(t, e.penalty, lang) },
      { header: M.say(lang, 'landed'), value: (e) => (e.landedOn ? landedOnText(e.landedOn, lang) : '') },
      { header: M.say(lang, 'notes'), value: (e) => notes(t, e, lang) },
    ],
    entries,
  );
}

function notes(t: Tournament, e: PenaltyLogEntry, lang: Lang): string {
  const parts: string[] = [];
  if (e.deviationReason !== null)
    parts.push(
      M.say(lang, 'guideline', { penaltyName: penaltyName(t, e.guideline, lang), deviationReason: e.deviationReason }),
    );
  if (e.repeatUpgrade) parts.push(M.say(lang, 'raised-repeat'));
  if (e.addedTo !== null) parts.push(M.say(lang, 'added', { addedTo: e.addedTo }));
  if (e.reason !== null) parts.push(M.say(lang, 'reason', { reason: e.reason }));
  if (e.noMatchLeft) parts.push(M.say(lang, 'no-match-left-no-result'));
  if (e.couldNotLand)
    parts.push(M.say(lang, 'could-not-land', { text: e.couldNotLand.text.ja, text2: e.couldNotLand.text.en }));
  for (const a of e.appeals) {
    parts.push(
      a.kind === 'rescinded'
        ? M.say(lang, 'rescinded-appeal', { reason: a.reason })
        : a.kind === 'denied'
          ? M.say(lang, 'denied-appeal', { reason: a.reason })
          : M.say(lang, 'changed-appeal-from', { penaltyName: penaltyName(t, a.from, lang), reason: a.reason }),
    );
  }
  if (!e.recorded && e.status !== 'rescinded') parts.push(M.say(lang, 'not-recorded'));
  return parts.join('; ');
}

/** Registers `shinpan penalty issue|appeal|log`. */
export function registerPenaltyCommands(program: Command, io: Io): void {
  const group = program
    .command('penalty')
    .description('Issue penalties, decide appeals, read the penalty log / 罰則の発行・上訴・罰則ログ');
  withWriteOptions(
    group
      .command('issue')
      .description(
        "Issue a penalty: the guideline of the tournament's rules, or --penalty with --reason / 罰則を発行（指針どおり、または理由を添えて別の罰則）",
      )
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .requiredOption('--infraction <id>', "infraction id of the tournament's pack (see shinpan policy) / 違反ID")
      .requiredOption('--phase <phase>', `when it was found: ${PHASES.join(', ')} / 発見時点`)
      .option(
        '--fact <name=value>',
        'a fact the judge established, as the pack names it: NAME=NUMBER or NAME=true|false (repeatable) / 確認した事実',
        collect,
      )
      .option(
        '--round <n>',
        "the player's match: round (default: their unreported match of the running round); between matches, the round the next match is in, or with --table the player's seat / 回戦",
      )
      .option('--table <n>', "the player's match, or between matches the seat where the player was found / 卓")
      .option(
        '--penalty <id>',
        `a final penalty other than the guideline: ${PENALTY_IDS.join(', ')} / 指針と異なる罰則`,
      )
      .option(
        '--reason <text>',
        'why the penalty differs from the guideline, or why the repeat upgrade is taken / 指針と異なる理由・引き上げの理由',
      )
      .option(
        '--applies-to <where>',
        `where a duel or match loss lands, among the options the rules give: ${APPLIES_TO.join(', ')} / 適用先`,
      )
      .option(
        '--duel <n>',
        `which duel of the current match a duel loss takes (${rangeText(DUEL_NUMBER)}, within the match's format) / 何デュエル目に適用するか`,
      )
      .option(
        '--statement <text>',
        'a written statement (investigation note), required with a disqualification; repeatable / 陳述書',
        collect,
      )
      .option(
        '--add-penalty <id>',
        'rules 7 and 10: one further penalty because the result was affected (with --fact affectedResult=true) / 結果に影響したための追加の罰則',
      )
      .option('--add-reason <text>', 'why the penalty is added / 追加する理由')
      .option(
        '--without-effect',
        'confirm recording a loss for the next match when the player has none left / 残りのマッチがなくても記録することを確認',
      )
      .option(
        '--match-already-lost',
        'the match being played is already lost (found in a duel or between duels): a match loss may then go to the next match / 進行中のマッチはすでに負けが決まっている',
      ),
  ).action((options: IssueOptions) => issue(options, io));
  withWriteOptions(
    group
      .command('appeal')
      .description(
        "The head judge's decision on an appeal: rescind or change a penalty, or deny the appeal / 上訴の裁定（取り消し・変更・棄却）",
      )
      .requiredOption('--id <n>', 'penalty number (see penalty log) / 罰則番号')
      .requiredOption(
        '--outcome <outcome>',
        'rescinded, changed or denied (the penalty stands) / 取り消し (rescinded)・変更 (changed)・棄却 (denied)',
      )
      .option('--penalty <id>', 'the new penalty, with --outcome changed / 変更後の罰則')
      .requiredOption('--reason <text>', 'the reason, kept with the record / 理由')
      .option('--applies-to <where>', 'where the changed penalty lands / 適用先')
      .option('--duel <n>', 'which duel a changed duel loss takes / 何デュエル目か')
      .option('--statement <text>', 'a written statement, repeatable / 陳述書', collect)
      .option(
        '--without-effect',
        'confirm changing it to a loss for the next match when the player has none left / 残りのマッチがなくても変更を記録することを確認',
      ),
  ).action((options: AppealOptions) => appeal(options, io));
  withDbOptions(
    group
      .command('log')
      .description(
        'Every penalty of the tournament, cautions and appeals included / 大会の罰則ログ（注意・上訴を含む）',
      )
      .option('--player <id>', 'only this player / この選手のみ'),
  ).action((options: LogOptions) => log(options, io));
}
