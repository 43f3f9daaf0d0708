import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { PlayerView } from '../api/types';
import { Loaded } from '../components/status';
import { nameMatches } from '../../../src/core/names/reading.js';
import { PlayerName } from '../components/player-name';

/** Reads the players list, whether the server answers an array or `{ players }`. */
export function usePlayers() {
  const { id } = useTournament();
  const resource = useResource<PlayerView[] | { players: PlayerView[] }>(paths.players(id));
  const data =
    resource.data === undefined ? undefined : Array.isArray(resource.data) ? resource.data : resource.data.players;
  return { ...resource, data };
}

/** Picks a player by name or id (typing narrows the list; the first few are shown). */
export function PlayerPicker({ onPick, label }: { onPick: (player: PlayerView) => void; label?: string }) {
  const { t } = useT();
  const players = usePlayers();
  const [query, setQuery] = useState('');
  return (
    <Loaded resource={players}>
      {(list) => {
        const q = query.trim().toLowerCase();
        const found = list.filter((p) => q === '' || nameMatches(q, p) || p.id.toLowerCase().includes(q)).slice(0, 12);
        return (
          <div className="stack">
            <label className="field search">
              <span>{label ?? t('penalty.findPlayer')}</span>
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('penalty.playerPlaceholder')}
                data-testid="player-search"
              />
            </label>
            <ul className="pick-list">
              {found.map((p) => (
                <li key={p.id}>
                  <button type="button" className="pick" onClick={() => onPick(p)}>
                    <span className="pick-title">
                      <PlayerName name={p.name} reading={p.reading} />
                    </span>
                    <span className="pick-detail">{p.id}</span>
                  </button>
                </li>
              ))}
            </ul>
            {found.length === 0 && <p className="empty">{t('penalty.noPlayer')}</p>}
          </div>
        );
      }}
    </Loaded>
  );
}
