import { useTranslation } from 'react-i18next';
import { infractionOf, usePack } from '../api/policy';
import type { DeckFinding } from '../api/types';
import { useLang, type Text } from '../i18n/i18n';

/** A card's name as the API sends it: bilingual, plain, or missing (then the passcode). */
export function useCardName(): (name: Text | string | null | undefined, passcode: number | null) => string {
  const { pick } = useLang();
  return (name, passcode) => (typeof name === 'string' ? name : name ? pick(name) : passcode === null ? '' : String(passcode));
}

/** What a decklist check found, each line under the pack's infraction name. */
export function DeckFindings({ findings }: { findings: readonly DeckFinding[] }) {
  const { t } = useTranslation();
  const { pick } = useLang();
  const { pack } = usePack();
  const cardName = useCardName();
  if (findings.length === 0) return <p className="notice notice-ok">{t('decklist.legal')}</p>;
  return (
    <ul className="findings" data-testid="deck-findings">
      {findings.map((f, i) => {
        const words = [f.passcode === null ? '' : cardName(f.name, f.passcode), f.text ? pick(f.text) : ''].filter((w) => w !== '').join(': ');
        return (
          <li key={i}>
            <strong>{pick(infractionOf(pack, f.infraction)?.name) || f.infraction}</strong>
            {words && ` — ${words}`}
          </li>
        );
      })}
    </ul>
  );
}
