import { useT } from '../i18n/use-t';
import type { TableView } from '../api/types';

/** How a table's result reads: the score from the winner's side, or the special outcomes. */
export function useOutcomeText(): (table: TableView) => string {
  const { t } = useT();
  return (table) => {
    const [a, b] = table.players;
    const o = table.outcome;
    switch (o.kind) {
      case 'pending':
        return t('outcome.pending');
      case 'bye':
        return t('outcome.bye');
      case 'draw':
        return t('outcome.draw', { score: `${a?.duelWins ?? 0}-${b?.duelWins ?? 0}` });
      case 'double-loss':
        return t('outcome.doubleLoss');
      case 'win': {
        const winner = table.players.find((p) => p.id === o.winner);
        const loser = table.players.find((p) => p.id !== o.winner);
        const text = t('outcome.win', {
          name: winner?.name ?? o.winner,
          score: `${winner?.duelWins ?? 0}-${loser?.duelWins ?? 0}`,
        });
        return o.byPenalty ? `${text} (${t('outcome.byPenalty')})` : text;
      }
    }
  };
}
