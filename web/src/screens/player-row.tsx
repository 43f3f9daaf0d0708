import { memo, useState } from 'react';
import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes, type DecklistUpload } from '../api/tournament-api';
import { useResource } from '../api/resource';
import type { DeckFinding, DecklistCheckAnswer, PlayerView } from '../api/types';
import { PlayerName } from '../components/player-name';
import { WriteButton } from '../components/pending-button';
import { LazyDetails } from '../components/lazy-details';
import { Loaded } from '../components/status';
import { StatusBadge } from '../components/status-badge';
import { Link } from '../router';
import { DeckFindings } from './deck-findings';
import { DecklistInput } from './decklist-input';
import { CorrectDecklist } from './correct-decklist';
import { EditDetails } from './edit-details';

// Memoised: a search re-renders only the rows that change.
export const PlayerRow = memo(function PlayerRow({
  player,
  canRegister,
}: {
  player: PlayerView;
  canRegister: boolean;
}) {
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
