import { useEffect, useMemo, useState } from 'react';
import type { PublicSeries, SeriesStandingsRow } from '../../../src/app/projections/series-standings.js';
import { useResource } from '../api/resource';
import { useLang } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { Loaded } from '../components/status';
import { navigate, useLocation } from '../router';

/*
 * A series' public leaderboard, phone first: rank, name, points; a tap opens the player's points
 * per event. `?asOf=` shows it as of a date; `?player=` (a link from the player's own page)
 * highlights and scrolls to the player's row. Printable (the controls are not printed), and
 * exported as the server makes it (CSV in the page's language, JSON).
 */

const apiPath = (id: string, asOf: string | null, format?: string, lang?: string): string => {
  const q = new URLSearchParams();
  if (asOf) q.set('asOf', asOf);
  if (format) q.set('format', format);
  if (lang) q.set('lang', lang);
  const query = q.toString();
  return `/api/series/${encodeURIComponent(id)}/standings${query ? `?${query}` : ''}`;
};

export function SeriesStandings({ id }: { id: string }) {
  const { t } = useT();
  const { lang } = useLang();
  const { query } = useLocation();
  const asOf = query.get('asOf');
  const me = query.get('player');
  const resource = useResource<PublicSeries>(apiPath(id, asOf));
  const setAsOf = (value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set('asOf', value);
    else next.delete('asOf');
    navigate(`/series/${encodeURIComponent(id)}${next.size > 0 ? `?${next}` : ''}`, { replace: true });
  };
  return (
    <section className="stack series" data-testid="series-standings">
      <Loaded resource={resource}>
        {(s) => (
          <>
            <div className="title-row">
              <h1>{s.name}</h1>
            </div>
            <p className="muted" data-testid="series-facts">
              {t('series.window', { from: s.from, to: s.to })} · {s.rule.name[lang]}
              {s.best === null ? '' : ` · ${t('series.best', { best: s.best })}`} ·{' '}
              {t('series.events', { count: s.events.length })}
            </p>
            <div className="series-controls no-print">
              <label className="field">
                <span>{t('series.asOf')}</span>
                <input
                  type="date"
                  value={asOf ?? ''}
                  min={s.from}
                  max={s.to}
                  onChange={(e) => setAsOf(e.target.value)}
                  data-testid="series-as-of"
                />
              </label>
              <div className="series-exports">
                <a href={apiPath(id, asOf, 'csv', lang)} download>
                  {t('series.csv')}
                </a>
                <a href={apiPath(id, asOf)} target="_blank" rel="noreferrer">
                  {t('series.json')}
                </a>
                <button type="button" onClick={() => window.print()}>
                  {t('series.print')}
                </button>
              </div>
            </div>
            {s.asOf && <p className="print-only">{t('series.asOfPrinted', { date: s.asOf })}</p>}
            {s.standings.length === 0 ? (
              <p className="empty">{t('series.none')}</p>
            ) : (
              <Leaderboard series={s} me={me} />
            )}
            <p className="muted">{t('series.tieRule')}</p>
          </>
        )}
      </Loaded>
    </section>
  );
}

function Leaderboard({ series, me }: { series: PublicSeries; me: string | null }) {
  const { t } = useT();
  const [open, setOpen] = useState<string | null>(me);
  const names = useMemo(() => new Map(series.events.map((e) => [e.tournament, e])), [series.events]);
  useEffect(() => {
    if (me) document.querySelector(`[data-player="${CSS.escape(me)}"]`)?.scrollIntoView({ block: 'center' });
  }, [me]);
  return (
    <ol className="series-board" data-testid="series-board">
      {series.standings.map((row) => (
        <li
          key={row.player}
          data-player={row.player}
          className={row.player === me ? 'series-row mine' : 'series-row'}
          aria-current={row.player === me ? 'true' : undefined}
        >
          <button
            type="button"
            className="series-line"
            aria-expanded={open === row.player}
            onClick={() => setOpen(open === row.player ? null : row.player)}
          >
            <span className="series-rank">{row.rank}</span>
            <span className="series-name">
              {row.name}
              <small className="muted"> {row.player}</small>
            </span>
            <span className="series-points">{t('series.points', { points: row.points })}</span>
          </button>
          <Breakdown row={row} names={names} hidden={open !== row.player} />
        </li>
      ))}
    </ol>
  );
}

function Breakdown({
  row,
  names,
  hidden,
}: {
  row: SeriesStandingsRow;
  names: ReadonlyMap<string, { readonly name: string; readonly date: string }>;
  hidden: boolean;
}) {
  const { t } = useT();
  return (
    <ul className="series-events" hidden={hidden} data-testid="series-breakdown">
      {row.events.map((e) => (
        <li key={e.tournament} className={e.counted ? undefined : 'muted'}>
          <span>
            {names.get(e.tournament)?.date} {names.get(e.tournament)?.name ?? e.tournament}
          </span>
          <span>
            {t('series.points', { points: e.points })}
            {e.counted ? '' : ` (${t('series.notCounted')})`}
          </span>
        </li>
      ))}
      {row.adjustment !== 0 && (
        <li>
          <span>{t('series.adjustment')}</span>
          <span>{t('series.points', { points: row.adjustment })}</span>
        </li>
      )}
    </ul>
  );
}
