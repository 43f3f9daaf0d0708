import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Prize } from '../../../core/tournament/events.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { prizesMessages as M } from '../messages/prizes.js';
import { inputError, textOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';
import { MAX_PRIZES, PRIZE_ID } from '../../../core/tournament/limits.js';
import { nameOf } from '../tournament-words.js';

/*
 * The prize list and its awards, as the console's prize form and the API set them: the list
 * from a JSON file (the API's body, or its array alone); the core checks each prize.
 */

interface AwardOptions extends WriteOptions {
  readonly prize: string;
}

async function setPrizes(file: string, options: WriteOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new CliError(M.say(lang, 'file-unreadable', { file, why: (error as Error).message }));
    }
    const prizes = Array.isArray(parsed) ? parsed : (parsed as { prizes?: unknown } | null)?.prizes;
    if (!Array.isArray(prizes) || prizes.length > MAX_PRIZES)
      throw inputError(M.say(lang, 'not-a-list', { file, max: MAX_PRIZES }));
    await desk.run({ type: 'SetPrizeList', data: { prizes: prizes as Prize[] }, meta: desk.meta('SetPrizeList') });
    if (desk.json) return printJson(io, { prizes: prizes.length });
    io.stdout.write(M.say(lang, 'prizes-set', { count: prizes.length }));
  });
}

async function award(options: AwardOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const prize = textOption('--prize', options.prize, lang, PRIZE_ID);
    const done = await desk.run({ type: 'AwardPrize', data: { prize }, meta: desk.meta('AwardPrize') });
    const players =
      (done.events.find((e) => e.type === 'PrizeAwarded')?.data as { players: string[] } | undefined)?.players ?? [];
    if (desk.json) return printJson(io, { prize, players });
    const t = done.state.status === 'none' ? undefined : done.state;
    const names = players.map((p) => (t ? `${nameOf(t, p)} (${p})` : p)).join(', ');
    io.stdout.write(
      players.length === 0
        ? M.say(lang, 'awarded-nobody', { prize })
        : M.say(lang, 'awarded', { prize, players: names }),
    );
  });
}

/** `tournament prizes FILE` and `tournament award --prize ID`. */
export function registerPrizeCommands(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('prizes')
      .description(
        'Set the prize list from a JSON file: by final rank, or for playing or winning a round / 賞品の一覧を設定',
      )
      .argument(
        '<file>',
        'JSON: [{"id": "top", "name": "…", "rule": {"kind": "rank", "from": 1, "to": 4}}, …] (or {"prizes": […]}) / 賞品一覧のJSON',
      ),
  ).action((file: string, options: WriteOptions) => setPrizes(file, options, io));
  withWriteOptions(
    group
      .command('award')
      .description('Award a prize to the players its rule names / 賞品を授与')
      .requiredOption('--prize <id>', 'the prize id / 賞品ID'),
  ).action((options: AwardOptions) => award(options, io));
}
