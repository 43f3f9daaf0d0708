import { cardGameIdForm, showsSomething } from '../../../src/core/names/normal-form.js';
import { halfWidthDigits } from '../../../src/core/text.js';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { CARD_GAME_ID_TYPED_MAX, ENTRY_TEXT_MAX } from '../../../src/core/tournament/limits.js';
import { formatTime, useLang } from '../i18n/i18n';
import { Link } from '../router';
import { entryPaths, entryWrites, type Entered, type EntryView } from './entry-api';
import { QrCode } from './qr-code';
import { playerPageUrl } from './self-service-api';
import { FilmingChoice, filmingField } from '../components/filming-choice';

/**
 * The public entry page (phone first, no sign-in): name, reading and optionally the KONAMI Card
 * Game ID; the answer is the player's id and record code at once, with the link and QR code to
 * their own page, where they send their decklist.
 */
export function EntryPage() {
  const { t } = useT();
  const { id } = useTournament();
  const entry = useResource<EntryView>(entryPaths.entry(id));
  const [entered, setEntered] = useState<Entered | null>(null);
  return (
    <section className="stack self-page" data-testid="entry-page">
      <h1>{t('entry.title')}</h1>
      <Loaded resource={entry}>
        {(view) => (
          <>
            <EntryTerms view={view} />
            {entered ? (
              <EnteredCard entered={entered} />
            ) : view.open ? (
              <EntryForm onEntered={setEntered} />
            ) : (
              <p className="notice notice-warn" data-testid="entry-closed">
                {t(view.settings === null ? 'entry.notOpen' : 'entry.closed')}
              </p>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** What the organizer set: cap, closing time, how places are given, the decklist deadline, what is published. */
function EntryTerms({ view }: { view: EntryView }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const s = view.settings;
  const when = (at: string) => `${new Date(at).toLocaleDateString(lang)} ${formatTime(at, lang)}`;
  return (
    <div className="card stack" data-testid="entry-terms">
      <p className="self-big">
        {view.tournament.name} <span className="muted">{view.tournament.date}</span>
      </p>
      {s && (
        <ul className="plain-list">
          <li>{t('entry.cap', { cap: s.cap, taken: view.seatsTaken })}</li>
          <li>{t('entry.closesAt', { time: when(s.closesAt) })}</li>
          <li>{t(`entry.mode.${s.mode}`)}</li>
          {view.lottery?.commitment && (
            <li className="wrap-anywhere" data-testid="entry-lottery-commitment">
              {t('entry.lotteryCommitment', { hash: view.lottery.commitment })}
              {view.lottery.seed !== null && view.lottery.nonce !== null && (
                <> {t('entry.lotteryRevealed', { seed: view.lottery.seed, nonce: view.lottery.nonce })}</>
              )}
            </li>
          )}
          <li>
            {view.decklistDeadline
              ? t('entry.deadline', { time: when(view.decklistDeadline) })
              : t('entry.deadlineRound1')}
          </li>
          <li>
            {view.publication === null
              ? t('entry.publication.none')
              : view.publication.kind === 'all'
                ? t('entry.publication.all')
                : t('entry.publication.top', { top: view.publication.top })}
          </li>
        </ul>
      )}
      {view.publication !== null && view.tournament.status === 'finished' && (
        <Link to={`/t/${encodeURIComponent(id)}/decklists/published`}>{t('entry.published.title')}</Link>
      )}
    </div>
  );
}

function EntryForm({ onEntered }: { onEntered: (entered: Entered) => void }) {
  const { t } = useT();
  const { id } = useTournament();
  const [name, setName] = useState('');
  const [reading, setReading] = useState('');
  const [cardGameId, setCardGameId] = useState('');
  const [filming, setFilming] = useState<boolean | null>(null);
  // The server's rule: ten digits, typed with dashes, spaces or full-width digits if need be.
  const badId = cardGameId.trim() !== '' && cardGameIdForm(cardGameId) === null;
  return (
    <form className="card stack" onSubmit={(e) => e.preventDefault()} data-testid="entry-form">
      <TextField
        label={t('entry.name')}
        value={name}
        autoComplete="name"
        maxLength={ENTRY_TEXT_MAX}
        onChange={(e) => setName(e.target.value)}
        data-testid="entry-name"
      />
      <TextField
        label={t('entry.reading')}
        hint={t('entry.readingHint')}
        value={reading}
        maxLength={ENTRY_TEXT_MAX}
        onChange={(e) => setReading(e.target.value)}
        data-testid="entry-reading"
      />
      <TextField
        label={t('entry.cardGameId')}
        hint={t('entry.cardGameIdHint')}
        error={badId ? t('entry.cardGameIdBad') : undefined}
        value={cardGameId}
        inputMode="numeric"
        maxLength={CARD_GAME_ID_TYPED_MAX}
        // Full-width digits shown as typed digits; dashes and spaces stay (the server keeps the ten digits).
        onChange={(e) => setCardGameId(halfWidthDigits(e.target.value))}
        data-testid="entry-card-game-id"
      />
      <FilmingChoice value={filming} onChange={setFilming} name="entry-filming" />
      <WriteButton
        className="button button-primary button-wide"
        disabled={!showsSomething(name) || reading.trim() === '' || badId}
        onWrite={() =>
          entryWrites.enter(id, {
            name,
            reading,
            ...(cardGameId.trim() === '' ? {} : { cardGameId: cardGameId.trim() }),
            ...filmingField(filming),
          })
        }
        onDone={(outcome) => onEntered(outcome.body as Entered)}
        data-testid="entry-submit"
      >
        {t('entry.submit')}
      </WriteButton>
    </form>
  );
}

/** The player's id and code, and the way to their page: a link and a QR code to keep. */
function EnteredCard({ entered }: { entered: Entered }) {
  const { t } = useT();
  const { id } = useTournament();
  const url = playerPageUrl(window.location.origin, id, entered.player, entered.code);
  const path = new URL(url).pathname + new URL(url).search;
  return (
    <div className="card stack" data-testid="entered">
      <p className="notice notice-ok" data-testid="entered-status">
        {entered.status === 'waiting'
          ? t('entry.entered.waiting', { place: entered.place })
          : t(`entry.entered.${entered.status}`)}
      </p>
      <p>
        {t('entry.entered.id')}: <strong data-testid="entered-id">{entered.player}</strong>
      </p>
      <p>
        {t('entry.entered.code')}:{' '}
        <strong className="self-big" data-testid="entered-code">
          {entered.code}
        </strong>
      </p>
      <p className="field-hint">{t('entry.entered.keep')}</p>
      <QrCode text={url} label={t('entry.entered.qr')} size={160} />
      {entered.status === 'registered' ? (
        <Link to={path} className="button button-primary button-wide" data-testid="entered-page">
          {t('entry.entered.page')}
        </Link>
      ) : (
        // A waiting or lottery entrant is not a player yet: the page opens with the same code once they are.
        <p className="notice">{t('entry.entered.later')}</p>
      )}
    </div>
  );
}
