import { memo, useMemo } from 'react';
import { useT } from '../i18n/use-t';
import type { PlayerView } from '../api/types';
import { sortByName } from '../../../src/core/names/by-name.js';
import { searchForm } from '../../../src/core/names/reading.js';
import { useLazyMemo } from '../components/lazy-memo';
import { PageNav, usePaged } from '../components/paged';
import { PlayerRow } from './player-row';

/** Each player with the text a search looks in: in search form (core/names/reading.ts), so the name matches its reading too and hiragana typed finds a katakana reading. */
const playerIndex = (players: readonly PlayerView[]) =>
  players.map((p) => ({
    p,
    id: p.id.toLowerCase(),
    text: `${searchForm(p.name)}\n${p.reading ? searchForm(p.reading) : ''}`,
  }));

/** The players the (deferred) search finds, a page at a time: a list of thousands built whole made the phone wait seconds. */
export const PlayerPages = memo(function PlayerPages({
  list,
  query,
  order,
  canRegister,
}: {
  list: readonly PlayerView[];
  query: string;
  order: 'registration' | 'name';
  canRegister: boolean;
}) {
  const { t } = useT();
  const ordered = useMemo(() => (order === 'name' ? sortByName(list, (p) => p) : list), [list, order]);
  // Built when the phone is idle or at the first keystroke (lazy-memo.ts), not while the screen shows.
  const index = useLazyMemo(ordered, playerIndex);
  const shown = useMemo(() => {
    const typed = searchForm(query);
    if (query === '') return ordered;
    return index()
      .filter((x) => x.id.includes(query) || (typed !== '' && x.text.includes(typed)))
      .map((x) => x.p);
  }, [ordered, index, query]);
  const paged = usePaged(shown, query);
  return (
    <>
      <ul className="card-list">
        {paged.shown.map((p) => (
          <PlayerRow key={p.id} player={p} canRegister={canRegister} />
        ))}
      </ul>
      <PageNav paged={paged} label={t('paged.players')} />
    </>
  );
});
