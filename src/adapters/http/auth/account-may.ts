import { z } from 'zod';
import type { TournamentCommandType } from '../../../core/tournament/commands.js';
import { ACCEPTS_DECKLIST_ISSUES } from '../../../core/tournament/decklist-gate.js';
import { COMMAND_ROLES } from '../../../core/tournament/permissions.js';
import type { Role } from '../../../core/tournament/events.js';
import { rolesIn, type Account } from '../../accounts/account-store.js';
import { actingRole } from '../../../app/acting-role.js';
import { CAPABILITIES, type Capability } from './roles.js';

/*
 * What an account may do, in the session's answer, so the console shows a button exactly when
 * the server would accept the write: the same role tables as `defineRoute`'s access checks
 * (COMMAND_ROLES, CAPABILITIES) and the acting role of the write pipeline. The console
 * never decides from role names itself.
 */

const capabilityIds = Object.keys(CAPABILITIES) as Capability[];
const commandTypes = Object.keys(COMMAND_ROLES) as TournamentCommandType[];

const maySchema = z.object({
  /** The tournament commands the account may send (the routes with `access: { command }`). */
  commands: z.array(z.enum(commandTypes as [TournamentCommandType, ...TournamentCommandType[]])),
  /** The other accesses it holds (`staff:read`, `penalties:assess`, …). */
  capabilities: z.array(z.enum(capabilityIds as [Capability, ...Capability[]])),
  /** Its penalties are issued as head judge, so the head-judge-only choices of spec §5 are its own. */
  headJudgeChoices: z.boolean(),
  /** It pairs as the one role that may start round 1 over missing or illegal decklists (with a reason). */
  acceptsDecklistIssues: z.boolean(),
});

export const accountMaySchema = maySchema.extend({
  /** Where the account holds roles for one tournament only: what it may do there. */
  tournaments: z.record(z.string(), maySchema),
});

export type May = z.infer<typeof maySchema>;
export type AccountMay = z.infer<typeof accountMaySchema>;

function mayWith(roles: readonly Role[]): May {
  return {
    commands: commandTypes.filter((c) => COMMAND_ROLES[c].some((r) => roles.includes(r))),
    capabilities: capabilityIds.filter((c) => CAPABILITIES[c].roles.some((r: Role) => roles.includes(r))),
    headJudgeChoices: actingRole(roles, 'IssuePenalty') === 'head-judge',
    acceptsDecklistIssues: actingRole(roles, 'PairRound') === ACCEPTS_DECKLIST_ISSUES,
  };
}

/** What `account` may do everywhere, and in each tournament it holds its own roles for. */
export function accountMay(account: Pick<Account, 'roles' | 'tournamentRoles' | 'mustChangePassword'>): AccountMay {
  // Until the first password is changed, the server refuses every staff action.
  const effective = (roles: readonly Role[]) => mayWith(account.mustChangePassword ? [] : roles);
  const tournaments = Object.fromEntries(
    Object.keys(account.tournamentRoles).map((id) => [id, effective(rolesIn(account, id))]),
  );
  return { ...effective(account.roles), tournaments };
}
