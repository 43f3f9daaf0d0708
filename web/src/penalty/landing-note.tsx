import { useT } from '../i18n/use-t';
import type { PenaltyView } from '../api/types';
import { useLang } from '../i18n/i18n';

/**
 * Where a penalty landed, in the judge's words: the duel or match it decided, the next match it
 * still waits for, or why it could not land (no match left, say the player missed the top cut).
 */
export function LandingNote({ penalty: p }: { penalty: PenaltyView }) {
  const { t } = useT();
  const { pick } = useLang();
  if (p.status === 'rescinded') return null;
  if (p.noMatchLeft)
    return (
      <p className="muted" data-testid={`landing-${p.id}`}>
        {t('penaltyExtras.issuedWithoutEffect')}
      </p>
    );
  if (p.couldNotLand) {
    return (
      <p className="notice notice-warn" data-testid={`landing-${p.id}`}>
        {t('penaltyExtras.couldNotLand', { why: pick(p.couldNotLand.text) })}
      </p>
    );
  }
  if (p.landedOn) {
    const where =
      p.landedOn.duel === null
        ? t('penaltyExtras.landedMatch', { ...p.landedOn })
        : t('penaltyExtras.landedDuel', { ...p.landedOn });
    return (
      <p className="muted" data-testid={`landing-${p.id}`}>
        {where}
      </p>
    );
  }
  if (p.landing?.kind === 'next-match')
    return (
      <p className="muted" data-testid={`landing-${p.id}`}>
        {t('penaltyExtras.waitsFor', { round: p.landing.fromRound })}
      </p>
    );
  return null;
}
