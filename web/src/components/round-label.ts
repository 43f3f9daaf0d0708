import { useT } from '../i18n/use-t';
import { useTournament } from '../api/tournament-context';
import type { BestOf, Stage, TournamentSummary } from '../api/types';
import { cutRoundName } from '../../../src/core/tournament/cut-round-name.js';

/** The texts of the cut's named rounds (the bracket's headings say them too). */
export const CUT_ROUND_KEYS = {
  final: 'standings.finalRound',
  semifinal: 'standings.semiFinal',
  quarterfinal: 'formats.cutQuarterfinal',
} as const;

/** What a round is, as far as the label says: its number, stage, match format and phase (day). */
export interface RoundKind {
  readonly round: number;
  readonly stage: Stage;
  readonly bestOf?: BestOf;
  /** The phase's name from day two on; null in the first phase. */
  readonly phase?: string | null;
  /**
   * A top-cut round's places, which name the final, the semifinals…: the pairings' tables (byes
   * included), or the summary's count of tables plus its byes.
   */
  readonly tables?: readonly unknown[] | number;
  readonly byes?: number;
}

const placesOf = (r: RoundKind): number =>
  typeof r.tables === 'number' ? r.tables + (r.byes ?? 0) : (r.tables?.length ?? 0);

/**
 * How rounds and match formats read everywhere (round screens, standings, prints, public
 * pages): "Day 2 · Round 3 · best of 3" / 「2日目・第3回戦・マッチ戦（2本先取）」; the top cut's last
 * rounds by name, 「準決勝・マッチ戦（2本先取）」, not as the event's round 6 (issue 39). `phased`:
 * the tournament has a day two, so day-one rounds are named as day one too.
 */
export function useRoundLabel() {
  const { t } = useT();
  const format = (bestOf: BestOf) => t(`formats.bestOf${bestOf}`);
  const label = (r: RoundKind, phased = false): string => {
    const parts: string[] = [];
    const cut = r.stage === 'top-cut' ? cutRoundName(placesOf(r)) : null;
    if (cut) parts.push(t(CUT_ROUND_KEYS[cut]));
    else {
      if (r.stage === 'top-cut') parts.push(t('formats.topCut'));
      else if (r.phase) parts.push(r.phase);
      else if (phased) parts.push(t('formats.firstPhase'));
      parts.push(t('rounds.round', { round: r.round }));
    }
    if (r.bestOf !== undefined) parts.push(format(r.bestOf));
    return parts.join(t('formats.separator'));
  };
  return { format, label };
}

/** The name of the phase a round belongs to (day two…), from the tournament summary; null on day one and in the top cut. */
export function phaseOfRound(summary: Pick<TournamentSummary, 'phases'>, round: number, stage: Stage): string | null {
  if (stage !== 'swiss') return null;
  let name: string | null = null;
  for (const p of summary.phases ?? []) if (p.fromRound <= round) name = p.name;
  return name;
}

/** What the label says of round `round`, from the tournament summary (screens that have no pairings answer: the clock); undefined until it is known. */
export function roundKindOf(
  summary: Pick<TournamentSummary, 'phases' | 'rounds'> | undefined,
  round: number,
): RoundKind | undefined {
  const r = summary?.rounds.find((x) => x.round === round);
  return (
    r && {
      round,
      stage: r.stage,
      bestOf: r.bestOf,
      phase: phaseOfRound(summary!, round, r.stage),
      tables: r.tables,
      byes: r.byes,
    }
  );
}

/** The label of round `round` of the tournament shown (from its summary), or plainly its number until the summary is there. */
export function useRoundName(round: number): string {
  const { t } = useT();
  const { summary } = useTournament();
  const { label } = useRoundLabel();
  const kind = roundKindOf(summary.data, round);
  return kind ? label(kind, isPhased(summary.data)) : t('rounds.round', { round });
}

/** Whether the tournament has a day two, so that day-one rounds are named as day one. */
export const isPhased = (summary: Pick<TournamentSummary, 'phases'> | undefined): boolean =>
  (summary?.phases?.length ?? 0) > 0;
