import { useT } from '../i18n/use-t';
import { infractionOf, usePack } from '../api/policy';
import type { DeckFinding } from '../api/types';
import { useLang, type Text } from '../i18n/i18n';

/** A card's name as the API sends it: bilingual, plain, or missing (then the passcode). */
export function useCardName(): (name: Text | string | null | undefined, passcode: number | null) => string {
  const { pick } = useLang();
  return (name, passcode) =>
    typeof name === 'string' ? name : name ? pick(name) : passcode === null ? '' : String(passcode);
}

/** Both names of a card, the reading language first ("大嵐 / Heavy Storm"), so a judge and a player read it alike. */
export function useBothNames(): (name: Text | string | null | undefined, passcode: number | null) => string {
  const { lang } = useLang();
  const one = useCardName();
  return (name, passcode) => {
    if (!name || typeof name === 'string' || name.ja === name.en) return one(name, passcode);
    return lang === 'en' ? `${name.en} / ${name.ja}` : `${name.ja} / ${name.en}`;
  };
}

/** What a decklist check found, each line under the pack's infraction name, card names in ja and en. */
export function DeckFindings({ findings }: { findings: readonly DeckFinding[] }) {
  const { t } = useT();
  const { pick } = useLang();
  const { pack } = usePack();
  const cardName = useBothNames();
  if (findings.length === 0) return <p className="notice notice-ok">{t('decklist.legal')}</p>;
  return (
    <ul className="findings" data-testid="deck-findings">
      {findings.map((f, i) => {
        const card = f.passcode === null ? '' : cardName(f.name, f.passcode);
        return (
          <li key={i}>
            <strong>{pick(infractionOf(pack, f.infraction)?.name) || f.infraction}</strong>
            {card && (
              <>
                {' — '}
                <mark className="finding-card">{card}</mark>
              </>
            )}
            {f.text && `${card ? ': ' : ' — '}${pick(f.text)}`}
          </li>
        );
      })}
    </ul>
  );
}
