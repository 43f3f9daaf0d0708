import type { FactValue } from './assess-types.js';
import type { Condition, Settings } from './pack-schema.js';

/*
 * The kinds of rules code knows: a threshold on a number fact, a yes/no fact, and an ordered
 * list of such conditions choosing a value. The pack says which apply to each infraction.
 */

export type Facts = Readonly<Record<string, FactValue>>;

/** A value chosen by the facts: the first `when` whose `if` holds, else `otherwise`. */
export interface Rule<T> {
  readonly when: readonly { readonly if: Condition; readonly then: T }[];
  readonly otherwise: T;
}

/** One line of a rule as a judge reads it; `if` is `null` for the "otherwise" line. */
export interface Branch<T> {
  readonly if: Condition | null;
  readonly then: T;
}

/** The number at a dotted path in the settings (`tardiness.duelLossFromMinutes`), or undefined when there is none. */
export function settingValue(settings: Settings, path: string): number | undefined {
  let here: unknown = settings;
  for (const key of path.split('.')) {
    if (typeof here !== 'object' || here === null || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return typeof here === 'number' ? here : undefined;
}

/** The number a threshold stands for; pack validation has already proved every setting reference resolves. */
export function thresholdValue(threshold: number | { readonly setting: string }, settings: Settings): number {
  if (typeof threshold === 'number') return threshold;
  const value = settingValue(settings, threshold.setting);
  if (value === undefined)
    throw new Error(`policy pack: settings.${threshold.setting} is not a number (the pack was not validated)`);
  return value;
}

/** Whether a condition holds for facts that were checked against the infraction's declared facts. */
export function holds(condition: Condition, facts: Facts, settings: Settings): boolean {
  const value = facts[condition.fact];
  if ('is' in condition) return value === condition.is;
  return typeof value === 'number' && value >= thresholdValue(condition.atLeast, settings);
}

function isRule<T>(value: T | Rule<T>): value is Rule<T> {
  return typeof value === 'object' && value !== null && 'otherwise' in value;
}

/** The value a rule (or a plain value) gives for these facts. */
export function choose<T>(rule: T | Rule<T>, facts: Facts, settings: Settings): T {
  if (!isRule(rule)) return rule;
  const branch = rule.when.find((b) => holds(b.if, facts, settings));
  // Not `?.then ?? otherwise`: a branch may choose null (no remedy) on purpose.
  return branch ? branch.then : rule.otherwise;
}

/** The lines of a rule in the order they are tried; a plain value is a single "otherwise" line. */
export function branches<T>(rule: T | Rule<T>): readonly Branch<T>[] {
  // biome-ignore lint/suspicious/noThenProperty: a rule line's `then` is the pack's format; branches are data, never awaited.
  if (!isRule(rule)) return [{ if: null, then: rule }];
  // biome-ignore lint/suspicious/noThenProperty: as above.
  return [...rule.when, { if: null, then: rule.otherwise }];
}
