/**
 * Domain errors travel as values, never as thrown strings: a caller must look at `ok`
 * before it can reach the value, so a forgotten error is a type error.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** A successful result holding `value`. */
export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

/** A failed result holding `error`. */
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
