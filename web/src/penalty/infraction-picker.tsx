import { useState } from 'react';
import { useT } from '../i18n/use-t';
import type { Pack, PackInfraction } from '../api/policy';
import { useLang } from '../i18n/i18n';
import { searchInfractions } from './infraction-search';

/**
 * Finds the infraction: by the seed's sections (as the printed guidelines are laid out) or by
 * searching names and descriptions in both languages at once, so a judge can type either.
 */
export function InfractionPicker({ pack, onPick }: { pack: Pack; onPick: (infraction: PackInfraction) => void }) {
  const { t } = useT();
  const { pick } = useLang();
  const [query, setQuery] = useState('');
  const found = query.trim() === '' ? null : searchInfractions(pack.infractions, query);
  return (
    <div className="stack">
      <label className="field search">
        <span>{t('penalty.search')}</span>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('penalty.searchPlaceholder')}
          data-testid="infraction-search"
        />
      </label>
      {found !== null ? (
        found.length === 0 ? (
          <p className="empty">{t('penalty.noInfraction')}</p>
        ) : (
          <InfractionList infractions={found} onPick={onPick} />
        )
      ) : (
        pack.sections.map((section) => {
          const inSection = pack.infractions.filter((i) => i.section === section.id);
          if (inSection.length === 0) return null;
          return (
            <details key={section.id} className="section-group">
              <summary>
                <span className="section-id">§{section.id}</span> {pick(section.title)}{' '}
                <span className="muted">({inSection.length})</span>
              </summary>
              <InfractionList infractions={inSection} onPick={onPick} />
            </details>
          );
        })
      )}
    </div>
  );
}

function InfractionList({
  infractions,
  onPick,
}: {
  infractions: readonly PackInfraction[];
  onPick: (infraction: PackInfraction) => void;
}) {
  const { pick, lang } = useLang();
  const other = lang === 'ja' ? 'en' : 'ja';
  return (
    <ul className="pick-list">
      {infractions.map((infraction) => (
        <li key={infraction.id}>
          <button
            type="button"
            className="pick"
            onClick={() => onPick(infraction)}
            data-testid={`infraction-${infraction.id}`}
          >
            <span className="pick-title">{pick(infraction.name)}</span>
            <span className="pick-detail" lang={other}>
              {infraction.name[other]} · §{infraction.section}
            </span>
            <span className="pick-detail">{pick(infraction.description)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
