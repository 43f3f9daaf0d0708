import { PENALTY_IDS } from './assess-types.js';
import type { Condition, Infraction, Landing, Pack } from './pack-schema.js';
import { branches, settingValue } from './rules.js';

/** A problem found between fields of a pack that are each well-formed on their own. */
export interface PackProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

/**
 * What the field-by-field schema cannot see: the ladder order, ids that must be unique,
 * conditions naming facts the infraction declares (with the right type), settings that
 * thresholds point to, and timing proposals that are among their own options.
 */
export function checkPackReferences(pack: Pack): PackProblem[] {
  return [
    ...checkLadder(pack),
    ...checkUnique(
      pack.sections.map((s) => s.id),
      ['sections'],
      'section id',
    ),
    ...checkUnique(
      pack.infractions.map((i) => i.id),
      ['infractions'],
      'infraction id',
    ),
    ...pack.infractions.flatMap((infraction, index) => checkInfraction(pack, infraction, ['infractions', index])),
    ...checkTiming(pack),
    ...checkDeckLimits(pack),
    ...checkClockInfraction(pack),
    ...checkDeckFindings(pack),
  ];
}

function unknownInfraction(pack: Pack, id: string, at: (string | number)[]): PackProblem[] {
  if (pack.infractions.some((i) => i.id === id)) return [];
  return [{ path: at, message: `unknown infraction "${id}" (not an id in this pack's infractions)` }];
}

/** The round clock proposes a declared infraction and fills one of its number facts. */
function checkClockInfraction(pack: Pack): PackProblem[] {
  const { infraction: id, minutesFact } = pack.settings.tardiness;
  const at = ['settings', 'tardiness'];
  const unknown = unknownInfraction(pack, id, [...at, 'infraction']);
  if (unknown.length > 0) return unknown;
  const infraction = pack.infractions.find((i) => i.id === id);
  const fact = infraction?.facts.find((f) => f.name === minutesFact);
  if (fact?.type === 'number') return [];
  const numbers = infraction?.facts.filter((f) => f.type === 'number').map((f) => `"${f.name}"`) ?? [];
  return [
    {
      path: [...at, 'minutesFact'],
      message: fact
        ? `"${minutesFact}" is a ${fact.type} fact of ${id}, but the minutes late need a number fact`
        : `"${minutesFact}" is not a fact of ${id} (number facts: ${numbers.join(', ') || 'none'})`,
    },
  ];
}

function checkDeckFindings(pack: Pack): PackProblem[] {
  // `null` (a size over the maximum is no infraction) names nothing to look up.
  return Object.entries(pack.settings.deckFindings).flatMap(([kind, id]) =>
    id === null ? [] : unknownInfraction(pack, id, ['settings', 'deckFindings', kind]),
  );
}

function checkLadder(pack: Pack): PackProblem[] {
  const ladder = PENALTY_IDS.join(', ');
  for (let i = 0; i < Math.max(PENALTY_IDS.length, pack.penalties.length); i += 1) {
    const expected = PENALTY_IDS[i];
    const found = pack.penalties[i];
    if (found === undefined) {
      const where = i === 0 ? 'first' : `after "${PENALTY_IDS[i - 1]}"`;
      return [
        { path: ['penalties'], message: `expected "${expected}" ${where}: the ladder is ${ladder}, lowest first` },
      ];
    }
    if (expected === undefined)
      return [{ path: ['penalties', i], message: `expected no more penalties: the ladder is ${ladder}, lowest first` }];
    if (found.id !== expected)
      return [
        {
          path: ['penalties', i, 'id'],
          message: `expected "${expected}", got "${found.id}": the ladder is ${ladder}, lowest first`,
        },
      ];
  }
  return [];
}

function checkUnique(ids: readonly string[], list: (string | number)[], what: string, key = 'id'): PackProblem[] {
  const seen = new Set<string>();
  const problems: PackProblem[] = [];
  ids.forEach((id, index) => {
    if (seen.has(id)) problems.push({ path: [...list, index, key], message: `duplicate ${what} "${id}"` });
    seen.add(id);
  });
  return problems;
}

function checkInfraction(pack: Pack, infraction: Infraction, at: (string | number)[]): PackProblem[] {
  const problems: PackProblem[] = [];
  if (!pack.sections.some((s) => s.id === infraction.section)) {
    problems.push({
      path: [...at, 'section'],
      message: `unknown section "${infraction.section}" (expected one of ${pack.sections.map((s) => `"${s.id}"`).join(', ')})`,
    });
  }
  problems.push(
    ...checkUnique(
      infraction.facts.map((f) => f.name),
      [...at, 'facts'],
      'fact name',
      'name',
    ),
  );
  const conditions: { condition: Condition; path: (string | number)[] }[] = [];
  const collect = (rule: unknown, field: string) =>
    branches<unknown>(rule).forEach((branch, j) => {
      if (branch.if) conditions.push({ condition: branch.if, path: [...at, field, 'when', j, 'if'] });
    });
  collect(infraction.penalty, 'penalty');
  collect(infraction.remedy, 'remedy');
  if (infraction.additionalPenaltyWhen)
    conditions.push({ condition: infraction.additionalPenaltyWhen, path: [...at, 'additionalPenaltyWhen'] });
  for (const { condition, path } of conditions) problems.push(...checkCondition(pack, infraction, condition, path));
  return problems;
}

function checkCondition(
  pack: Pack,
  infraction: Infraction,
  condition: Condition,
  at: (string | number)[],
): PackProblem[] {
  const fact = infraction.facts.find((f) => f.name === condition.fact);
  const wanted = 'is' in condition ? 'boolean' : 'number';
  if (!fact) {
    const declared = infraction.facts.map((f) => `"${f.name}"`).join(', ') || 'none';
    return [
      {
        path: [...at, 'fact'],
        message: `"${condition.fact}" is not a fact of ${infraction.id} (declared: ${declared})`,
      },
    ];
  }
  if (fact.type !== wanted) {
    return [
      {
        path: [...at, 'fact'],
        message: `"${condition.fact}" is a ${fact.type} fact, but the condition needs a ${wanted} fact`,
      },
    ];
  }
  if (
    'atLeast' in condition &&
    typeof condition.atLeast === 'object' &&
    settingValue(pack.settings, condition.atLeast.setting) === undefined
  ) {
    return [
      {
        path: [...at, 'atLeast', 'setting'],
        message: `settings.${condition.atLeast.setting} is not a number in this pack's settings`,
      },
    ];
  }
  return [];
}

function checkTiming(pack: Pack): PackProblem[] {
  const problems: PackProblem[] = [];
  for (const [penalty, row] of Object.entries(pack.timing)) {
    for (const [phase, landing] of Object.entries(row)) {
      problems.push(...checkLanding(landing, ['timing', penalty, phase]));
      if (landing.ifMatchAlreadyLost)
        problems.push(...checkLanding(landing.ifMatchAlreadyLost, ['timing', penalty, phase, 'ifMatchAlreadyLost']));
    }
  }
  return problems;
}

function checkLanding(landing: Omit<Landing, 'ifMatchAlreadyLost'>, at: (string | number)[]): PackProblem[] {
  if (landing.propose === null) {
    return landing.options.length === 0
      ? []
      : [
          {
            path: [...at, 'options'],
            message: 'expected [] when propose is null (nothing lands, so there is nothing to choose)',
          },
        ];
  }
  if (!landing.options.includes(landing.propose))
    return [{ path: [...at, 'options'], message: `expected the options to include the proposal "${landing.propose}"` }];
  if (new Set(landing.options).size !== landing.options.length)
    return [{ path: [...at, 'options'], message: 'expected each option once' }];
  return [];
}

function checkDeckLimits(pack: Pack): PackProblem[] {
  const { mainMin, mainMax } = pack.settings.deckLimits;
  return mainMin <= mainMax
    ? []
    : [
        {
          path: ['settings', 'deckLimits', 'mainMin'],
          message: `expected at most mainMax (${mainMax}), got ${mainMin}`,
        },
      ];
}
