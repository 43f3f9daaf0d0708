import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { TextField } from '../components/form';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { Link } from '../router';
import { entryPaths, type DecklistsView } from './entry-api';

/**
 * Staff's decklists screen before round 1: how many are submitted, missing and with findings;
 * each player's list state and receipt, lists players sent over findings flagged, entries that
 * may be another's (same Card Game ID, or same name and reading) flagged too, the earlier one as
 * well as the later; filter and
 * search by name, reading, id or Card Game ID. A row opens the deck check for that player.
 */
type Filter = 'all' | 'missing' | 'findings' | 'flagged';

export function Decklists() {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const list = useResource<DecklistsView>(entryPaths.decklists(id));
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  return (
    <section className="stack" data-testid="decklists-view">
      <h1>{t('entry.staff.title')}</h1>
      <Loaded resource={list}>
        {(view) => {
          const q = search.trim().toLowerCase();
          const shown = view.players.filter(
            (p) =>
              (filter === 'all' ||
                (filter === 'missing' && p.deck === 'none') ||
                (filter === 'findings' && p.deck === 'findings') ||
                (filter === 'flagged' && p.flagged)) &&
              (q === '' ||
                [p.id, p.name, p.reading ?? '', p.cardGameId ?? ''].some((s) => s.toLowerCase().includes(q))),
          );
          return (
            <>
              <p className="self-count" data-testid="decklists-count">
                {t('entry.staff.counts', {
                  submitted: view.submitted,
                  missing: view.missing,
                  findings: view.withFindings,
                })}
              </p>
              <p className="field-hint">
                {view.deadline
                  ? t('entry.deadline', { time: formatTime(view.deadline, lang) })
                  : t('entry.deadlineRound1')}
              </p>
              <div className="segmented" role="group" aria-label={t('entry.staff.filter')}>
                {(['all', 'missing', 'findings', 'flagged'] as const).map((f) => (
                  <button
                    key={f}
                    type="button"
                    className={`button button-small${filter === f ? ' button-primary' : ''}`}
                    aria-pressed={filter === f}
                    onClick={() => setFilter(f)}
                    data-testid={`decklists-filter-${f}`}
                  >
                    {t(`entry.staff.filters.${f}`)}
                  </button>
                ))}
              </div>
              <TextField
                label={t('entry.staff.search')}
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                data-testid="decklists-search"
              />
              <ul className="card-list">
                {shown.map((p) => (
                  <li key={p.id} className="card check-in-row" data-testid={`decklist-${p.id}`}>
                    <span>
                      <strong>{p.name}</strong> <span className="muted">{p.id}</span>
                      {p.cardGameId && <span className="muted"> · {p.cardGameId}</span>}
                      {p.duplicates.length > 0 && (
                        <strong className="badge badge-warn" data-testid={`duplicate-${p.id}`}>
                          {t('entry.staff.duplicate', { ids: p.duplicates.join(', ') })}
                        </strong>
                      )}
                    </span>
                    <span>
                      {p.deck === 'none'
                        ? t('entry.staff.missing')
                        : p.deck === 'legal'
                          ? t('entry.staff.legal')
                          : t('entry.staff.findings', { count: p.findings })}
                      {p.flagged && <strong className="badge badge-warn"> {t('entry.staff.flagged')}</strong>}
                      {p.receipt && (
                        <>
                          {' '}
                          <code>{p.receipt.hash}</code> {p.byPlayer ? t('entry.staff.byPlayer') : ''}
                        </>
                      )}
                      {p.deck !== 'none' && (
                        <>
                          {' '}
                          <Link to={`/t/${encodeURIComponent(id)}/deck-check?player=${encodeURIComponent(p.id)}`}>
                            {t('nav.deckCheck')}
                          </Link>
                          {' · '}
                          <Link
                            to={`/t/${encodeURIComponent(id)}/print/decklist/${encodeURIComponent(p.id)}`}
                            data-testid={`sheet-${p.id}`}
                          >
                            {t('entry.sheet.link')}
                          </Link>
                        </>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
