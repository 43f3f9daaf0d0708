import type { Command } from 'commander';
import { prizeView, type PrizeView } from '../../../app/projections/prize-view.js';
import type { Lang } from '../../../core/text.js';
import type { PrizeRule } from '../../../core/tournament/events.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { intOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { prizeMessages as M } from '../messages/prize.js';

/*
 * Prizes from a terminal: the list by final place or by round (played or won), awarding each
 * to the players its rule names now, and what the desk hands out per player. The core decides
 * who receives a prize (a disqualified player holds no place; one disqualified with loss of
 * prizes loses those already awarded); `prize list` says so by name.
 */

interface AddOptions extends WriteOptions {
  readonly id: string;
  readonly name: string;
  readonly place?: string;
  readonly places?: string;
  readonly round?: string;
  readonly won?: boolean;
  readonly played?: boolean;
}

interface IdOptions extends WriteOptions {
  readonly id: string;
}

export function ruleText(rule: PrizeRule, lang: Lang): string {
  if (rule.kind === 'round')
    return M.say(lang, rule.who === 'won' ? 'round-won' : 'round-played', { round: rule.round });
  return rule.from === rule.to
    ? M.say(lang, 'place', { place: rule.from })
    : M.say(lang, 'places', { from: rule.from, to: rule.to });
}

function ruleOf(options: AddOptions, lang: Lang): PrizeRule {
  const given = [options.place, options.places, options.round].filter((v) => v !== undefined);
  if (given.length !== 1) throw new CliError(M.say(lang, 'rule-needed'));
  if (options.place !== undefined) {
    const place = intOption('--place', options.place, 1, 10_000, lang);
    return { kind: 'rank', from: place, to: place };
  }
  if (options.places !== undefined) {
    const range = /^\s*(\d+)\s*[-–〜~]\s*(\d+)\s*$/.exec(options.places.normalize('NFKC'));
    if (!range) throw new CliError(M.say(lang, 'places-range', { value: options.places }));
    return {
      kind: 'rank',
      from: intOption('--places', range[1] ?? '', 1, 10_000, lang),
      to: intOption('--places', range[2] ?? '', 1, 10_000, lang),
    };
  }
  if (options.won === options.played) throw new CliError(M.say(lang, 'won-or-played'));
  return {
    kind: 'round',
    round: intOption('--round', options.round ?? '', 1, 100, lang),
    who: options.won ? 'won' : 'played',
  };
}

function printView(view: PrizeView, lang: Lang, io: Io): void {
  if (view.prizes.length === 0) io.stdout.write(M.say(lang, 'no-prizes'));
  else
    io.stdout.write(
      renderTable(
        [
          { header: M.say(lang, 'id'), value: (p: PrizeView['prizes'][number]) => p.id },
          { header: M.say(lang, 'name'), value: (p) => p.name },
          { header: M.say(lang, 'rule'), value: (p) => ruleText(p.rule, lang) },
          {
            header: M.say(lang, 'awarded'),
            value: (p) =>
              p.awarded === null
                ? M.say(lang, 'not-awarded')
                : p.awarded.length === 0
                  ? M.say(lang, 'nobody')
                  : p.awarded.map((a) => (a.withdrawn ? `${a.name} (${M.say(lang, 'withdrawn')})` : a.name)).join(', '),
          },
        ],
        view.prizes,
      ),
    );
  for (const e of view.excluded)
    io.stdout.write(
      M.say(lang, e.status === 'disqualified' ? 'excluded-plain' : 'excluded-forfeit', {
        name: e.name,
        player: e.player,
      }),
    );
  if (view.byPlayer.length > 0) {
    io.stdout.write(M.say(lang, 'by-player'));
    for (const p of view.byPlayer) io.stdout.write(`  ${p.name} (${p.player}): ${p.prizes.join(', ')}\n`);
  }
}

async function list(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const view = prizeView(await desk.tournament());
    if (desk.json) return printJson(io, view);
    printView(view, desk.lang, io);
  });
}

async function add(options: AddOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const rule = ruleOf(options, desk.lang);
    const t = await desk.tournament();
    const prizes = [
      ...t.prizes.map(({ id, name, rule }) => ({ id, name, rule })),
      { id: options.id, name: options.name, rule },
    ];
    await desk.run({ type: 'SetPrizeList', data: { prizes }, meta: desk.meta('SetPrizeList') });
    if (desk.json) return printJson(io, prizeView(await desk.tournament()));
    io.stdout.write(M.say(desk.lang, 'added', { id: options.id.trim(), count: prizes.length }));
  });
}

async function remove(options: IdOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    if (!t.prizes.some((p) => p.id === options.id))
      throw new CliError(
        M.say(desk.lang, 'no-such-prize', { id: options.id, ids: t.prizes.map((p) => p.id).join(', ') }),
      );
    const prizes = t.prizes.filter((p) => p.id !== options.id).map(({ id, name, rule }) => ({ id, name, rule }));
    await desk.run({ type: 'SetPrizeList', data: { prizes }, meta: desk.meta('SetPrizeList') });
    if (desk.json) return printJson(io, prizeView(await desk.tournament()));
    io.stdout.write(M.say(desk.lang, 'removed', { id: options.id, count: prizes.length }));
  });
}

async function award(options: IdOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    await desk.run({ type: 'AwardPrize', data: { prize: options.id }, meta: desk.meta('AwardPrize') });
    const view = prizeView(await desk.tournament());
    const prize = view.prizes.find((p) => p.id === options.id);
    if (desk.json) return printJson(io, prize);
    const names = prize?.awarded?.map((a) => `${a.name} (${a.player})`).join(', ') || M.say(desk.lang, 'nobody');
    io.stdout.write(M.say(desk.lang, 'awarded-to', { id: options.id, names }));
  });
}

/** `shinpan prize list|add|remove|award`. */
export function registerPrizeCommands(program: Command, io: Io): void {
  const group = program.command('prize').description('Prizes by final place or by round, and awarding them / 賞品');
  withDbOptions(
    group.command('list').description('The prizes, who received each, and who cannot receive one / 賞品と受賞者'),
  ).action((options: DbOptions) => list(options, io));
  withWriteOptions(
    group
      .command('add')
      .description('Add a prize to the list (before any is awarded) / 賞品の登録')
      .requiredOption('--id <id>', 'a short id, e.g. winner / 賞品ID')
      .requiredOption('--name <name>', 'what it is / 賞品名')
      .option('--place <n>', 'for one final place / 順位')
      .option('--places <a-b>', 'for a range of final places, e.g. 1-4 / 順位の範囲')
      .option('--round <n>', 'for a round (with --won or --played) / 回戦')
      .option('--won', "the round's winners (a bye counts) / 勝者")
      .option('--played', 'everyone who played the round / 参加者'),
  ).action((options: AddOptions) => add(options, io));
  withWriteOptions(
    group
      .command('remove')
      .description('Take a prize off the list (before any is awarded) / 賞品の削除')
      .requiredOption('--id <id>', 'prize id / 賞品ID'),
  ).action((options: IdOptions) => remove(options, io));
  withWriteOptions(
    group
      .command('award')
      .description('Award a prize to the players its rule names now (a place prize after the event) / 賞品の授与')
      .requiredOption('--id <id>', 'prize id / 賞品ID'),
  ).action((options: IdOptions) => award(options, io));
}
