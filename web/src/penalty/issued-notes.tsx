import { useT } from '../i18n/use-t';
import { penaltyOf, type Pack } from '../api/policy';
import { useLang } from '../i18n/i18n';

interface Issued {
  readonly penaltyId?: number;
  readonly penalty?: string;
  readonly reason?: string | null;
  /** An addition under 2-A as the seed reads it is a deviation: its reason is the deviation's. */
  readonly deviationReason?: string | null;
  readonly noMatchLeft?: boolean;
}

/** What the issued penalty did beyond the first line: recorded without effect, or a penalty added alongside it. */
export function IssuedNotes({ pack, answer }: { pack: Pack | undefined; answer: unknown }) {
  const { t } = useT();
  const { pick } = useLang();
  const { penalty, added } = (answer ?? {}) as { penalty?: Issued | null; added?: Issued | null };
  const name = (p: string | undefined) => pick(penaltyOf(pack, p ?? null)?.name) || (p ?? '');
  return (
    <>
      {penalty?.noMatchLeft && (
        <p className="notice notice-warn" data-testid="issued-without-effect">
          {t('penaltyExtras.issuedWithoutEffect')}
        </p>
      )}
      {added && (
        <p className="notice notice-ok" data-testid="issued-added">
          {t('penaltyExtras.issuedAdded', {
            id: added.penaltyId ?? '',
            penalty: name(added.penalty),
            reason: added.reason ?? added.deviationReason ?? '',
          })}
        </p>
      )}
    </>
  );
}
