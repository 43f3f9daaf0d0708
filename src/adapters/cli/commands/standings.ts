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
import { percent, say, wldText } from '../tournament-words.js';

interface StandingsOptions extends DbOptions {
  readonly round?: string;
  readonly final?: boolean;
}

/** The Swiss standings as a table: rank, player, points, record and the two tiebreakers. */
export function standingsText(t: Tournament, rows: readonly StandingsRow[], lang: Lang): string {
  return renderTable(
    [
      {
        header: say(lang, '順位', 'Rank'),
        value: (r: StandingsRow) => (r.rank === null ? '—' : String(r.rank)),
        align: 'right',
      },
      { header: 'ID', value: (r) => r.player },
      { header: say(lang, '氏名', 'Name'), value: (r) => r.name },
      { header: say(lang, '勝点', 'Pts'), value: (r) => String(r.points), align: 'right' },
      { header: say(lang, '勝-敗-分', 'W-L-D'), value: (r) => wldText(r.wins, r.losses, r.draws), align: 'right' },
      { header: 'OMW%', value: (r) => percent(r.opponentsWinPct), align: 'right' },
      { header: 'OOMW%', value: (r) => percent(r.opponentsOpponentsWinPct), align: 'right' },
      {
        header: say(lang, '状態', 'Status'),
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
      { header: say(lang, '順位', 'Place'), value: (p: FinalPlace) => String(p.place), align: 'right' },
      { header: 'ID', value: (p) => p.player },
      { header: say(lang, '氏名', 'Name'), value: (p) => p.name },
      { header: say(lang, 'スイス順位', 'Swiss'), value: (p) => String(p.swissRank), align: 'right' },
      {
        header: say(lang, '決勝トーナメント', 'Top cut'),
        value: (p) =>
          !p.topCut
            ? ''
            : p.eliminatedInRound === null
              ? say(lang, '勝ち残り', 'still in / won')
              : say(lang, `第${p.eliminatedInRound}回戦で敗退`, `out in round ${p.eliminatedInRound}`),
      },
    ],
    places,
  );
}

/** What the standings so far cover: the last Swiss round, finished or still being played. */
function heading(t: Tournament, lang: Lang): string {
  const last = t.rounds.filter((r) => r.stage === 'swiss').at(-1)?.number;
  if (last === undefined) return say(lang, '第1回戦の前の順位', 'standings before round 1');
  const running = deriveMatches(t).matches.some((m) => m.record.round === last && m.record.outcome.kind === 'pending');
  return running
    ? say(lang, `順位 (第${last}回戦の途中)`, `standings while round ${last} is played`)
    : say(lang, `第${last}回戦終了時点の順位`, `standings after round ${last}`);
}

async function standings(options: StandingsOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const lang = desk.lang;
    if (options.final) {
      const places = finalPlaces(t);
      if (desk.json) return printJson(io, places);
      return void io.stdout.write(
        `${say(lang, `${t.settings.name} 最終順位`, `${t.settings.name}: final places`)}\n${finalText(places, lang)}`,
      );
    }
    const chosen = optionalInt('--round', options.round, 0, t.rounds.length, lang);
    const rows = standingsAfter(t, chosen ?? t.rounds.length);
    if (desk.json) return printJson(io, toStandingsJson(rows));
    io.stdout.write(
      `${t.settings.name}: ${chosen === undefined ? heading(t, lang) : say(lang, `第${chosen}回戦終了時点の順位`, `standings after round ${chosen}`)}\n${standingsText(t, rows, lang)}`,
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
