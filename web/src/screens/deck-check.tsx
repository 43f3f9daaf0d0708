import { useState } from 'react';
import { DUEL_NUMBER } from '../../../src/core/tournament/limits.js';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { infractionOf, usePack } from '../api/policy';
import { useTournament } from '../api/tournament-context';
import { paths, type DecklistUpload } from '../api/tournament-api';
import type { Deck, DeckCheckAnswer, DeckDifference } from '../api/types';
import { SelectField } from '../components/form';
import { ErrorNotice } from '../components/status';
import { useLang } from '../i18n/i18n';
import { PlayerPicker, usePlayers } from '../penalty/player-picker';
import { TableScroll } from '../components/table-scroll';
import { Link, useLocation } from '../router';
import { DeckFindings, useCardName } from './deck-findings';
import { DecklistInput } from './decklist-input';
import { DeckTickList } from './deck-tick-list';

const ZONES = ['main', 'extra', 'side'] as const;

/** The duels a check may name, after "from the results" (the duel the player's match is in). */
const DUELS = Array.from({ length: DUEL_NUMBER.max - DUEL_NUMBER.min + 1 }, (_, i) => DUEL_NUMBER.min + i);

/**
 * A deck check: the judge ticks the presented deck off the registered list (or enters it) and
 * says which duel the check is in; the server compares it with the registered list (duel 1 zone
 * by zone, after it the deck and side deck as one pool: side-decking is no mismatch) and checks
 * it, says which comparison it made, and every difference is highlighted, with the way into the
 * penalty flow for what it proposes.
 */
export function DeckCheck() {
  const { t } = useT();
  const { pick } = useLang();
  const { id } = useTournament();
  const { query } = useLocation();
  const { pack } = usePack();
  const players = usePlayers();
  const [playerId, setPlayerId] = useState<string | null>(query.get('player'));
  const [deck, setDeck] = useState<DecklistUpload | null>(null);
  const [answer, setAnswer] = useState<DeckCheckAnswer | null>(null);
  // null: the duel the player's match is in, read off the results by the server.
  const [duel, setDuel] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const player = players.data?.find((p) => p.id === playerId);

  // With a registered list the check starts from it as a tick list; typing or uploading stays possible.
  const [typed, setTyped] = useState(false);
  const fromList = player?.decklist !== false && !typed;

  async function check(presented: DecklistUpload | Deck | null = deck) {
    if (!playerId || !presented) return;
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      const result = await request<DeckCheckAnswer>('POST', paths.deckChecks(id), {
        body: { player: playerId, deck: presented, ...(duel === null ? {} : { duel }) },
      });
      setAnswer(result.body);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack">
      <h1>{t('deckCheck.title')}</h1>
      {playerId === null ? (
        <PlayerPicker onPick={(p) => setPlayerId(p.id)} />
      ) : (
        <p className="step-done">
          <strong>
            {player?.name ?? playerId} ({playerId})
          </strong>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setPlayerId(null);
              setAnswer(null);
            }}
          >
            {t('action.change')}
          </button>
        </p>
      )}
      {playerId !== null && (
        <>
          <SelectField
            label={t('deckCheck.duel')}
            hint={t('deckCheck.duelHint')}
            value={duel ?? ''}
            onChange={(e) => {
              setDuel(e.target.value === '' ? null : Number(e.target.value));
              setAnswer(null);
            }}
            data-testid="deck-check-duel"
          >
            <option value="">{t('deckCheck.duelFromResults')}</option>
            {DUELS.map((n) => (
              <option key={n} value={n}>
                {t('deckCheck.duelNumber', { duel: n })}
              </option>
            ))}
          </SelectField>
          <h2>{t('deckCheck.presented')}</h2>
          {fromList ? (
            <>
              <DeckTickList
                key={playerId}
                player={playerId}
                busy={busy}
                onCheck={(presented) => void check(presented)}
              />
              <button
                type="button"
                className="link-button"
                onClick={() => setTyped(true)}
                data-testid="type-deck-instead"
              >
                {t('deckCheck.typeInstead')}
              </button>
            </>
          ) : (
            <>
              <DecklistInput value={deck} onChange={setDeck} />
              <button
                type="button"
                className="button button-primary"
                disabled={!deck || busy}
                onClick={() => void check()}
                data-testid="run-deck-check"
              >
                {busy ? t('status.working') : t('deckCheck.run')}
              </button>
            </>
          )}
          {error !== null && <ErrorNotice error={error} onRetry={() => void check()} />}
        </>
      )}
      {answer && playerId && (
        <div className="stack" aria-live="polite" data-testid="deck-check-result">
          {!answer.registered ? (
            <p className="notice notice-warn">{t('deckCheck.noRegisteredList')}</p>
          ) : answer.differences.length + answer.comparison.sizes.length === 0 ? (
            <p className="notice notice-ok">{t('deckCheck.matches')}</p>
          ) : (
            <>
              <p className="notice notice-error">
                {t('deckCheck.mismatch', { count: answer.differences.length + answer.comparison.sizes.length })}
              </p>
              {answer.comparison.sizes.length > 0 && (
                <ul data-testid="deck-check-sizes">
                  {answer.comparison.sizes.map((z) => (
                    <li key={z.zone}>
                      {t('deckCheck.zoneSize', {
                        zone: t(`deck.${z.zone}`),
                        registered: z.registered,
                        presented: z.presented,
                      })}
                    </li>
                  ))}
                </ul>
              )}
              {ZONES.map((zone) => (
                <ZoneDifferences
                  key={zone}
                  zone={zone}
                  differences={answer.differences.filter((d) => d.zone === zone)}
                />
              ))}
            </>
          )}
          {answer.registered && (
            <p className="muted" data-testid="deck-check-comparison">
              {t(answer.comparison.kind === 'pool' ? 'deckCheck.comparedPool' : 'deckCheck.comparedZones', {
                duel: answer.comparison.duel,
              })}
              {answer.comparison.fromResults ? ` ${t('deckCheck.comparedFromResults')}` : ''}
            </p>
          )}
          {answer.rules && (
            <p className="muted" data-testid="deck-check-rules">
              {answer.rules.list
                ? t('deckCheck.checkedWith', { list: answer.rules.list.name, cards: answer.rules.cards.cards })
                : t('deckCheck.checkedWithoutList', { cards: answer.rules.cards.cards })}
            </p>
          )}
          {answer.rules?.warnings.map((w, i) => (
            <p key={i} className="notice notice-warn" role="status">
              {pick(w)}
            </p>
          ))}
          {answer.findings.length > 0 && (
            <>
              <h2>{t('deckCheck.findings')}</h2>
              <DeckFindings findings={answer.findings} />
            </>
          )}
          {answer.proposedInfractions.map((infraction) => (
            <Link
              key={infraction}
              className="button button-penalty"
              to={`/t/${encodeURIComponent(id)}/penalty?player=${encodeURIComponent(playerId)}&infraction=${encodeURIComponent(infraction)}`}
              data-testid={`propose-${infraction}`}
            >
              {t('deckCheck.toPenalty', { infraction: pick(infractionOf(pack, infraction)?.name) || infraction })}
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}

function ZoneDifferences({
  zone,
  differences,
}: {
  zone: (typeof ZONES)[number];
  differences: readonly DeckDifference[];
}) {
  const { t } = useT();
  const cardName = useCardName();
  if (differences.length === 0) return null;
  return (
    <TableScroll label={t(`deck.${zone}`)}>
      <table className="data diff">
        <caption>{t(`deck.${zone}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('deckCheck.card')}</th>
            <th scope="col" className="num">
              {t('deckCheck.registered')}
            </th>
            <th scope="col" className="num">
              {t('deckCheck.presentedCount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.passcode} className={d.presented > d.registered ? 'diff-more' : 'diff-less'}>
              <th scope="row">
                {d.name ? (
                  <>
                    {cardName(d.name, d.passcode)} <span className="muted">{d.passcode}</span>
                  </>
                ) : (
                  t('deckCheck.passcode', { passcode: d.passcode })
                )}
              </th>
              <td className="num">{d.registered}</td>
              <td className="num">
                <mark>{d.presented}</mark>{' '}
                <span className="visually-hidden">
                  {d.presented > d.registered ? t('deckCheck.more') : t('deckCheck.fewer')}
                </span>
                <span aria-hidden="true">{d.presented > d.registered ? ' ▲' : ' ▼'}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
