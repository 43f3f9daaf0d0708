import { PHASES, type AssessError, type Phase } from './assess-types.js';
import type { Fact, Infraction, Pack } from './pack-schema.js';
import type { Facts } from './rules.js';
import { err, ok, type Result } from '../result.js';
import { describeValue, formatPath } from './schema-issue.js';
import type { Text } from '../text.js';

/** A report whose every field was checked against the pack, with its infraction looked up. */
export interface CheckedReport {
  readonly infraction: Infraction;
  readonly facts: Facts;
  readonly phase: Phase;
  readonly matchAlreadyLost: boolean;
  readonly previous: readonly string[];
}

const FIELDS = ['infraction', 'facts', 'phase', 'matchAlreadyLost', 'previous'];

/** The refusal of `field`, in both languages (each side starts with the field). */
const fail = (field: string, en: string, ja: string) =>
  err<AssessError>({ field, message: `${field}: ${en}`, text: { en: `${field}: ${en}`, ja: `${field}: ${ja}` } });

/** How a fact's value must look, in words, for error messages. */
function expectedFact(fact: Fact): Text {
  if (fact.type === 'boolean') return { en: 'true or false', ja: 'true か false' };
  const bound =
    fact.exclusiveMinimum !== undefined
      ? { en: ` greater than ${fact.exclusiveMinimum}`, ja: `${fact.exclusiveMinimum} より大きい` }
      : fact.minimum !== undefined
        ? { en: ` of at least ${fact.minimum}`, ja: `${fact.minimum} 以上の` }
        : { en: '', ja: '' };
  return { en: `a number of ${fact.unit.en}${bound.en}`, ja: `${bound.ja}数値（${fact.unit.ja}）` };
}

function checkFact(fact: Fact, value: unknown, infractionId: string): Result<number | boolean, AssessError> {
  const field = `facts.${fact.name}`;
  if (value === undefined)
    return fail(
      field,
      `missing (${infractionId} needs ${expectedFact(fact).en}: ${fact.question.en})`,
      `ありません（${infractionId} には ${expectedFact(fact).ja} が必要です: ${fact.question.ja}）`,
    );
  if (fact.type === 'boolean')
    return typeof value === 'boolean'
      ? ok(value)
      : fail(
          field,
          `expected true or false, got ${describeValue(value)}`,
          `true か false が必要です（値: ${describeValue(value)}）`,
        );
  if (typeof value !== 'number' || !Number.isFinite(value))
    return fail(
      field,
      `expected ${expectedFact(fact).en}, got ${describeValue(value)}`,
      `${expectedFact(fact).ja}が必要です（値: ${describeValue(value)}）`,
    );
  const tooLow =
    (fact.exclusiveMinimum !== undefined && value <= fact.exclusiveMinimum) ||
    (fact.minimum !== undefined && value < fact.minimum);
  return tooLow
    ? fail(
        field,
        `expected ${expectedFact(fact).en}, got ${value}`,
        `${expectedFact(fact).ja}が必要です（値: ${value}）`,
      )
    : ok(value);
}

function checkFacts(infraction: Infraction, input: unknown): Result<Facts, AssessError> {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    return fail(
      'facts',
      `expected an object of facts, got ${describeValue(input)}`,
      `事実のオブジェクトが必要です（値: ${describeValue(input)}）`,
    );
  }
  const given = (input ?? {}) as Record<string, unknown>;
  const declared = infraction.facts.map((f) => f.name);
  const stray = Object.keys(given).find((name) => !declared.includes(name));
  if (stray !== undefined) {
    const wanted = declared.length === 0 ? 'it takes no facts' : `it takes ${declared.join(', ')}`;
    const wantedJa = declared.length === 0 ? '事実はありません' : `事実は ${declared.join(', ')} です`;
    return fail(
      formatPath(['facts', stray]),
      `not a fact of ${infraction.id} (${wanted})`,
      `${infraction.id} の事実ではありません（${wantedJa}）`,
    );
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
    return fail(
      'previous',
      `expected an array of infraction ids, got ${describeValue(input)}`,
      `違反 id の配列が必要です（値: ${describeValue(input)}）`,
    );
  for (const [i, id] of input.entries()) {
    if (typeof id !== 'string')
      return fail(
        `previous[${i}]`,
        `expected an infraction id, got ${describeValue(id)}`,
        `違反 id が必要です（値: ${describeValue(id)}）`,
      );
    if (!pack.infractions.some((x) => x.id === id)) return unknownInfraction(`previous[${i}]`, id, pack);
  }
  return ok(input as string[]);
}

const unknownInfraction = (field: string, id: string, pack: Pack) =>
  fail(
    field,
    `unknown infraction "${id}" in policy ${pack.id} (list them with: shinpan policy)`,
    `規定 ${pack.id} に違反 "${id}" はありません（一覧: shinpan policy）`,
  );

/** Checks a report, usually parsed JSON, against the pack; the error names the first wrong field and what was expected. */
export function checkReport(input: unknown, pack: Pack): Result<CheckedReport, AssessError> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail(
      'report',
      `expected a JSON object, got ${describeValue(input)}`,
      `JSON オブジェクトが必要です（値: ${describeValue(input)}）`,
    );
  const report = input as Record<string, unknown>;
  const unknownField = Object.keys(report).find((key) => !FIELDS.includes(key));
  if (unknownField !== undefined)
    return fail(
      formatPath([unknownField]),
      `unknown field (expected only ${FIELDS.join(', ')})`,
      `不明な項目です（使えるのは ${FIELDS.join(', ')} だけです）`,
    );

  const id = report.infraction;
  // The example is the infraction the pack's round clock proposes: the engine knows none by name.
  const like = pack.settings.tardiness.infraction;
  if (id === undefined)
    return fail(
      'infraction',
      `missing (expected an infraction id, like "${like}")`,
      `ありません（"${like}" のような違反 id が必要です）`,
    );
  if (typeof id !== 'string')
    return fail(
      'infraction',
      `expected an infraction id, got ${describeValue(id)}`,
      `違反 id が必要です（値: ${describeValue(id)}）`,
    );
  const infraction = pack.infractions.find((x) => x.id === id);
  if (!infraction) return unknownInfraction('infraction', id, pack);

  const phase = report.phase;
  const phases = PHASES.map((p) => `"${p}"`).join(' | ');
  if (phase === undefined) return fail('phase', `missing (expected ${phases})`, `ありません（${phases} のいずれか）`);
  if (!PHASES.includes(phase as Phase))
    return fail(
      'phase',
      `expected ${phases}, got ${describeValue(phase)}`,
      `${phases} のいずれかが必要です（値: ${describeValue(phase)}）`,
    );

  const facts = checkFacts(infraction, report.facts);
  if (!facts.ok) return facts;

  const lost = report.matchAlreadyLost === undefined ? false : report.matchAlreadyLost;
  if (typeof lost !== 'boolean')
    return fail(
      'matchAlreadyLost',
      `expected true or false, got ${describeValue(lost)}`,
      `true か false が必要です（値: ${describeValue(lost)}）`,
    );
  // Spec §4: only a match being played can already be lost; between matches the flag contradicts the phase.
  if (lost && phase === 'between-matches')
    return fail(
      'matchAlreadyLost',
      'true only for a report in a match (in-duel or between-duels); between matches there is no current match to have lost',
      'true にできるのはマッチ中の報告（in-duel / between-duels）だけです。マッチの間には負けの決まった現在のマッチがありません',
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
