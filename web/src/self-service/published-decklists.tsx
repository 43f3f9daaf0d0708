import { useT } from '../i18n/use-t';
import { ApiError } from '../api/http';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { useLang, type Text } from '../i18n/i18n';
import { entryPaths } from './entry-api';

/*
 * The decklists the organizer chose to publish (the top N or everyone's), once the tournament
 * has finished: by final place, the cards of each zone with their counts, named in the
 * reader's language.
 */

interface PublishedView {
  readonly scope: { readonly kind: 'top'; readonly top: number } | { readonly kind: 'all' };
  readonly decklists: readonly {
    readonly place: number;
    readonly player: string;
    readonly name: string;
    readonly cards: Record<
      'main' | 'extra' | 'side',
      readonly { readonly passcode: number; readonly count: number; readonly name: Text | null }[]
    >;
  }[];
}

export function PublishedDecklists() {
  const { t } = useT();
  const { pick } = useLang();
  const { id } = useTournament();
  const published = useResource<PublishedView>(entryPaths.published(id));
  if (published.error instanceof ApiError && published.error.status === 404)
    return (
      <section className="stack">
        <h1>{t('entry.published.title')}</h1>
        <p className="notice">{t('entry.published.notYet')}</p>
      </section>
    );
  return (
    <section className="stack" data-testid="published-decklists">
      <h1>{t('entry.published.title')}</h1>
      <Loaded resource={published}>
        {(view) => (
          <>
            <p className="field-hint">
              {view.scope.kind === 'all'
                ? t('entry.publication.all')
                : t('entry.publication.top', { top: view.scope.top })}
            </p>
            {view.decklists.map((d) => (
              <article key={d.player} className="card stack" data-testid={`published-${d.player}`}>
                <h2>
                  {t('entry.published.place', { place: d.place })} {d.name}
                </h2>
                {(['main', 'extra', 'side'] as const).map((zone) =>
                  d.cards[zone].length === 0 ? null : (
                    <div key={zone}>
                      <h3>
                        {t(`deck.${zone}`)} ·{' '}
                        {t('entry.list.cards', { count: d.cards[zone].reduce((s, c) => s + c.count, 0) })}
                      </h3>
                      <ul className="plain-list">
                        {d.cards[zone].map((c) => (
                          <li key={c.passcode}>
                            {c.count} × {c.name ? pick(c.name) : c.passcode}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ),
                )}
              </article>
            ))}
          </>
        )}
      </Loaded>
    </section>
  );
}
