/*
 * Values shared for a process's life (the shipped policy pack, in every tournament created):
 * frozen all the way down, so that what is worked out from one once (its canonical JSON, for
 * the fingerprint of every create) cannot go stale, and a write to one fails loudly instead
 * of changing every tournament that holds it.
 */

const frozen = new WeakSet<object>();

/** `value` frozen with everything it holds; marked, so `isDeeplyFrozen` knows it. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || frozen.has(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  Object.freeze(value);
  frozen.add(value);
  return value;
}

/** Whether `value` went through deepFreeze (a value merely frozen may hold something that is not). */
export const isDeeplyFrozen = (value: object): boolean => frozen.has(value);
