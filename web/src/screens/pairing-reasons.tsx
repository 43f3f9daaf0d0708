import { useState } from 'react';
import type { RoundReasons } from '../../../src/app/reports/pairing-reasons.js';
import { useResource } from '../api/resource';
import { paths } from '../api/tournament-api';
import { Loaded } from '../components/status';
import { useLang } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

/**
 * "Why this pairing" for staff on a Swiss round: one line per table, read off the matching the
 * pairing made (the server recomputes it from the log), so a judge can read it out to a player
 * who asks. Closed, nothing is fetched.
 */
export function PairingReasons({ tournament, round }: { tournament: string; round: number }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <details className="panel" data-testid="pairing-reasons" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('round.reasons')}</summary>
      {open && <ReasonList tournament={tournament} round={round} />}
    </details>
  );
}

function ReasonList({ tournament, round }: { tournament: string; round: number }) {
  const { t } = useT();
  const { pick } = useLang();
  const reasons = useResource<RoundReasons>(paths.reasons(tournament, round));
  return (
    <Loaded resource={reasons}>
      {(answer) => (
        <ol className="reason-list">
          {answer.tables.map((r) => (
            <li key={r.table ?? 'bye'} data-testid={r.table === null ? 'reason-bye' : `reason-${r.table}`}>
              {r.table !== null && <strong>{t('round.reasonTable', { table: r.table })}</strong>} {pick(r.reason)}
            </li>
          ))}
        </ol>
      )}
    </Loaded>
  );
}
