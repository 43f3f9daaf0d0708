import { PHASES, type AssessError, type Phase } from './assess-types.js';
import type { Fact, Infraction, Pack } from './pack-schema.js';
import type { Facts } from './rules.js';
import { err, ok, type Result } from '../result.js';
import { describeValue, formatPath } from './schema-issue.js';

/** A report whose every field was checked against the pack, with its infraction looked up. */
export interface CheckedReport {
  readonly infraction: Infraction;
  readonly facts: Facts;
  readonly phase: Phase;
  readonly matchAlreadyLost: boolean;
  readonly previous: readonly string[];
}

const FIELDS = ['infraction', 'facts', 'phase', 'matchAlreadyLost', 'previous'];

const fail = (field: string, message: string) => err<AssessError>({ field, message: `${field}: ${message}` });

/** How a fact's value must look, in words, for error messages. */
function expectedFact(fact: Fact): string {
  if (fact.type === 'boolean') return 'true or false';
  const bound =
    fact.exclusiveMinimum !== undefined
      ? ` greater than ${fact.exclusiveMinimum}`
      : fact.minimum !== undefined
        ? ` of at least ${fact.minimum}`
        : '';
  return `a number of ${fact.unit.en}${bound}`;
}

function checkFact(fact: Fact, value: unknown, infractionId: string): Result<number | boolean, AssessError> {
  const field = `facts.${fact.name}`;
  if (value === undefined)
    return fail(field, `missing (${infractionId} needs ${expectedFact(fact)}: ${fact.question.en})`);
  if (fact.type === 'boolean')
    return typeof value === 'boolean' ? ok(value) : fail(field, `expected true or false, got ${describeValue(value)}`);
  if (typeof value !== 'number' || !Number.isFinite(value))
    return fail(field, `expected ${expectedFact(fact)}, got ${describeValue(value)}`);
  const tooLow =
    (fact.exclusiveMinimum !== undefined && value <= fact.exclusiveMinimum) ||
    (fact.minimum !== undefined && value < fact.minimum);
  return tooLow ? fail(field, `expected ${expectedFact(fact)}, got ${value}`) : ok(value);
}

function checkFacts(infraction: Infraction, input: unknown): Result<Facts, AssessError> {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    return fail('facts', `expected an object of facts, got ${describeValue(input)}`);
  }
  const given = (input ?? {}) as Record<string, unknown>;
  const declared = infraction.facts.map((f) => f.name);
  const stray = Object.keys(given).find((name) => !declared.includes(name));
  if (stray !== undefined) {
    const wanted = declared.length === 0 ? 'it takes no facts' : `it takes ${declared.join(', ')}`;
    return fail(formatPath(['facts', stray]), `not a fact of ${infraction.id} (${wanted})`);
  }
  const facts: Record<string, number | boolean> = {};
  for (const fact of infraction.facts) {
    const checked = checkFact(fact, given[fact.name], infraction.id);
    if (!checked.ok) return checked;
    facts[fact.name] = checked.value;
  }
  return ok(facts);
}

function checkPrevious(input: unknown, pack: Pack): Result<readonly string[], AssessError> {
  if (input === undefined) return ok([]);
  if (!Array.isArray(input))
    return fail('previous', `expected an array of infraction ids, got ${describeValue(input)}`);
  for (const [i, id] of input.entries()) {
    if (typeof id !== 'string') return fail(`previous[${i}]`, `expected an infraction id, got ${describeValue(id)}`);
    if (!pack.infractions.some((x) => x.id === id))
      return fail(`previous[${i}]`, `unknown infraction "${id}" in policy ${pack.id} (list them with: shinpan policy)`);
  }
  return ok(input as string[]);
}

/** Checks a report, usually parsed JSON, against the pack; the error names the first wrong field and what was expected. */
export function checkReport(input: unknown, pack: Pack): Result<CheckedReport, AssessError> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail('report', `expected a JSON object, got ${describeValue(input)}`);
  const report = input as Record<string, unknown>;
  const unknownField = Object.keys(report).find((key) => !FIELDS.includes(key));
  if (unknownField !== undefined)
    return fail(formatPath([unknownField]), `unknown field (expected only ${FIELDS.join(', ')})`);

  const id = report.infraction;
  if (id === undefined) return fail('infraction', 'missing (expected an infraction id, like "tardiness")');
  if (typeof id !== 'string') return fail('infraction', `expected an infraction id, got ${describeValue(id)}`);
  const infraction = pack.infractions.find((x) => x.id === id);
  if (!infraction)
    return fail('infraction', `unknown infraction "${id}" in policy ${pack.id} (list them with: shinpan policy)`);

  const phase = report.phase;
  const phases = PHASES.map((p) => `"${p}"`).join(' | ');
  if (phase === undefined) return fail('phase', `missing (expected ${phases})`);
  if (!PHASES.includes(phase as Phase)) return fail('phase', `expected ${phases}, got ${describeValue(phase)}`);

  const facts = checkFacts(infraction, report.facts);
  if (!facts.ok) return facts;

  const lost = report.matchAlreadyLost === undefined ? false : report.matchAlreadyLost;
  if (typeof lost !== 'boolean') return fail('matchAlreadyLost', `expected true or false, got ${describeValue(lost)}`);
  // Spec §4: only a match being played can already be lost; between matches the flag contradicts the phase.
  if (lost && phase === 'between-matches')
    return fail(
      'matchAlreadyLost',
      'true only for a report in a match (in-duel or between-duels); between matches there is no current match to have lost',
    );

  const previous = checkPrevious(report.previous, pack);
  if (!previous.ok) return previous;

  return ok({
    infraction,
    facts: facts.value,
    phase: phase as Phase,
    matchAlreadyLost: lost,
    previous: previous.value,
  });
}
