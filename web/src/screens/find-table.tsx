import { useMemo, useState } from 'react';
import { useDeferredValue } from '../components/deferred-value';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { PairingsView } from '../api/types';
import { useLazyMemo } from '../components/lazy-memo';
import { PageNav, usePaged } from '../components/paged';
import { Loaded } from '../components/status';
import { Link } from '../router';
import { sortByName } from '../../../src/core/names/by-name.js';
import { searchForm } from '../../../src/core/names/reading.js';
import { PlayerName } from '../components/player-name';
import { useRounds } from './round-controls';
import { isPhased, useRoundLabel } from '../components/round-label';

interface Line {
  readonly id: string;
  readonly name: string;
  readonly reading?: string;
  readonly table: number | null;
  readonly opponent: string | null;
}

/** Every player of the round with their table and opponent, in table order. */
function lines(view: PairingsView): Line[] {
  const all: Line[] = [];
  for (const table of view.tables) {
    for (const p of table.players) {
      const opponent = table.players.find((o) => o.id !== p.id);
      all.push({
        id: p.id,
        name: p.name,
        ...(p.reading === undefined ? {} : { reading: p.reading }),
        table: table.table,
        opponent: opponent ? opponent.name : null,
      });
    }
  }
  return all;
}

/**
 * The lines by name (by reading in 五十音 order, else by name: the wall list), each with the
 * text a search looks in: the id, and the name and reading in search form (core/names/reading.ts).
 */
const sortedIndex = (all: readonly Line[]) =>
  sortByName(all, (l) => l).map((l) => ({
    line: l,
    id: l.id.toLowerCase(),
    name: searchForm(l.name),
    reading: l.reading ? searchForm(l.reading) : '',
  }));

/** The public page: a player types their name or id and sees their table, in large type for a phone or the wall. */
export function FindTable() {
  const { t } = useT();
  const rounds = useRounds();
  const latest = rounds.data?.[rounds.data.length - 1];
  return (
    <Loaded resource={rounds}>
      {() => (latest ? <FindInRound round={latest.round} /> : <p className="empty">{t('find.notPaired')}</p>)}
    </Loaded>
  );
}

function FindInRound({ round }: { round: number }) {
  const { t } = useT();
  const { id, summary } = useTournament();
  const { label } = useRoundLabel();
  const pairings = useResource<PairingsView>(paths.pairings(id, round));
  const [query, setQuery] = useState('');
  // Sorted by name and indexed once per answer, when the phone is idle or at the first
  // keystroke (lazy-memo.ts), not while the screen shows (sorting 4,096 names by reading cost
  // it a third of its time to show on a slowed phone). Each keystroke only scans the index,
  // and the results follow the field when the phone has time (a deferred query).
  const all = useMemo(() => (pairings.data ? lines(pairings.data) : []), [pairings.data]);
  // Names and readings in their search form: hiragana typed finds a katakana reading.
  const index = useLazyMemo(all, sortedIndex);
  const q = useDeferredValue(query.trim().toLowerCase());
  const found = useMemo(() => {
    const typed = searchForm(q);
    if (q === '' || typed === '') return [];
    return index()
      .filter((x) => x.id === q || x.name.includes(typed) || x.reading.includes(typed))
      .map((x) => x.line);
  }, [index, q]);
  const [everyone, setEveryone] = useState(false);
  return (
    <Loaded resource={pairings}>
      {(view) => {
        return (
          <section className="stack find">
            <h1>{t('find.title', { round })}</h1>
            <p data-testid="find-round">{label(view, isPhased(summary.data))}</p>
            <label className="field search find-search">
              <span>{t('find.label')}</span>
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('find.placeholder')}
                autoComplete="off"
                data-testid="find-input"
              />
            </label>
            <div aria-live="polite">
              {q !== '' && found.length === 0 && <p className="empty">{t('find.none')}</p>}
              {found.slice(0, 5).map((l) => (
                <div key={l.id} className="find-result" data-testid="find-result">
                  <p className="find-name">
                    <PlayerName name={l.name} reading={l.reading} /> <span className="muted">{l.id}</span>
                  </p>
                  <p className="find-table">{l.table === null ? t('find.bye') : t('find.table', { table: l.table })}</p>
                  {l.opponent && <p>{t('find.opponent', { name: l.opponent })}</p>}
                  <Link to={`/t/${encodeURIComponent(id)}/players/${encodeURIComponent(l.id)}`}>
                    {t('find.myRecord')}
                  </Link>
                </div>
              ))}
            </div>
            <details className="panel" onToggle={(e) => setEveryone((e.target as HTMLDetailsElement).open)}>
              <summary>
                <h2>{t('find.everyone', { count: all.length })}</h2>
              </summary>
              {everyone && <Everyone index={index} />}
            </details>
          </section>
        );
      }}
    </Loaded>
  );
}

/** The whole round by name, a page at a time; built only once the list is opened. */
function Everyone({ index }: { index: () => readonly { readonly line: Line }[] }) {
  const { t } = useT();
  const sorted = useMemo(() => index().map((x) => x.line), [index]);
  const paged = usePaged(sorted, null);
  return (
    <>
      <ul className="wall-list">
        {paged.shown.map((l) => (
          <li key={l.id}>
            <PlayerName name={l.name} reading={l.reading} />
            <span className="num">{l.table === null ? t('find.bye') : l.table}</span>
          </li>
        ))}
      </ul>
      <PageNav paged={paged} label={t('paged.players')} />
    </>
  );
}
