import { useTranslation } from 'react-i18next';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { StandingsAfter, useStandings } from '../screens/standings';
import { StandingsTable } from '../screens/standings-table';
import { PrintPage } from './print-page';

/** The standings on paper. */
export function PrintStandings() {
  const { t } = useTranslation();
  const { id } = useTournament();
  const standings = useStandings();
  return (
    <PrintPage title={t('standings.title')}>
      <Loaded resource={standings}>
        {({ standings: rows }) => (
          <>
            <StandingsAfter />
            <StandingsTable rows={rows} tournament={id} links={false} />
          </>
        )}
      </Loaded>
    </PrintPage>
  );
}
