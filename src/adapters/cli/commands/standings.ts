import type { Command } from 'commander';
import { standingsAfter } from '../../../app/projections/standings-view.js';
import type { Lang } from '../../../core/text.js';
import type { FinalPlace } from '../../../core/tournament/standings/final-ranking.js';
import { deriveMatches } from '../../../core/tournament/match-results.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { toStandingsJson, type StandingsRow } from '../../../core/tournament/standings/standings.js';
import { PLAYER_STATUS_NAMES } from '../../../core/tournament/player-status.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk } from '../desk.js';
import { optionalInt } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { percent, wldText } from '../tournament-words.js';
import { standingsMessages as M } from '../messages/standings.js';

interface StandingsOptions extends DbOptions {
  readonly round?: string;
  readonly final?: boolean;
}

/** The Swiss standings as a table: rank, player, points, record and the two tiebreakers. */
export function standingsText(t: Tournament, rows: readonly StandingsRow[], lang: Lang): string {
  return renderTable(
    [
      {
        header: M.say(lang, 'rank'),
        value: (r: StandingsRow) => (r.rank === null ? '—' : String(r.rank)),
        align: 'right',
      },
      { header: 'ID', value: (r) => r.player },
      { header: M.say(lang, 'name'), value: (r) => r.name },
      { header: M.say(lang, 'pts'), value: (r) => String(r.points), align: 'right' },
      { header: M.say(lang, 'w-l-d'), value: (r) => wldText(r.wins, r.losses, r.draws), align: 'right' },
      { header: 'OMW%', value: (r) => percent(r.opponentsWinPct), align: 'right' },
      { header: 'OOMW%', value: (r) => percent(r.opponentsOpponentsWinPct), align: 'right' },
      {
        header: M.say(lang, 'status'),
        value: (r) => PLAYER_STATUS_NAMES[r.status][lang],
      },
    ],
    rows,
  );
}

/** The final places: the top cut by how far each player went, then the Swiss order. */
export function finalText(places: readonly FinalPlace[], lang: Lang): string {
  return renderTable(
    [
      { header: M.say(lang, 'place'), value: (p: FinalPlace) => String(p.place), align: 'right' },
      { header: 'ID', value: (p) => p.player },
      { header: M.say(lang, 'name'), value: (p) => p.name },
      { header: M.say(lang, 'swiss'), value: (p) => String(p.swissRank), align: 'right' },
      {
        header: M.say(lang, 'top-cut'),
        value: (p) =>
          !p.topCut
            ? ''
            : p.eliminatedInRound === null
              ? M.say(lang, 'still-won')
              : M.say(lang, 'out-round', { eliminatedInRound: p.eliminatedInRound }),
      },
    ],
    places,
  );
}

/** What the standings so far cover: the last Swiss round, finished or still being played. */
function heading(t: Tournament, lang: Lang): string {
  const last = t.rounds.filter((r) => r.stage === 'swiss').at(-1)?.number;
  if (last === undefined) return M.say(lang, 'standings-before-round-1');
  const running = deriveMatches(t).matches.some((m) => m.record.round === last && m.record.outcome.kind === 'pending');
  return running
    ? M.say(lang, 'standings-while-round-played', { last })
    : M.say(lang, 'standings-after-round', { chosen: last });
}

async function standings(options: StandingsOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const lang = desk.lang;
    if (options.final) {
      const places = finalPlaces(t);
      if (desk.json) return printJson(io, places);
      return void io.stdout.write(
        `${M.say(lang, 'final-places', { name: t.settings.name })}\n${finalText(places, lang)}`,
      );
    }
    const chosen = optionalInt('--round', options.round, 0, t.rounds.length, lang);
    const rows = standingsAfter(t, chosen ?? t.rounds.length);
    if (desk.json) return printJson(io, toStandingsJson(rows));
    io.stdout.write(
      `${t.settings.name}: ${chosen === undefined ? heading(t, lang) : M.say(lang, 'standings-after-round', { chosen })}\n${standingsText(t, rows, lang)}`,
    );
  });
}

/** Registers `shinpan standings`. */
export function registerStandingsCommand(program: Command, io: Io): void {
  withDbOptions(
    program
      .command('standings')
      .description(
        'Swiss standings with tiebreakers (OMW%, OOMW%), or the final places / 順位表（スイスドロー・最終順位）',
      )
      .option('--round <n>', 'standings after this round (default: every round so far) / この回戦終了時点')
      .option('--final', 'final places: top cut first, then the Swiss order / 最終順位（決勝トーナメントを含む）'),
  ).action((options: StandingsOptions) => standings(options, io));
}
