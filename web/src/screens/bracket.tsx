import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { BestOf, PairingsView, TableView } from '../api/types';
import { PlayerName } from '../components/player-name';
import { CUT_ROUND_KEYS, useRoundLabel } from '../components/round-label';
import { cutRoundName } from '../../../src/core/tournament/cut-round-name.js';

/** The single-elimination bracket: one column per top-cut round, winners in bold. */
export function Bracket({ rounds, bestOf }: { rounds: readonly number[]; bestOf?: BestOf | undefined }) {
  const { t } = useT();
  const { format } = useRoundLabel();
  return (
    <div>
      <h2>
        {t('standings.bracket')}
        {bestOf !== undefined && ` · ${format(bestOf)}`}
      </h2>
      <div className="bracket" data-testid="bracket">
        {rounds.map((r) => (
          <BracketRound key={r} round={r} />
        ))}
      </div>
    </div>
  );
}

function BracketRound({ round }: { round: number }) {
  const { t } = useT();
  const { id } = useTournament();
  const pairings = useResource<PairingsView>(paths.pairings(id, round));
  // Named by what is left of the bracket, as players say them (core/tournament/cut-round-name.ts).
  const cut = cutRoundName(pairings.data?.tables.length ?? 0);
  const title = cut ? t(CUT_ROUND_KEYS[cut]) : t('rounds.round', { round });
  return (
    <section className="bracket-round" aria-label={title}>
      <h3>{title}</h3>
      <ol>
        {inBracketOrder(pairings.data).map((table) => (
          <BracketMatch key={table.table ?? `bye-${table.players[0]?.id}`} table={table} />
        ))}
      </ol>
    </section>
  );
}

function BracketMatch({ table }: { table: TableView }) {
  const { t } = useT();
  const winner =
    table.outcome.kind === 'win' ? table.outcome.winner : table.outcome.kind === 'bye' ? table.players[0]?.id : null;
  return (
    <li className="bracket-match">
      {table.players.map((p) => (
        <p key={p.id} className={p.id === winner ? 'bracket-winner' : undefined}>
          <PlayerName name={p.name} />{' '}
          <span className="num">{table.outcome.kind === 'bye' ? t('outcome.bye') : p.duelWins}</span>
        </p>
      ))}
    </li>
  );
}

/** The tables of an elimination round in bracket order, each bye where it sits (seed 1's at the top). */
function inBracketOrder(view: PairingsView | undefined): TableView[] {
  if (!view) return [];
  if (!view.bracket) return [...view.tables];
  const ordered: TableView[] = [];
  for (const slot of view.bracket) {
    const found =
      slot.kind === 'match'
        ? view.tables.find((x) => x.table === slot.table)
        : slot.kind === 'bye'
          ? view.tables.find((x) => x.table === null && x.players[0]?.id === slot.player)
          : undefined;
    if (found) ordered.push(found);
  }
  return ordered;
}
