import { useT } from '../i18n/use-t';
import { penaltyOf, usePack } from '../api/policy';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { RequestView } from '../api/types';
import { useLang } from '../i18n/i18n';

/** The requests list, read by the head judge's queue and by the judge waiting for a decision (live: it reloads on every change). */
export function useRequests() {
  const { id } = useTournament();
  const resource = useResource<{ requests: RequestView[] }>(paths.requests(id));
  return { ...resource, data: resource.data?.requests };
}

/** One request's state in words: waiting, approved (with the penalty written), changed, refused (with the reason). */
export function useRequestText(): (r: RequestView) => string {
  const { t } = useT();
  const { pick } = useLang();
  const { pack } = usePack();
  return (r) => {
    const d = r.decision;
    if (d === null) return t('request.pending', { id: r.id });
    if (d.outcome === 'refused') return t('request.refused', { id: r.id, reason: d.reason ?? '' });
    if (r.kind === 'correction') return t('request.correctionApproved', { id: r.id });
    return t(d.outcome === 'changed' ? 'request.changed' : 'request.approved', {
      id: r.id,
      penaltyId: d.penaltyId ?? '',
      penalty: pick(penaltyOf(pack, d.penalty)?.name) || (d.penalty ?? ''),
      reason: d.reason ?? '',
    });
  };
}

/** The judge's view of their own request, updated live as the head judge decides. */
export function RequestStatus({ requestId }: { requestId: number }) {
  const requests = useRequests();
  const text = useRequestText();
  const found = requests.data?.find((r) => r.id === requestId);
  if (!found) return null;
  const tone =
    found.decision === null ? 'notice-pending' : found.decision.outcome === 'refused' ? 'notice-error' : 'notice-ok';
  return (
    <p className={`notice ${tone}`} data-testid="request-status" data-outcome={found.decision?.outcome ?? 'pending'}>
      {text(found)}
    </p>
  );
}
