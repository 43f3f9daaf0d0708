import type { Condition, Pack } from '../../src/core/policy/pack-schema.js';

/*
 * The shipped pack with every infraction id and every fact name renamed, references included
 * (rule conditions, the round clock's infraction and fact, the deck findings): a tournament run
 * under it shows whether any code still assumes the shipped names.
 */

export const renamedId = (id: string): string => `renamed-${id}`;
export const renamedFact = (name: string): string => `renamed${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;

const condition = (c: Condition): Condition => ({ ...c, fact: renamedFact(c.fact) });

function rule<T>(value: T): T {
  if (typeof value !== 'object' || value === null || !('when' in value)) return value;
  const r = value as unknown as { when: { if: Condition }[] };
  return { ...value, when: r.when.map((branch) => ({ ...branch, if: condition(branch.if) })) } as T;
}

export function renamedPack(pack: Pack): Pack {
  return {
    ...pack,
    id: 'renamed-pack',
    infractions: pack.infractions.map((i) => ({
      ...i,
      id: renamedId(i.id),
      facts: i.facts.map((f) => ({ ...f, name: renamedFact(f.name) })),
      penalty: rule(i.penalty),
      remedy: rule(i.remedy),
      additionalPenaltyWhen: i.additionalPenaltyWhen === null ? null : condition(i.additionalPenaltyWhen),
    })),
    settings: {
      ...pack.settings,
      tardiness: {
        ...pack.settings.tardiness,
        infraction: renamedId(pack.settings.tardiness.infraction),
        minutesFact: renamedFact(pack.settings.tardiness.minutesFact),
      },
      deckFindings: Object.fromEntries(
        Object.entries(pack.settings.deckFindings).map(([kind, id]) => [kind, id === null ? null : renamedId(id)]),
      ) as Pack['settings']['deckFindings'],
    },
  };
}
