import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { PairingsView } from '../api/types';
import { Loaded } from '../components/status';
import { PrintPage } from './print-page';
import { sortByName } from '../../../src/core/names/by-name.js';
import { PlayerName } from '../components/player-name';
import { formatTime, useLang } from '../i18n/i18n';
import { isPhased, useRoundLabel } from '../components/round-label';

/** Pairings for the wall: by table, then every player by name with their table. */
export function PrintPairings({ round }: { round: number }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id, summary } = useTournament();
  const { label } = useRoundLabel();
  const pairings = useResource<PairingsView>(paths.pairings(id, round));
  return (
    <PrintPage title={t('print.pairingsTitle', { round })}>
      <Loaded resource={pairings}>
        {(view) => {
          // By reading in 五十音 order, by name where no reading was given (core/names/by-name.ts).
          const byName = sortByName(
            view.tables.flatMap((table) =>
              table.players.map((p) => ({
                p,
                table: table.table,
                opponent: table.players.find((o) => o.id !== p.id)?.name ?? null,
              })),
            ),
            (line) => line.p,
          );
          return (
            <>
              <p data-testid="print-round">
                {label(view, isPhased(summary.data))}
                {t('formats.separator')}
                {t('home.minutes', { count: view.roundMinutes })}
              </p>
              <p data-testid="print-seat-time">
                {view.started
                  ? t('clock.seatTime', { time: formatTime(view.seatTime, lang) })
                  : view.plannedSeatTime
                    ? t('clock.plannedSeatTime', { time: formatTime(view.plannedSeatTime, lang) })
                    : t('clock.notStarted')}
              </p>
              <table className="data print-table" data-testid="print-pairings">
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      {t('record.table')}
                    </th>
                    <th scope="col">{t('print.player1')}</th>
                    <th scope="col">{t('print.player2')}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.tables.map((table) => (
                    <tr key={table.table ?? `bye-${table.players[0]?.id}`}>
                      <td className="num">{table.table ?? t('round.bye')}</td>
                      <td>
                        {table.players[0] && (
                          <PlayerName name={table.players[0].name} reading={table.players[0].reading} />
                        )}{' '}
                        <span className="muted">{table.players[0]?.id}</span>
                      </td>
                      <td>
                        {table.players[1] ? (
                          <>
                            <PlayerName name={table.players[1].name} reading={table.players[1].reading} />{' '}
                            <span className="muted">{table.players[1].id}</span>
                          </>
                        ) : (
                          t('round.bye')
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <h2 className="page-break">{t('print.byName')}</h2>
              <p className="muted">{t('names.rule')}</p>
              <table className="data print-table">
                <thead>
                  <tr>
                    <th scope="col">{t('standings.player')}</th>
                    <th scope="col" className="num">
                      {t('record.table')}
                    </th>
                    <th scope="col">{t('record.opponent')}</th>
                  </tr>
                </thead>
                <tbody>
                  {byName.map(({ p, table, opponent }) => (
                    <tr key={p.id}>
                      <td>
                        <PlayerName name={p.name} reading={p.reading} />
                      </td>
                      <td className="num">{table ?? t('round.bye')}</td>
                      <td>{opponent ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          );
        }}
      </Loaded>
    </PrintPage>
  );
}
