import type { PenaltyId } from '../../core/policy/assess-types.js';
import { penaltyOf } from '../../core/policy/ladder.js';
import type { Lang, Text } from '../../core/text.js';
import type { MatchOutcome, Stage } from '../../core/tournament/match-record.js';
import { findPlayer } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';
import { tournamentWordsMessages as M } from './messages/tournament-words.js';

/** The words the tournament commands share, in both languages; rule names come from the tournament's own pack. */

/** The pack's name of a penalty. */
export const penaltyName = (t: Tournament, id: PenaltyId, lang: Lang): string =>
  penaltyOf(t.pack.content, id).name[lang];

/** The pack's name of an infraction, or its id if the pack has none. */
export const infractionName = (t: Tournament, id: string, lang: Lang): string =>
  t.pack.content.infractions.find((i) => i.id === id)?.name[lang] ?? id;

/** A player's name, or the id for an unknown player. */
export const nameOf = (t: Tournament, id: string): string => findPlayer(t, id)?.name ?? id;

export const STAGE_NAMES: Readonly<Record<Stage, Text>> = {
  swiss: { ja: 'スイスドロー', en: 'Swiss' },
  'top-cut': { ja: '決勝トーナメント', en: 'top cut' },
};

export { PHASE_NAMES } from '../../core/policy/phase-names.js';

/** A match result in a few words: "0001 wins 2-1", "draw", "double loss", "—" while pending. */
export function outcomeText(outcome: MatchOutcome, wins: Readonly<Record<string, number>>, lang: Lang): string {
  switch (outcome.kind) {
    case 'pending':
      return M.say(lang, 'text');
    case 'bye':
      return M.say(lang, 'bye');
    case 'draw':
      return M.say(lang, 'draw');
    case 'double-loss':
      return M.say(lang, 'double-loss');
    case 'win': {
      const score = Object.entries(wins);
      const winner = wins[outcome.winner] ?? 0;
      const loser = score.filter(([p]) => p !== outcome.winner).map(([, w]) => w)[0] ?? 0;
      const penalty = outcome.byPenalty ? M.say(lang, 'penalty') : '';
      return M.say(lang, 'wins', { winner: outcome.winner, winner2: winner, loser, penalty });
    }
    default: {
      const _exhaustive: never = outcome;
      return _exhaustive;
    }
  }
}

/** "W-L-D" as a scorekeeper reads it. */
export const wldText = (wins: number, losses: number, draws: number): string => `${wins}-${losses}-${draws}`;

/** A percentage with one decimal for tables: 0.58333 → "58.3". */
export const percent = (value: number): string => (value * 100).toFixed(1);
