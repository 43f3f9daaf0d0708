import type { DomainError, DomainErrorCode } from '../../../core/tournament/domain-errors.js';
import type { Text } from '../../../core/text.js';
import { roleName } from '../auth/roles.js';
import { HttpError } from '../errors.js';
import { M } from '../messages/errors.js';

const STATUS: Partial<Record<DomainErrorCode, number>> = {
  'tournament-not-found': 404,
  'player-not-found': 404,
  'round-not-found': 404,
  'table-not-found': 404,
  'penalty-not-found': 404,
  'prize-not-found': 404,
  'role-required': 403,
  'version-conflict': 409,
  'tournament-exists': 409,
  'duplicate-player': 409,
  'invalid-command': 400,
  'call-not-found': 404,
  'call-already-claimed': 409,
  // Decided offline on a guideline the server's log no longer gives: the judge decides again.
  'guideline-changed': 409,
  'call-already-escalated': 409,
  'call-already-resolved': 409,
  'call-not-yours': 403,
  // The player has used their calls for the round: too many requests, with the reason.
  'too-many-calls': 429,
};

/** The domain names roles by id ("head-judge"); people read role names. */
function roleRequiredMessage(details: Readonly<Record<string, unknown>>): Text | undefined {
  const { roles, actual } = details;
  if (!Array.isArray(roles) || typeof actual !== 'string') return undefined;
  const needed = roles.map((r) => roleName(String(r)));
  const you = roleName(actual);
  const or = M.text('role-or');
  return M.text('role-required', {
    neededJa: needed.map((n) => n.ja).join(or.ja),
    neededEn: needed.map((n) => n.en).join(or.en),
    youJa: you.ja,
    youEn: you.en,
  });
}

/** A refused command as an HTTP error: its own code and both messages; 422 unless the code says otherwise. */
export function domainHttpError(error: DomainError): HttpError {
  const field =
    error.code === 'invalid-command' && typeof error.details.field === 'string'
      ? `body.${error.details.field}`
      : undefined;
  const message = (error.code === 'role-required' ? roleRequiredMessage(error.details) : undefined) ?? error.message;
  return new HttpError(STATUS[error.code] ?? 422, error.code, message, field);
}
