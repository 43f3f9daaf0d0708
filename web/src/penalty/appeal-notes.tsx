import { useT } from '../i18n/use-t';
import type { PenaltyAppeal } from '../../../src/core/tournament/state.js';
import { penaltyOf, type Pack } from '../api/policy';
import { useLang } from '../i18n/i18n';

/** What the lines read of an appeal (the console's own penalty views carry it too). */
type Appeal = Pick<PenaltyAppeal, 'kind' | 'to' | 'reason'>;

/** A penalty's appeals, one line each: rescinded, denied, or changed to what, with the head judge's reason. */
export function AppealNotes({ appeals, pack }: { appeals: readonly Appeal[]; pack: Pack | undefined }) {
  const { t } = useT();
  const { pick } = useLang();
  return appeals.map((a, i) => (
    <p key={i} className="muted">
      {a.kind === 'rescinded'
        ? t('queue.appealRescinded', { reason: a.reason })
        : a.kind === 'denied'
          ? t('queue.appealDenied', { reason: a.reason })
          : t('queue.appealChanged', { penalty: pick(penaltyOf(pack, a.to)?.name), reason: a.reason })}
    </p>
  ));
}
