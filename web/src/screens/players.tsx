import { PlayerImport } from './player-import';
import { memo, useMemo, useState, type FormEvent } from 'react';
import { useDeferredValue } from '../components/deferred-value';
import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes, type DecklistUpload } from '../api/tournament-api';
import { invalidate, useResource } from '../api/resource';
import type { DeckFinding, DecklistCheckAnswer, PlayerView } from '../api/types';
import { SelectField, TextField } from '../components/form';
import { PlayerName } from '../components/player-name';
import { useLang } from '../i18n/i18n';
import { sortByName } from '../../../src/core/names/by-name.js';
import { readingProblem, searchForm } from '../../../src/core/names/reading.js';
import { boundProblem } from '../../../src/core/tournament/command-checks.js';
import { PLAYER_ID, PLAYER_NAME, READING, REASON } from '../../../src/core/tournament/limits.js';
import { WriteButton } from '../components/pending-button';
import { useWrite } from '../components/use-write';
import { LazyDetails } from '../components/lazy-details';
import { useLazyMemo } from '../components/lazy-memo';
import { PageNav, usePaged } from '../components/paged';
import { asSentence, ErrorNotice, Loaded } from '../components/status';
import { StatusBadge } from '../components/status-badge';
import { usePlayers } from '../penalty/player-picker';
import { Link, useLocation } from '../router';
import { DeckFindings } from './deck-findings';
import { DecklistInput } from './decklist-input';
import { FilmingChoice, filmingField } from '../components/filming-choice';

/** Player registration with the decklist and its check, and the list of players. */
export function Players() {
  const { t } = useT();
  const { query: linkQuery } = useLocation();
  const { account } = useSession();
  const { id } = useTournament();
  const players = usePlayers();
  // `?q=`: a link from the rounds screen opens the list on one player.
  const [filter, setFilter] = useState(() => linkQuery.get('q') ?? '');
  const [order, setOrder] = useState<'registration' | 'name'>('registration');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const canRegister = can(account, 'RegisterPlayer', id);
  return (
    <section className="stack">
      <h1>{t('players.title')}</h1>
      <Link to={`/t/${encodeURIComponent(id)}/check-in`}>{t('selfService.checkInView.title')}</Link>{' '}
      <Link to={`/t/${encodeURIComponent(id)}/decklists`}>{t('entry.staff.title')}</Link>
      {canRegister && <RegisterForm />}
      {canRegister && <PlayerImport />}
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
              <SelectField
                label={t('names.order')}
                value={order}
                onChange={(e) => setOrder(e.target.value === 'name' ? 'name' : 'registration')}
                hint={order === 'name' ? t('names.rule') : undefined}
                data-testid="players-order"
              >
                <option value="registration">{t('names.orderRegistration')}</option>
                <option value="name">{t('names.orderByName')}</option>
              </SelectField>
              <PlayerPages list={list} query={query} order={order} canRegister={canRegister} />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** Each player with the text a search looks in: in search form (core/names/reading.ts), so the name matches its reading too and hiragana typed finds a katakana reading. */
const playerIndex = (players: readonly PlayerView[]) =>
  players.map((p) => ({
    p,
    id: p.id.toLowerCase(),
    text: `${searchForm(p.name)}\n${p.reading ? searchForm(p.reading) : ''}`,
  }));

/** The players the (deferred) search finds, a page at a time: a list of thousands built whole made the phone wait seconds. */
const PlayerPages = memo(function PlayerPages({
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

interface Registration {
  readonly key: number;
  readonly id: string;
  readonly name: string;
  readonly reading?: string;
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
// Memoised (it takes no props): each keystroke in the players' search re-renders the screen, not this form.
const RegisterForm = memo(function RegisterForm() {
  const { t } = useT();
  const { id, summary } = useTournament();
  const version = useVersion();
  const required = summary.data?.settings.decklistsRequired === true;
  const [playerId, setPlayerId] = useState('');
  const [name, setName] = useState('');
  const [reading, setReading] = useState('');
  const [decklist, setDecklist] = useState<DecklistUpload | null>(null);
  const [filming, setFilming] = useState<boolean | null>(null);
  const [recent, setRecent] = useState<Registration[]>([]);
  const [formKey, setFormKey] = useState(0);
  const run = useWrite();

  const update = (key: number, change: Partial<Registration>) =>
    setRecent((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  // Checked as typed with the server's own rule, so a reading that is not kana never leaves the form.
  const readingWrong = reading.trim() === '' ? null : readingProblem(reading);
  const idProblem = playerId.trim() === '' ? null : boundProblem(playerId, PLAYER_ID);
  const { lang } = useLang();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readingWrong || idProblem) return;
    const registered = {
      id: playerId.trim(),
      name: name.trim(),
      ...(reading.trim() ? { reading: reading.trim() } : {}),
    };
    const asked = filmingField(filming);
    const upload = decklist;
    const key = Date.now();
    setRecent((list) => [{ key, ...registered, state: 'pending' as const }, ...list].slice(0, 8));
    setPlayerId('');
    setName('');
    setReading('');
    setDecklist(null);
    setFilming(null);
    setFormKey((k) => k + 1);
    void run(() =>
      writes.registerPlayer(id, version, { ...registered, ...asked, ...(upload ? { decklist: upload } : {}) }),
    ).then((outcome) => {
      if (!outcome.ok) return update(key, { state: 'refused', error: outcome.error });
      // The server checks the list against the deck rules and answers the findings with the registration.
      const { code, findings } = outcome.body as { code: string } & DecklistCheckAnswer;
      update(key, { state: 'done', code, findings: findings ?? undefined });
    });
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
            // The core's rule as typed: the server refuses the same id with the same words.
            error={idProblem ? asSentence(idProblem[lang]) : undefined}
            value={playerId}
            onChange={(e) => setPlayerId(e.target.value)}
            required
            maxLength={PLAYER_ID.max}
            name="playerId"
          />
          <TextField
            label={t('players.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={PLAYER_NAME.max}
            name="playerName"
          />
          <ReadingField value={reading} onChange={setReading} problem={readingWrong} name="playerReading" />
        </div>
        <DecklistInput value={decklist} onChange={setDecklist} />
        <FilmingChoice value={filming} onChange={setFilming} name="register-filming" />
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
});

// Memoised: a search re-renders only the rows that change.
const PlayerRow = memo(function PlayerRow({ player, canRegister }: { player: PlayerView; canRegister: boolean }) {
  const { t } = useT();
  const { id, summary } = useTournament();
  const version = useVersion();
  const { account } = useSession();
  const [upload, setUpload] = useState<DecklistUpload | null>(null);
  const [findings, setFindings] = useState<readonly DeckFinding[] | null>(null);
  const [showFindings, setShowFindings] = useState(false);
  const base = `/t/${encodeURIComponent(id)}`;
  const hasList = player.decklist;
  // Once the player's first round is paired the list is part of the record: only the head judge corrects it.
  const paired = summary.data?.rounds.length ?? 0;
  const locked = player.entryRound !== undefined && paired >= player.entryRound;
  const mayReplace = !locked && can(account, 'SubmitDecklist', id);
  const mayCorrect = locked && hasList === true && can(account, 'CorrectDecklist', id);
  return (
    <li className="card player-row" data-testid={`player-${player.id}`}>
      <div className="title-row">
        <p>
          <Link to={`${base}/players/${encodeURIComponent(player.id)}`} className="card-title">
            <PlayerName name={player.name} reading={player.reading} />
          </Link>{' '}
          <span className="muted">{player.id}</span>
          {player.invitation && (
            <span className="muted" data-testid={`invited-${player.id}`}>
              {' '}
              {t('formats.invitedBecause', { reason: player.invitation })}
            </span>
          )}
        </p>
        <span>
          <StatusBadge status={player.status} />{' '}
          {player.deck?.state === 'findings' ? (
            <button
              type="button"
              className="badge badge-error badge-button"
              aria-expanded={showFindings}
              onClick={() => setShowFindings(!showFindings)}
              data-testid={`deck-state-${player.id}`}
            >
              {t('players.deckFindings', { count: player.deck.findings })}
            </button>
          ) : player.deck ? (
            <span
              className={player.deck.state === 'legal' ? 'badge badge-ok' : 'badge badge-warn'}
              data-testid={`deck-state-${player.id}`}
            >
              {player.deck.state === 'legal' ? t('players.deckLegal') : t('players.noList')}
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
      {showFindings && player.deck?.state === 'findings' && <RegisteredFindings player={player.id} />}
      {findings && <DeckFindings findings={findings} />}
      <div className="row-actions">
        {can(account, 'deck-checks:run', id) && (
          <Link className="button button-small" to={`${base}/deck-check?player=${encodeURIComponent(player.id)}`}>
            {t('nav.deckCheck')}
          </Link>
        )}
        {canRegister && <EditDetails player={player} />}
        {mayCorrect && (
          <LazyDetails summary={<summary className="button button-small">{t('decklist.correct')}</summary>}>
            {() => <CorrectDecklist player={player.id} onFindings={setFindings} />}
          </LazyDetails>
        )}
        {mayReplace && (
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
        {can(account, 'DropPlayer', id) && !player.dropped && (
          <WriteButton
            className="button button-small button-quiet"
            confirm={t('players.dropConfirm', { name: player.name, id: player.id })}
            onWrite={() => writes.dropPlayer(id, version, player.id)}
          >
            {t('players.drop')}
          </WriteButton>
        )}
      </div>
    </li>
  );
});

/** What the deck rules find in a player's registered list, read when its badge is opened. */
function RegisteredFindings({ player }: { player: string }) {
  const { id } = useTournament();
  const registered = useResource<{ findings: readonly DeckFinding[] | null }>(paths.decklist(id, player));
  return (
    <Loaded resource={registered}>{({ findings }) => (findings ? <DeckFindings findings={findings} /> : null)}</Loaded>
  );
}

/** The head judge's correction of a list the player already played with: the new list and why. */
function CorrectDecklist({
  player,
  onFindings,
}: {
  player: string;
  onFindings: (findings: readonly DeckFinding[] | null) => void;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const [upload, setUpload] = useState<DecklistUpload | null>(null);
  const [reason, setReason] = useState('');
  return (
    <div className="stack" data-testid={`correct-decklist-${player}`}>
      <p className="muted">{t('decklist.correctHint')}</p>
      <DecklistInput value={upload} onChange={setUpload} />
      <label className="field">
        <span>{t('decklist.correctReason')}</span>
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={2}
          maxLength={REASON.max}
          name="correctReason"
        />
      </label>
      <WriteButton
        disabled={!upload || reason.trim() === ''}
        onWrite={() => {
          onFindings(null);
          return writes.correctDecklist(id, version, player, upload!, reason.trim());
        }}
        onDone={(outcome) => {
          setUpload(null);
          setReason('');
          invalidate(paths.decklist(id, player));
          onFindings((outcome.body as DecklistCheckAnswer).findings ?? null);
        }}
      >
        {t('decklist.correctSubmit')}
      </WriteButton>
    </div>
  );
}

/** The name or reading set right: a reading added after an import without one, a name misspelt at the desk. */
function EditDetails({ player }: { player: PlayerView }) {
  const { t } = useT();
  // The form is built once opened: a page of 100 rows each with its closed form made the phone lay out 200 fields.
  const [open, setOpen] = useState(false);
  return (
    <details data-testid={`edit-${player.id}`} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="button button-small">{t('names.edit')}</summary>
      {open && <EditDetailsForm player={player} />}
    </details>
  );
}

function EditDetailsForm({ player }: { player: PlayerView }) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const [name, setName] = useState(player.name);
  const [reading, setReading] = useState(player.reading ?? '');
  const readingWrong = reading.trim() === '' ? null : readingProblem(reading);
  const nextReading = reading.trim() === '' ? null : reading.trim();
  const change = {
    ...(name.trim() !== player.name ? { name: name.trim() } : {}),
    ...(nextReading !== (player.reading ?? null) ? { reading: nextReading } : {}),
  };
  return (
    <div className="stack">
      <TextField
        label={t('players.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={PLAYER_NAME.max}
        name="editName"
      />
      <ReadingField value={reading} onChange={setReading} problem={readingWrong} name="editReading" />
      <WriteButton
        className="button button-primary"
        disabled={readingWrong !== null || name.trim() === '' || Object.keys(change).length === 0}
        onWrite={() => writes.changePlayerDetails(id, version, player.id, change)}
      >
        {t('names.save')}
      </WriteButton>
    </div>
  );
}

/** The reading (フリガナ) field of the registration and edit forms, with the server's own check as typed. */
function ReadingField({
  value,
  onChange,
  problem,
  name,
}: {
  value: string;
  onChange: (reading: string) => void;
  problem: ReturnType<typeof readingProblem>;
  name: string;
}) {
  const { t } = useT();
  const { lang } = useLang();
  return (
    <TextField
      label={t('names.reading')}
      hint={t('names.readingHint')}
      error={problem ? asSentence(problem[lang]) : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      name={name}
      maxLength={READING.max}
      lang="ja"
      autoComplete="off"
    />
  );
}
