import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { PairingsView } from '../api/types';
import { Loaded } from '../components/status';
import { PrintPage } from './print-page';
import { PlayerName } from '../components/player-name';
import { isPhased, useRoundLabel } from '../components/round-label';

/** Match slips, one per table, for players to fill in duel by duel and sign. */
export function PrintSlips({ round }: { round: number }) {
  const { t } = useT();
  const { id, summary } = useTournament();
  const { label } = useRoundLabel();
  const pairings = useResource<PairingsView>(paths.pairings(id, round));
  return (
    <PrintPage title={t('print.slipsTitle', { round })}>
      <Loaded resource={pairings}>
        {(view) => {
          // One box per duel the format can have: 1 for a single duel, 3 or 5 for a match.
          const duels = Array.from({ length: view.bestOf }, (_, i) => i + 1);
          return (
            <div className="slips" data-testid="print-slips">
              {view.tables
                .filter((table) => table.table !== null)
                .map((table) => (
                  <article key={table.table} className="slip">
                    <h2>
                      {label(view, isPhased(summary.data))}
                      {t('formats.separator')}
                      {t('round.table', { table: table.table })}
                    </h2>
                    <table className="data slip-table">
                      <thead>
                        <tr>
                          <th scope="col">{t('standings.player')}</th>
                          {duels.map((duel) => (
                            <th key={duel} scope="col">
                              {t('print.duel', { duel })}
                            </th>
                          ))}
                          <th scope="col">{t('print.signature')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {table.players.map((p) => (
                          <tr key={p.id}>
                            <th scope="row">
                              <PlayerName name={p.name} reading={p.reading} />
                              <br />
                              <span className="muted">{p.id}</span>
                            </th>
                            {duels.map((duel) => (
                              <td key={duel} className="box" />
                            ))}
                            <td className="box box-wide" />
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    <p className="slip-note">{t('print.slipNote')}</p>
                  </article>
                ))}
            </div>
          );
        }}
      </Loaded>
    </PrintPage>
  );
}
