import { memo, useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes, type DecklistUpload } from '../api/tournament-api';
import type { DeckFinding, DecklistCheckAnswer, PlayerView } from '../api/types';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { useWrite } from '../components/use-write';
import { LazyDetails } from '../components/lazy-details';
import { PageNav, usePaged } from '../components/paged';
import { ErrorNotice, Loaded } from '../components/status';
import { StatusBadge } from '../components/status-badge';
import { usePlayers } from '../penalty/player-picker';
import { Link } from '../router';
import { DeckFindings } from './deck-findings';
import { DecklistInput } from './decklist-input';

/** Player registration with the decklist and its check, and the list of players. */
export function Players() {
  const { t } = useTranslation();
  const { account } = useSession();
  const players = usePlayers();
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const canRegister = hasRole(account, 'organizer', 'scorekeeper');
  return (
    <section className="stack">
      <h1>{t('players.title')}</h1>
      {canRegister && <RegisterForm />}
      <Loaded resource={players}>
        {(list) => {
          return (
            <>
              <h2>{t('players.count', { count: list.length })}</h2>
              <label className="field search">
                <span className="visually-hidden">{t('players.filter')}</span>
                <input
                  type="search"
                  placeholder={t('players.filter')}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
              </label>
              <PlayerPages list={list} query={query} canRegister={canRegister} />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** The players the (deferred) search finds, a page at a time: a list of thousands built whole made the phone wait seconds. */
const PlayerPages = memo(function PlayerPages({
  list,
  query,
  canRegister,
}: {
  list: readonly PlayerView[];
  query: string;
  canRegister: boolean;
}) {
  const { t } = useTranslation();
  const index = useMemo(() => list.map((p) => ({ p, text: `${p.name}\n${p.id}`.toLowerCase() })), [list]);
  const shown = useMemo(
    () => (query === '' ? list : index.filter((x) => x.text.includes(query)).map((x) => x.p)),
    [index, list, query],
  );
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

interface Registration {
  readonly key: number;
  readonly id: string;
  readonly name: string;
  readonly state: 'pending' | 'done' | 'refused';
  readonly code?: string;
  readonly findings?: readonly DeckFinding[];
  readonly error?: unknown;
}

/**
 * The registration desk: each registration is queued at once and the form clears for the next
 * player, so a queue of players keeps moving even while the connection hiccups; the list
 * below says which are still pending, the slip code, and the decklist check.
 */
function RegisterForm() {
  const { t } = useTranslation();
  const { id, summary } = useTournament();
  const version = useVersion();
  const required = summary.data?.settings.decklistsRequired === true;
  const [playerId, setPlayerId] = useState('');
  const [name, setName] = useState('');
  const [decklist, setDecklist] = useState<DecklistUpload | null>(null);
  const [recent, setRecent] = useState<Registration[]>([]);
  const [formKey, setFormKey] = useState(0);
  const run = useWrite();

  const update = (key: number, change: Partial<Registration>) =>
    setRecent((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const registered = { id: playerId.trim(), name: name.trim() };
    const upload = decklist;
    const key = Date.now();
    setRecent((list) => [{ key, ...registered, state: 'pending' as const }, ...list].slice(0, 8));
    setPlayerId('');
    setName('');
    setDecklist(null);
    setFormKey((k) => k + 1);
    void run(() => writes.registerPlayer(id, version, { ...registered, ...(upload ? { decklist: upload } : {}) })).then(
      (outcome) => {
        if (!outcome.ok) return update(key, { state: 'refused', error: outcome.error });
        // The server checks the list against the deck rules and answers the findings with the registration.
        const { code, findings } = outcome.body as { code: string } & DecklistCheckAnswer;
        update(key, { state: 'done', code, findings: findings ?? undefined });
      },
    );
  }

  return (
    <details className="panel" open>
      <summary>
        <h2>{t('players.register')}</h2>
      </summary>
      <form onSubmit={submit} className="stack" key={formKey}>
        <div className="field-row">
          <TextField
            label={t('players.id')}
            hint={t('players.idHint')}
            value={playerId}
            onChange={(e) => setPlayerId(e.target.value)}
            required
            name="playerId"
          />
          <TextField
            label={t('players.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            name="playerName"
          />
        </div>
        <DecklistInput value={decklist} onChange={setDecklist} />
        <button type="submit" className="button button-primary">
          {t('players.submit')}
        </button>
      </form>
      {recent.length > 0 && (
        <ul className="card-list recent" aria-live="polite">
          {recent.map((r) => {
            // Registered is not the same as ready to play: a list with findings is red, a missing required list amber.
            const deck =
              r.state !== 'done'
                ? null
                : r.findings && r.findings.length > 0
                  ? 'findings'
                  : !r.findings && required
                    ? 'missing'
                    : 'ok';
            const tone =
              r.state === 'refused' || deck === 'findings'
                ? 'notice-error'
                : r.state === 'pending'
                  ? 'notice-pending'
                  : deck === 'missing'
                    ? 'notice-warn'
                    : 'notice-ok';
            return (
              <li
                key={r.key}
                className={`notice ${tone}`}
                data-testid={`registered-${r.id}`}
                data-deck={deck ?? undefined}
              >
                <p>
                  {r.state === 'pending' ? (
                    <>
                      <span className="spinner" aria-hidden="true" /> {t('players.registering', { name: r.name })}
                    </>
                  ) : r.state === 'done' ? (
                    <strong>
                      {t(
                        deck === 'findings'
                          ? 'players.registeredWithFindings'
                          : deck === 'missing'
                            ? 'players.registeredNoList'
                            : 'players.registered',
                        { name: r.name, count: r.findings?.length ?? 0 },
                      )}
                    </strong>
                  ) : (
                    t('players.refused', { name: r.name })
                  )}
                </p>
                {r.code && (
                  <p>
                    {t('players.code')}{' '}
                    <strong className="code" data-testid={`code-${r.id}`}>
                      {r.code}
                    </strong>
                  </p>
                )}
                {r.findings && <DeckFindings findings={r.findings} />}
                {r.error !== undefined && <ErrorNotice error={r.error} />}
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}

// Memoised: a search re-renders only the rows that change.
const PlayerRow = memo(function PlayerRow({ player, canRegister }: { player: PlayerView; canRegister: boolean }) {
  const { t } = useTranslation();
  const { id } = useTournament();
  const version = useVersion();
  const { account } = useSession();
  const [upload, setUpload] = useState<DecklistUpload | null>(null);
  const [findings, setFindings] = useState<readonly DeckFinding[] | null>(null);
  const base = `/t/${encodeURIComponent(id)}`;
  const hasList = player.decklist;
  return (
    <li className="card player-row" data-testid={`player-${player.id}`}>
      <div className="title-row">
        <p>
          <Link to={`${base}/players/${encodeURIComponent(player.id)}`} className="card-title">
            {player.name}
          </Link>{' '}
          <span className="muted">{player.id}</span>
        </p>
        <span>
          <StatusBadge status={player.status} />{' '}
          {player.deck ? (
            <span
              className={
                player.deck.state === 'legal'
                  ? 'badge badge-ok'
                  : player.deck.state === 'findings'
                    ? 'badge badge-error'
                    : 'badge badge-warn'
              }
              data-testid={`deck-state-${player.id}`}
            >
              {player.deck.state === 'legal'
                ? t('players.deckLegal')
                : player.deck.state === 'findings'
                  ? t('players.deckFindings', { count: player.deck.findings })
                  : t('players.noList')}
            </span>
          ) : (
            hasList !== undefined && (
              <span className={hasList ? 'badge' : 'badge badge-warn'}>
                {hasList ? t('players.hasList') : t('players.noList')}
              </span>
            )
          )}
        </span>
      </div>
      {player.dropReason && <p className="muted">{player.dropReason}</p>}
      {findings && <DeckFindings findings={findings} />}
      <div className="row-actions">
        {hasRole(account, 'judge', 'head-judge') && (
          <Link className="button button-small" to={`${base}/deck-check?player=${encodeURIComponent(player.id)}`}>
            {t('nav.deckCheck')}
          </Link>
        )}
        {canRegister && (
          <LazyDetails
            summary={
              <summary className="button button-small">{hasList ? t('decklist.replace') : t('decklist.add')}</summary>
            }
          >
            {() => (
              <>
                <DecklistInput value={upload} onChange={setUpload} />
                <WriteButton
                  disabled={!upload}
                  onWrite={() => {
                    setFindings(null);
                    return writes.submitDecklist(id, version, player.id, upload!);
                  }}
                  onDone={(outcome) => {
                    setUpload(null);
                    setFindings((outcome.body as DecklistCheckAnswer).findings ?? null);
                  }}
                >
                  {t('decklist.submit')}
                </WriteButton>
              </>
            )}
          </LazyDetails>
        )}
        {hasRole(account, 'organizer', 'scorekeeper', 'head-judge') && !player.dropped && (
          <WriteButton
            className="button button-small button-quiet"
            confirm={t('players.dropConfirm', { name: player.name })}
            onWrite={() => writes.dropPlayer(id, version, player.id)}
          >
            {t('players.drop')}
          </WriteButton>
        )}
      </div>
    </li>
  );
});
