import { useT } from '../i18n/use-t';
import type { WriteOutcome } from '../api/outbox';
import { WriteButton } from '../components/pending-button';

/**
 * Rules 1-C/1-D: a loss for "the next match" when the player has none left (the last round,
 * out of the top cut, dropped) lands nowhere. The server refuses it (no-match-left) until the
 * judge confirms recording it without an effect on any result; this says so and asks.
 */
export function NoMatchLeftConfirm({
  name,
  penalty,
  onWrite,
  onDone,
}: {
  name: string;
  penalty: string;
  onWrite: () => Promise<WriteOutcome>;
  onDone: (outcome: WriteOutcome & { ok: true }) => void;
}) {
  const { t } = useT();
  return (
    <div className="notice notice-warn stack" role="alert" data-testid="no-match-left">
      <p>
        <strong>{t('penaltyExtras.noMatchTitle')}</strong>
      </p>
      <p>{t('penaltyExtras.noMatchText', { name, penalty })}</p>
      <WriteButton
        className="button button-primary"
        onWrite={onWrite}
        onDone={onDone}
        data-testid="issue-without-effect"
      >
        {t('penaltyExtras.noMatchConfirm', { name, penalty })}
      </WriteButton>
    </div>
  );
}
