import { useMemo, useState } from 'react';
import { useDeferredValue } from '../components/deferred-value';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { FinalPlace, StandingsRow } from '../api/types';
import { PageNav, usePaged } from '../components/paged';
import { Loaded } from '../components/status';
import { Link } from '../router';
import { PlayerName } from '../components/player-name';
import { Bracket } from './bracket';
import { useRounds } from './round-controls';
import { findStandings, standingsIndex } from './standings-search';
import { StandingsTable } from './standings-table';
import { isPhased, phaseOfRound, useRoundLabel } from '../components/round-label';

export type StandingsAnswer = StandingsRow[] | { standings: StandingsRow[]; final?: FinalPlace[] | null };

/** Reads the standings, whether the server answers the rows or `{ standings, final }`. */
export function useStandings() {
  const { id } = useTournament();
  const resource = useResource<StandingsAnswer>(paths.standings(id));
  const raw = resource.data;
  const data =
    raw === undefined
      ? undefined
      : Array.isArray(raw)
        ? { standings: raw, final: null }
        : { standings: raw.standings, final: raw.final ?? null };
  return { ...resource, data };
}

/** Swiss standings with the tiebreakers, the final places once the tournament is over, and the top-cut bracket. */
export function Standings() {
  const { t } = useT();
  const { id } = useTournament();
  const standings = useStandings();
  const rounds = useRounds();
  const topCut = (rounds.data ?? []).filter((r) => r.stage === 'top-cut');
  return (
    <section className="stack">
      <div className="title-row">
        <h1>{t('standings.title')}</h1>
        <Link to={`/t/${encodeURIComponent(id)}/print/standings`}>{t('print.standings')}</Link>
      </div>
      <Loaded resource={standings}>
        {({ standings: rows, final }) => (
          <>
            {final && final.length > 0 && <FinalPlaces final={final} rows={rows} />}
            {topCut.length > 0 && <Bracket rounds={topCut.map((r) => r.round)} bestOf={topCut[0]?.bestOf} />}
            <h2>{t('standings.swiss')}</h2>
            <StandingsAfter />
            {rows.length === 0 ? (
              <p className="empty">{t('standings.none')}</p>
            ) : (
              <StandingsPages rows={rows} tournament={id} />
            )}
            <p className="muted">{t('standings.tiebreakNote')}</p>
          </>
        )}
      </Loaded>
    </section>
  );
}

/**
 * Which round's records the Swiss standings show, named with its day and format ("After Day 2 ·
 * Round 7 · best of 3"): the latest Swiss round the players can see, whose reported results
 * count as soon as they are in, so mid-round the header says the round is still being played.
 */
export function StandingsAfter() {
  const { t } = useT();
  const { summary } = useTournament();
  const { label } = useRoundLabel();
  const last = (summary.data?.rounds ?? []).filter((r) => r.stage === 'swiss' && !r.held).at(-1);
  if (!last || !summary.data) return null;
  const phase = phaseOfRound(summary.data, last.round, last.stage);
  const round = label({ ...last, phase }, isPhased(summary.data));
  return (
    <p className="muted" data-testid="standings-after">
      {last.ended ? t('formats.standingsAfter', { round }) : t('formats.standingsDuring', { round })}
    </p>
  );
}

/** The standings a page at a time, with a search by name, reading or id (deferred, over an index built once per answer). */
function StandingsPages({ rows, tournament }: { rows: readonly StandingsRow[]; tournament: string }) {
  const { t } = useT();
  const [query, setQuery] = useState('');
  const words = useDeferredValue(query.trim().toLowerCase());
  const index = useMemo(() => standingsIndex(rows), [rows]);
  const found = useMemo(() => (words === '' ? rows : findStandings(index, words)), [index, rows, words]);
  const paged = usePaged(found, words);
  return (
    <>
      {rows.length > paged.shown.length || words !== '' ? (
        <label className="field search">
          <span className="visually-hidden">{t('paged.standingsSearch')}</span>
          <input
            type="search"
            placeholder={t('paged.standingsSearch')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="standings-search"
          />
        </label>
      ) : null}
      <PageNav paged={paged} label={t('paged.players')} />
      {found.length === 0 ? (
        <p className="empty">{t('paged.noMatch')}</p>
      ) : (
        <StandingsTable rows={paged.shown} tournament={tournament} />
      )}
      <PageNav paged={paged} label={t('paged.players')} />
    </>
  );
}

/** The final places, each name with its reading as the Swiss rows below carry it. */
export function FinalPlaces({ final, rows }: { final: readonly FinalPlace[]; rows: readonly StandingsRow[] }) {
  const { t } = useT();
  const byId = useMemo(() => new Map(rows.map((r) => [r.player, r])), [rows]);
  return (
    <div>
      <h2>{t('standings.final')}</h2>
      <ol className="final-places" data-testid="final-places">
        {final.map((f) => {
          const row = byId.get(f.player);
          return (
            <li key={f.player}>
              <span className="place">{f.place}</span>{' '}
              <PlayerName name={f.name ?? row?.name ?? f.player} reading={row?.reading} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
