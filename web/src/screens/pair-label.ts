import type { TFunction } from 'i18next';
import type { NextStep } from '../../../src/core/tournament/decide-rounds.js';

/** The pair button named by what it pairs: the top cut, the semi-finals, the final, or a Swiss round. */
export function pairLabel(t: TFunction, next: NextStep | undefined, round: number): string {
  if (next?.kind !== 'elimination' || next.players === null) return t('rounds.pair', { round });
  if (next.first) return t('rounds.pairTopCut', { players: next.players });
  if (next.players === 2) return t('rounds.pairFinal');
  if (next.players === 4) return t('rounds.pairSemiFinals');
  if (next.players === 8) return t('rounds.pairQuarterFinals');
  return t('rounds.pairTopN', { players: next.players });
}
