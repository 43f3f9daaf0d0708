import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { COMMAND_ROLES } from '../../../src/core/tournament/permissions.js';
import type { TournamentCommandType } from '../../../src/core/tournament/commands.js';
import { request } from '../api/http';
import { can, useSession, type Role } from '../api/session';
import { ErrorNotice } from './status';

/** The roles that run an event's floor: what an organizer working alone also needs. */
const FLOOR_ROLES: readonly Role[] = ['head-judge', 'judge', 'scorekeeper'];

/**
 * Where an action is missing for the signed-in account, says which role it needs (and which
 * roles the account holds), instead of leaving the button out without a word. An organizer
 * for every tournament (the first-start `organizer`, running a small event alone) gives itself
 * the floor roles in one step.
 */
export function RoleNeeded({
  commands,
  tournament,
}: {
  /** The actions missing here, by command: they share one line. */
  commands: readonly TournamentCommandType[];
  tournament: string;
}) {
  const { t } = useT();
  const { account, refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!account) return null;
  const missing = commands.filter((c) => !can(account, c, tournament));
  if (missing.length === 0) return null;
  const needed = [...new Set(missing.flatMap((c) => COMMAND_ROLES[c]))];
  const words = (roles: readonly Role[]) => roles.map((r) => t(`role.${r}`)).join(t('staff.listSeparator'));
  const actions = missing.map((c) => t(`roleNeeded.action.${c}`)).join(t('staff.listSeparator'));
  // Only an organizer for every tournament gives global roles, its own included.
  const organizer = (account.globalRoles ?? account.roles).includes('organizer');
  async function takeRoles() {
    setBusy(true);
    setError(null);
    try {
      const roles = [...new Set([...(account!.globalRoles ?? account!.roles), ...FLOOR_ROLES])];
      await request('PATCH', `/api/accounts/${encodeURIComponent(account!.id)}`, { body: { roles } });
      await refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="notice stack" data-testid="role-needed">
      <p>
        {t('roleNeeded.line', {
          actions,
          roles: words(needed),
          held: words(account.roles) || t('roleNeeded.none'),
        })}
      </p>
      {organizer && (
        <button type="button" className="button" disabled={busy} onClick={takeRoles} data-testid="take-floor-roles">
          {t('roleNeeded.take', { roles: words(FLOOR_ROLES) })}
        </button>
      )}
      {error !== null && <ErrorNotice error={error} />}
    </div>
  );
}
