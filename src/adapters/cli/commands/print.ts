import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { pairingsView, type PairingsView } from '../../../app/projections/pairings-view.js';
import {
  pairingsHtml,
  pairingsLines,
  slipLines,
  slipsHtml,
  type PrintContext,
} from '../../../app/reports/round-prints.js';
import type { Lang } from '../../../core/text.js';
import { findRound, latestRound } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk } from '../desk.js';
import { printMessages as M } from '../messages/print.js';
import { choiceOption, optionalInt } from '../option-values.js';
import { renderTable, type Io } from '../output.js';

/*
 * `shinpan print pairings|slips`: the round's papers from the desk, as text for a terminal or
 * a text printer, or as an HTML page for a browser's print (--format html), in --lang, to
 * stdout or --out FILE. A held round is not printed: what goes on the wall is what players see.
 */

interface PrintOptions extends DbOptions {
  readonly round?: string;
  readonly format?: string;
  readonly out?: string;
}

const FORMATS = ['text', 'html'] as const;

function pairingsText(view: PairingsView, c: PrintContext): string {
  const p = pairingsLines(view, c);
  const h = p.headers;
  const byTable = renderTable(
    [
      { header: h.table, value: (r: (typeof p.byTable)[number]) => r.table, align: 'right' },
      { header: h.player1, value: (r) => r.first },
      { header: h.player2, value: (r) => r.second },
    ],
    p.byTable,
  );
  const byName = renderTable(
    [
      { header: h.player, value: (r: (typeof p.byName)[number]) => r.player },
      { header: h.table, value: (r) => r.table, align: 'right' },
      { header: h.opponent, value: (r) => r.opponent },
    ],
    p.byName,
  );
  // A form feed between the two lists: a text printer starts the by-name list on a new sheet.
  return `${p.title}\n${p.seat}\n\n${h.byTable}\n${byTable}\f\n${h.byName}\n${byName}`;
}

function slipsText(view: PairingsView, c: PrintContext): string {
  const s = slipLines(view, c);
  if (s.slips.length === 0) return M.say(c.lang, 'no-slips');
  const cut = '- '.repeat(36).trimEnd();
  return s.slips
    .map((slip) => {
      const table = renderTable(
        [
          { header: s.player, value: (p: string) => p },
          ...s.duels.map((d) => ({ header: d, value: () => '[    ]' })),
          { header: s.signature, value: () => '[            ]' },
        ],
        slip.players,
      );
      return `${slip.heading}\n${table}${s.note}\n${cut}\n`;
    })
    .join('\n');
}

async function print(what: 'pairings' | 'slips', options: PrintOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang: Lang = desk.lang;
    const format = choiceOption('--format', options.format ?? 'text', FORMATS, lang);
    const t = await desk.tournament();
    const number = optionalInt('--round', options.round, 1, 1000, lang) ?? latestRound(t)?.number;
    if (number === undefined) throw new CliError(M.say(lang, 'no-round'));
    const round = findRound(t, number);
    const view = pairingsView(t, number);
    if (!round || !view) throw new CliError(M.say(lang, 'round-not-paired', { round: number }));
    if (round.held) throw new CliError(M.say(lang, 'round-held', { round: number }));
    const context: PrintContext = { tournamentName: t.settings.name, timeZone: t.settings.timeZone, lang };
    const text =
      what === 'pairings'
        ? format === 'html'
          ? pairingsHtml(view, context)
          : pairingsText(view, context)
        : format === 'html'
          ? slipsHtml(view, context)
          : slipsText(view, context);
    if (options.out === undefined) return void io.stdout.write(text);
    try {
      mkdirSync(dirname(options.out), { recursive: true });
      writeFileSync(options.out, text);
    } catch (error) {
      throw new CliError(
        M.say(lang, 'out-failed', {
          out: options.out,
          why: (error as NodeJS.ErrnoException).code ?? (error as Error).message,
        }),
      );
    }
    io.stderr.write(M.say(lang, 'wrote', { out: options.out, what: M.say(lang, what) }));
  });
}

/** Registers `shinpan print pairings|slips`. */
export function registerPrintCommands(program: Command, io: Io): void {
  const group = program
    .command('print')
    .description("A round's papers: pairings for the wall, match slips / 組み合わせ表と結果記入票の印刷");
  for (const what of ['pairings', 'slips'] as const) {
    withDbOptions(
      group
        .command(what)
        .description(
          what === 'pairings'
            ? 'Pairings by table, then every player by name with table and opponent / 卓順と名前順の組み合わせ表'
            : 'One slip per table: a box per duel and the signatures / 卓ごとの結果記入票',
        )
        .option('--round <n>', 'round (default: the latest) / 回戦')
        .option('--format <format>', 'text (default) or html, a page for a browser to print / 形式（text か html）')
        .option('--out <file>', 'write to a file instead of stdout / 出力ファイル'),
    ).action((options: PrintOptions) => print(what, options, io));
  }
}
