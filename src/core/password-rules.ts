/**
 * What a staff password must be, as the limits table of docs/server.md states it: checked by the
 * server (src/adapters/http/auth/password.ts) and offered by the console's forms from this one home.
 */
export const PASSWORD_RULES = { minLength: 10, maxLength: 200, minDistinct: 5 } as const;
