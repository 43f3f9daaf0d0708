import { memo, useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes, type DecklistUpload } from '../api/tournament-api';
import type { DeckFinding, DecklistCheckAnswer } from '../api/types';
import { TextField } from '../components/form';
import { useLang } from '../i18n/i18n';
import { readingProblem } from '../../../src/core/names/reading.js';
import { boundProblem } from '../../../src/core/tournament/command-checks.js';
import { PLAYER_ID, PLAYER_NAME } from '../../../src/core/tournament/limits.js';
import { useWrite } from '../components/use-write';
import { asSentence, ErrorNotice } from '../components/status';
import { DeckFindings } from './deck-findings';
import { DecklistInput } from './decklist-input';
import { FilmingChoice, filmingField } from '../components/filming-choice';
import { ReadingField } from './reading-field';

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
export const RegisterForm = memo(function RegisterForm() {
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
