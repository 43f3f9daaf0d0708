import { useT } from '../i18n/use-t';
import { useTournament } from '../api/tournament-context';
import type { BestOf, Stage, TournamentSummary } from '../api/types';

/** What a round is, as far as the label says: its number, stage, match format and phase (day). */
export interface RoundKind {
  readonly round: number;
  readonly stage: Stage;
  readonly bestOf?: BestOf;
  /** The phase's name from day two on; null in the first phase. */
  readonly phase?: string | null;
}

/**
 * How rounds and match formats read everywhere (round screens, standings, prints, public
 * pages): "Day 2 · Round 3 · best of 3" / 「2日目・第3回戦・マッチ戦（2本先取）」. `phased`: the
 * tournament has a day two, so day-one rounds are named as day one too.
 */
export function useRoundLabel() {
  const { t } = useT();
  const format = (bestOf: BestOf) => t(`formats.bestOf${bestOf}`);
  const label = (r: RoundKind, phased = false): string => {
    const parts: string[] = [];
    if (r.stage === 'top-cut') parts.push(t('formats.topCut'));
    else if (r.phase) parts.push(r.phase);
    else if (phased) parts.push(t('formats.firstPhase'));
    parts.push(t('rounds.round', { round: r.round }));
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
  return r && { round, stage: r.stage, bestOf: r.bestOf, phase: phaseOfRound(summary!, round, r.stage) };
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
