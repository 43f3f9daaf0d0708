import type { Command } from 'commander';
import { callView, callViews, type CallView } from '../../../app/projections/judge-call-views.js';
import type { Lang } from '../../../core/text.js';
import { findCall, judgeCalls, unresolvedCallAt, type CallStateName } from '../../../core/tournament/judge-calls.js';
import {
  CALL_MINIMUM_MINUTES,
  CALL_NOTE_CHARS,
  CALL_RULING_CHARS,
  DEFAULT_CALL_MINIMUM_MINUTES,
  EXTENSION_MINUTES,
} from '../../../core/tournament/limits.js';
import { latestRound } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type Desk, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { callMessages as M } from '../messages/call.js';
import { collect, intOption, optionalIn, optionalInt, optionalTextOption, rangeText } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';

/*
 * Judge calls at the desk, over the same pipeline as the judges' phones: open a call for a
 * table (for a player, with their words), list the queue, claim, pass to the head judge,
 * resolve with the ruling, penalties and the table's extension.
 */

interface OpenOptions extends WriteOptions {
  readonly table: string;
  readonly round?: string;
  readonly player?: string;
  readonly note?: string;
}

interface ListOptions extends DbOptions {
  readonly open?: boolean;
}

interface EscalateOptions extends WriteOptions {
  readonly note?: string;
}

interface RulesOptions extends WriteOptions {
  readonly minimumMinutes: string;
}

interface ResolveOptions extends WriteOptions {
  readonly extension?: string;
  readonly penalty?: string[];
  readonly note?: string;
}

const MAX_NUMBER = 1_000_000;

/** The desk's time for a command sent now (or --at). */
const deskNow = (desk: Desk): string => desk.meta('ClaimCall').at;

const stateWord = (state: CallStateName, lang: Lang): string => M.say(lang, `state-${state}`);

/** The call as it stands after a write. */
async function current(desk: Desk, id: number): Promise<CallView> {
  const t = await desk.tournament();
  const call = findCall(t, id);
  if (!call) throw new Error(`judge call ${id} vanished`);
  return callView(t, call, deskNow(desk));
}

async function open(options: OpenOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const table = intOption('--table', options.table, 1, MAX_NUMBER, lang);
    const note = optionalTextOption('--note', options.note, lang, { max: CALL_NOTE_CHARS });
    const before = await desk.tournament();
    const round = optionalInt('--round', options.round, 1, MAX_NUMBER, lang) ?? latestRound(before)?.number;
    if (round === undefined) throw new CliError(M.say(lang, 'no-round-paired'));
    const data = {
      round,
      table,
      ...(options.player === undefined ? {} : { player: options.player }),
      ...(note === undefined ? {} : { note }),
    };
    const done = await desk.run({ type: 'OpenCall', data, meta: desk.meta('OpenCall') });
    const opened = done.events.find((e) => e.type === 'CallOpened')?.data as { callId: number } | undefined;
    const id = opened?.callId ?? unresolvedCallAt(await desk.tournament(), round, table)?.callId;
    if (id === undefined) throw new Error('no judge call after OpenCall');
    const call = await current(desk, id);
    if (desk.json) return printJson(io, { call, new: opened !== undefined });
    io.stdout.write(
      opened
        ? M.say(lang, 'opened', { id, round, table })
        : M.say(lang, 'already-open', { id, round, table, state: stateWord(call.state, lang) }),
    );
  });
}

/** `call list --json`: the contract of docs/cli.md, field for field. */
const listed = (c: CallView) => ({
  id: c.id,
  table: c.table,
  round: c.round,
  state: c.state,
  openedAt: c.openedAt,
  claimedAt: c.claimedAt,
  resolvedAt: c.resolvedAt,
  by: c.by,
  extensionMinutes: c.extensionMinutes,
  penaltyIds: c.penaltyIds,
});

async function list(options: ListOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const calls = callViews(t, deskNow(desk), { open: options.open === true });
    if (desk.json) return printJson(io, { calls: calls.map(listed) });
    if (calls.length === 0) return void io.stdout.write(M.say(lang, 'no-calls'));
    const extension = (c: CallView): string =>
      c.extensionMinutes !== null
        ? M.say(lang, 'minutes', { minutes: c.extensionMinutes })
        : c.proposedExtensionMinutes
          ? M.say(lang, 'proposed', { minutes: c.proposedExtensionMinutes })
          : '';
    io.stdout.write(
      renderTable<CallView>(
        [
          { header: 'ID', value: (c) => String(c.id), align: 'right' },
          { header: M.say(lang, 'round'), value: (c) => String(c.round), align: 'right' },
          { header: M.say(lang, 'table'), value: (c) => String(c.table), align: 'right' },
          { header: M.say(lang, 'state'), value: (c) => stateWord(c.state, lang) },
          { header: M.say(lang, 'called-at'), value: (c) => deskTime(t, c.openedAt) },
          { header: M.say(lang, 'by'), value: (c) => c.by },
          { header: M.say(lang, 'holder'), value: (c) => c.resolvedBy ?? c.claimedBy ?? '' },
          { header: M.say(lang, 'extension'), value: extension },
          { header: M.say(lang, 'note'), value: (c) => c.escalation?.note ?? c.ruling ?? c.note ?? '' },
        ],
        calls,
      ),
    );
  });
}

const callId = (value: string, lang: Lang): number => intOption('ID', value, 1, Number.MAX_SAFE_INTEGER, lang);

async function claim(id: string, options: WriteOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const n = callId(id, desk.lang);
    await desk.run({ type: 'ClaimCall', data: { callId: n }, meta: desk.meta('ClaimCall') });
    const call = await current(desk, n);
    if (desk.json) return printJson(io, { call });
    io.stdout.write(M.say(desk.lang, 'claimed', { id: n, by: call.claimedBy ?? '' }));
  });
}

async function escalate(id: string, options: EscalateOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const n = callId(id, desk.lang);
    const note = optionalTextOption('--note', options.note, desk.lang, { max: CALL_NOTE_CHARS });
    const data = { callId: n, ...(note === undefined ? {} : { note }) };
    await desk.run({ type: 'EscalateCall', data, meta: desk.meta('EscalateCall') });
    if (desk.json) return printJson(io, { call: await current(desk, n) });
    io.stdout.write(M.say(desk.lang, 'escalated', { id: n }));
  });
}

async function resolve(id: string, options: ResolveOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const n = callId(id, lang);
    const minutes = optionalIn('--extension', options.extension, EXTENSION_MINUTES, lang);
    const ruling = optionalTextOption('--note', options.note, lang, { max: CALL_RULING_CHARS });
    const penaltyIds = (options.penalty ?? []).map((p) => intOption('--penalty', p, 1, Number.MAX_SAFE_INTEGER, lang));
    const before = await current(desk, n);
    const data = {
      callId: n,
      ...(ruling === undefined ? {} : { ruling }),
      ...(penaltyIds.length === 0 ? {} : { penaltyIds }),
      ...(minutes === undefined ? {} : { extensionMinutes: minutes }),
    };
    await desk.run({ type: 'ResolveCall', data, meta: desk.meta('ResolveCall') });
    const call = await current(desk, n);
    if (desk.json) return printJson(io, { call, proposedExtensionMinutes: before.proposedExtensionMinutes });
    const parts = [
      M.say(lang, 'resolved', { id: n }),
      minutes === undefined ? '' : M.say(lang, 'with-extension', { minutes, table: call.table }),
      penaltyIds.length === 0 ? '' : M.say(lang, 'with-penalties', { ids: penaltyIds.join(', ') }),
      minutes === undefined && before.proposedExtensionMinutes
        ? M.say(lang, 'proposed-was', { minutes: before.proposedExtensionMinutes })
        : '',
    ];
    io.stdout.write(`${parts.join('')}\n`);
  });
}

async function rules(options: RulesOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const minimumMinutes = intOption(
      '--minimum-minutes',
      options.minimumMinutes,
      CALL_MINIMUM_MINUTES.min,
      CALL_MINIMUM_MINUTES.max,
      lang,
    );
    await desk.run({ type: 'SetCallRules', data: { minimumMinutes }, meta: desk.meta('SetCallRules') });
    const set = judgeCalls(await desk.tournament()).rules;
    if (desk.json) return printJson(io, set);
    io.stdout.write(M.say(lang, 'rules', { minutes: set.minimumMinutes }));
  });
}

/** `call open|list|claim|escalate|resolve|rules`. */
export function registerCallCommands(program: Command, io: Io): void {
  const group = program
    .command('call')
    .description('Judge calls: open, list, claim, escalate, resolve / ジャッジコール');
  withWriteOptions(
    group
      .command('open')
      .description("Call a judge to a table (the table's open call is answered again, never doubled) / ジャッジを呼ぶ")
      .requiredOption('--table <n>', 'table number / 卓番号')
      .option('--round <n>', 'round (default: the latest) / 回戦（既定: 最新）')
      .option('--player <id>', 'the player who asks / 呼んだ選手')
      .option('--note <text>', `what it is about (at most ${CALL_NOTE_CHARS} characters) / 内容`),
  ).action((options: OpenOptions) => open(options, io));
  withDbOptions(
    group
      .command('list')
      .description('The judge calls, oldest first / ジャッジコールの一覧（古い順）')
      .option('--open', 'only calls not resolved / 未解決のみ'),
  ).action((options: ListOptions) => list(options, io));
  withWriteOptions(
    group.command('claim').description('Take a judge call / ジャッジコールを受ける').argument('<id>', 'call id'),
  ).action((id: string, options: WriteOptions) => claim(id, options, io));
  withWriteOptions(
    group
      .command('escalate')
      .description('Pass the call you hold to the head judge / ヘッドジャッジに上げる')
      .argument('<id>', 'call id')
      .option(
        '--note <text>',
        `your words for the head judge (at most ${CALL_NOTE_CHARS}) / ヘッドジャッジへの申し送り`,
      ),
  ).action((id: string, options: EscalateOptions) => escalate(id, options, io));
  withWriteOptions(
    group
      .command('resolve')
      .description("Resolve a judge call: ruling, penalties, the table's extension / ジャッジコールを解決する")
      .argument('<id>', 'call id')
      .option(
        '--extension <minutes>',
        `minutes added to the table's clock (${rangeText(EXTENSION_MINUTES)}) / 延長（分）`,
      )
      .option('--penalty <id>', 'a penalty issued for this call (repeatable) / この件で出した罰則の番号', collect)
      .option('--note <text>', `the ruling (at most ${CALL_RULING_CHARS} characters) / 裁定`),
  ).action((id: string, options: ResolveOptions) => resolve(id, options, io));
  withWriteOptions(
    group
      .command('rules')
      .description(
        'The shortest call, claim to resolve, that earns the table a proposed extension / 延長を提案するコールの長さ',
      )
      .requiredOption(
        '--minimum-minutes <n>',
        `minutes (${rangeText(CALL_MINIMUM_MINUTES)}, default ${DEFAULT_CALL_MINIMUM_MINUTES}) / 分`,
      ),
  ).action((options: RulesOptions) => rules(options, io));
}
