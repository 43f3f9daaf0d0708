import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import { WriteButton } from '../components/pending-button';
import { formatTime, useLang } from '../i18n/i18n';

/** A held round: nobody but staff sees it; publishing shows it on every player's page and the wall display. */
export function PublishRound({ round, version: pairingsVersion }: { round: number; version: number | null }) {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  return (
    <div className="notice notice-warn stack" data-testid="held-round">
      <p>{t('round.heldNote')}</p>
      {can(account, 'PublishRound', id) && (
        <WriteButton
          className="button button-primary"
          confirm={t('round.publishConfirm', { round })}
          onWrite={() => writes.publishRound(id, version, round)}
          data-testid="publish-round"
        >
          {t('round.publish', { round })}
        </WriteButton>
      )}
    </div>
  );
}

/** "Start round": the seat time is now, and from it the late list. Pairings may be posted well before. */
export function StartRound({
  round,
  version: pairingsVersion,
  planned,
}: {
  round: number;
  version: number | null;
  planned: string | null;
}) {
  const { t } = useT();
  const { lang } = useLang();
  const { account } = useSession();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  return (
    <div className="notice notice-warn stack">
      <p>{t('round.notStarted')}</p>
      {planned && (
        <p data-testid="planned-seat-time">
          <strong>{t('clock.plannedSeatTime', { time: formatTime(planned, lang) })}</strong>
        </p>
      )}
      {can(account, 'StartRound', id) && (
        <WriteButton
          className="button button-primary"
          confirm={t('round.startConfirm', { round })}
          onWrite={() => writes.startRound(id, version, round)}
          data-testid="start-round"
        >
          {t('round.start', { round })}
        </WriteButton>
      )}
    </div>
  );
}
