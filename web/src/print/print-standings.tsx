import { useT } from '../i18n/use-t';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { Bracket } from '../screens/bracket';
import { useRounds } from '../screens/round-controls';
import { FinalPlaces, StandingsAfter, useStandings } from '../screens/standings';
import { StandingsTable } from '../screens/standings-table';
import { PrintPage } from './print-page';

/** The standings on paper: after the event the final places and the bracket first, as on the screen. */
export function PrintStandings() {
  const { t } = useT();
  const { id } = useTournament();
  const standings = useStandings();
  const topCut = (useRounds().data ?? []).filter((r) => r.stage === 'top-cut');
  return (
    <PrintPage title={t('standings.title')}>
      <Loaded resource={standings}>
        {({ standings: rows, final }) => (
          <>
            {final && final.length > 0 && <FinalPlaces final={final} rows={rows} />}
            {topCut.length > 0 && <Bracket rounds={topCut.map((r) => r.round)} bestOf={topCut[0]?.bestOf} />}
            {(final?.length || topCut.length > 0) && <h2>{t('standings.swiss')}</h2>}
            <StandingsAfter />
            <StandingsTable rows={rows} tournament={id} links={false} />
          </>
        )}
      </Loaded>
    </PrintPage>
  );
}
