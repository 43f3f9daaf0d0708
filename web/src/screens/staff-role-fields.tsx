import { useT } from '../i18n/use-t';
import type { Role } from '../api/session';
import type { TournamentListItem } from '../api/types';
import { SelectField } from '../components/form';
import { EVERY, type StaffAccount } from './staff-account';

const ROLES: readonly Role[] = ['organizer', 'head-judge', 'judge', 'scorekeeper'];

/** A tick box for each role. */
export function RoleChecks({
  value,
  onChange,
  legend,
}: {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  legend: string;
}) {
  const { t } = useT();
  return (
    <fieldset className="role-checks">
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <label key={role} className="check">
          <input
            type="checkbox"
            name={`role-${role}`}
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
          />
          <span>{t(`role.${role}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Where roles apply: every tournament (when allowed) or one. */
export function ScopeSelect({
  tournaments,
  every,
  value,
  onChange,
  testId,
}: {
  tournaments: readonly TournamentListItem[];
  /** Whether "every tournament" may be chosen (an organizer for every tournament). */
  every: boolean;
  value: string;
  onChange: (scope: string) => void;
  testId: string;
}) {
  const { t } = useT();
  return (
    <SelectField
      label={t('staff.scope')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={value === EVERY ? t('staff.scopeEvery') : t('staff.scopeOne')}
      data-testid={testId}
    >
      {every && <option value={EVERY}>{t('staff.everyTournament')}</option>}
      {tournaments.map((tm) => (
        <option key={tm.id} value={tm.id}>
          {tm.name} ({tm.id})
        </option>
      ))}
    </SelectField>
  );
}

/** The roles an account holds, in words: for every tournament, then tournament by tournament. */
export function RolesText({ account }: { account: StaffAccount }) {
  const { t } = useT();
  const words = (roles: readonly Role[]) => roles.map((r) => t(`role.${r}`)).join(t('staff.listSeparator'));
  const scoped = Object.entries(account.tournamentRoles);
  return (
    <ul className="plain-list">
      {account.roles.length > 0 && <li>{t('staff.rolesEvery', { roles: words(account.roles) })}</li>}
      {scoped.map(([id, roles]) => (
        <li key={id}>{t('staff.rolesFor', { tournament: id, roles: words(roles) })}</li>
      ))}
    </ul>
  );
}
