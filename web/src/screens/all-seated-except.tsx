import { memo, useState } from 'react';
import { useT } from '../i18n/use-t';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { PairingsView, SeatView } from '../api/types';
import { WriteButton } from '../components/pending-button';
import { PageNav, usePaged } from '../components/paged';

/**
 * "All seated except …": the judge ticks who is still missing, one tap seats everyone else.
 * Memoised: it scans every table, and each keystroke in the search re-renders the screen.
 */
export const AllSeatedExcept = memo(function AllSeatedExcept({
  view,
  version: pairingsVersion,
}: {
  view: PairingsView;
  version: number | null;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  // Closed, the list is not built: before a big round starts it holds every player.
  const [open, setOpen] = useState(false);
  const waiting = view.tables
    .filter((x) => x.table !== null && x.outcome.kind === 'pending')
    .flatMap((x) => x.players.filter((p) => !p.seatedAt).map((p) => ({ ...p, table: x.table as number })));
  if (waiting.length === 0) return null;
  const toggle = (player: string) =>
    setMissing((set) => (set.has(player) ? new Set([...set].filter((p) => p !== player)) : new Set([...set, player])));
  return (
    <details
      className="panel"
      data-testid="all-seated"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>
        <h2>{t('round.allSeatedTitle', { count: waiting.length })}</h2>
      </summary>
      {open && <AllSeatedBody waiting={waiting} missing={missing} toggle={toggle} />}
      <WriteButton
        className="button button-primary"
        onWrite={() => writes.markAllSeated(id, version, view.round, [...missing])}
        onDone={() => setMissing(new Set())}
        data-testid="all-seated-submit"
      >
        {missing.size === 0 ? t('round.allSeated') : t('round.allSeatedExcept', { count: missing.size })}
      </WriteButton>
    </details>
  );
});

/** The players still waiting, a page at a time, each ticked when missing. */
function AllSeatedBody({
  waiting,
  missing,
  toggle,
}: {
  waiting: readonly (SeatView & { table: number })[];
  missing: ReadonlySet<string>;
  toggle: (player: string) => void;
}) {
  const { t } = useT();
  const paged = usePaged(waiting, null);
  return (
    <>
      <p className="field-hint">{t('round.allSeatedHint')}</p>
      <ul className="check-list">
        {paged.shown.map((p) => (
          <li key={p.id}>
            <label className="check">
              <input
                type="checkbox"
                checked={missing.has(p.id)}
                onChange={() => toggle(p.id)}
                data-testid={`missing-${p.id}`}
              />
              <span>
                {t('round.table', { table: p.table })} · {p.name}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <PageNav paged={paged} label={t('paged.tables')} />
    </>
  );
}
