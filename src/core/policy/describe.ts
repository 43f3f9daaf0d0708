import type { Lang, Text } from '../text.js';
import type { Condition, Infraction, Settings } from './pack-schema.js';
import { thresholdValue } from './rules.js';

/** A condition of a rule in words, from the fact's own texts: "late by 10 minutes or more", "遅刻10分以上". */
export function describeCondition(
  condition: Condition,
  infraction: Infraction,
  settings: Settings,
  lang: Lang,
): string {
  const fact = infraction.facts.find((f) => f.name === condition.fact);
  if (fact?.type === 'boolean' && 'is' in condition) return (condition.is ? fact.yes : fact.no)[lang];
  if (fact?.type === 'number' && 'atLeast' in condition) {
    const n = thresholdValue(condition.atLeast, settings);
    const text: Text = {
      ja: `${fact.label.ja}${n}${fact.unit.ja}以上`,
      en: `${fact.label.en} ${n} ${fact.unit.en} or more`,
    };
    return text[lang];
  }
  throw new Error(
    `policy pack: ${infraction.id} has no ${'is' in condition ? 'boolean' : 'number'} fact "${condition.fact}" (the pack was not validated)`,
  );
}
