import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { PENALTY_IDS, PHASES } from '../../src/core/policy/assess-types.js';
import { assess } from '../../src/core/policy/assess.js';
import { parsePack, type Pack } from '../../src/core/policy/pack-schema.js';
import { checkReport } from '../../src/core/policy/report-check.js';
import { expectFieldMessage } from './clear-errors.js';
import { anyValue, mutatedValue, RUNS } from './mutate.js';

/*
 * The policy's inputs from outside: a judge's report (JSON from the CLI, the API or the
 * console) and a policy pack file. Random and damaged ones are refused naming the field, or
 * accepted; an accepted pack assesses any report without throwing.
 */

const pack = loadDefaultPack();
const packJson = JSON.parse(JSON.stringify(pack)) as unknown;
const infractionIds = pack.infractions.map((i) => i.id);

/** A report the pack accepts: an infraction, its facts with values in range, a phase, a history. */
const validReport = fc.constantFrom(...pack.infractions).chain((infraction) =>
  fc
    .record({
      infraction: fc.constant(infraction.id),
      facts: fc.record(
        Object.fromEntries(
          infraction.facts.map((fact) => [
            fact.name,
            fact.type === 'boolean'
              ? fc.boolean()
              : fc.integer({ min: Math.floor(fact.exclusiveMinimum ?? fact.minimum ?? 0) + 1, max: 90 }),
          ]),
        ) as Record<string, fc.Arbitrary<number | boolean>>,
      ),
      phase: fc.constantFrom(...PHASES),
      matchAlreadyLost: fc.boolean(),
      previous: fc.array(fc.constantFrom(...infractionIds), { maxLength: 4 }),
    })
    .map((report) => ({
      ...report,
      // Spec §4: only a match being played can already be lost.
      matchAlreadyLost: report.matchAlreadyLost && report.phase !== 'between-matches',
    })),
);

describe('judge reports', () => {
  it('accepts every well-formed report and assesses it to a penalty of the ladder', () => {
    fc.assert(
      fc.property(validReport, (report) => {
        const decided = assess(report, pack);
        if (!decided.ok) throw new Error(`${decided.error.field}: ${decided.error.message}`);
        expect(PENALTY_IDS).toContain(decided.value.penalty);
      }),
      RUNS,
    );
  });

  it('refuses random and damaged reports naming the field, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, mutatedValue(validReport)), (input) => {
        const checked = checkReport(input, pack);
        if (checked.ok) return;
        expectFieldMessage(checked.error.field, checked.error.message);
        expect(checked.error.message.startsWith(`${checked.error.field}:`)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('policy packs', () => {
  it('refuses damaged packs naming the path, and every pack it accepts assesses any report without throwing', () => {
    fc.assert(
      fc.property(mutatedValue(fc.constant(packJson), 2), fc.oneof(validReport, anyValue), (input, report) => {
        const parsed = parsePack(input);
        if (!parsed.ok) return expectFieldMessage(parsed.error.path, parsed.error.message);
        const accepted: Pack = parsed.value;
        const decided = assess(report as never, accepted);
        if (decided.ok) expect(PENALTY_IDS).toContain(decided.value.penalty);
        else expectFieldMessage(decided.error.field, decided.error.message);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses random values as packs', () => {
    fc.assert(
      fc.property(anyValue, (input) => {
        const parsed = parsePack(input);
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) expectFieldMessage(parsed.error.path, parsed.error.message);
      }),
      RUNS,
    );
  });
});
