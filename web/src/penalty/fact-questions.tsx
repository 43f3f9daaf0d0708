import { useT } from '../i18n/use-t';
import type { Fact } from '../api/policy';
import { Choices, TextField } from '../components/form';
import { useLang } from '../i18n/i18n';

export type FactValues = Readonly<Record<string, number | boolean>>;

/** Whether every fact of the infraction has an answer the pack accepts. */
export function factsComplete(facts: readonly Fact[], values: FactValues): boolean {
  return facts.every((f) => {
    const v = values[f.name];
    if (f.type === 'boolean') return typeof v === 'boolean';
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    if (f.exclusiveMinimum !== undefined && !(v > f.exclusiveMinimum)) return false;
    return f.minimum === undefined || v >= f.minimum;
  });
}

/** The infraction's fact questions, worded by the pack in the person's language. */
export function FactQuestions({
  facts,
  values,
  onChange,
}: {
  facts: readonly Fact[];
  values: FactValues;
  onChange: (values: FactValues) => void;
}) {
  const { t } = useT();
  const { pick } = useLang();
  return (
    <>
      {facts.map((fact) =>
        fact.type === 'boolean' ? (
          <Choices
            key={fact.name}
            legend={pick(fact.question)}
            name={`fact-${fact.name}`}
            value={values[fact.name] === true ? 'yes' : values[fact.name] === false ? 'no' : null}
            onChange={(v) => onChange({ ...values, [fact.name]: v === 'yes' })}
            options={[
              { value: 'yes', label: t('penalty.yes'), detail: pick(fact.yes) },
              { value: 'no', label: t('penalty.no'), detail: pick(fact.no) },
            ]}
          />
        ) : (
          <TextField
            key={fact.name}
            label={pick(fact.question)}
            type="number"
            inputMode="numeric"
            name={`fact-${fact.name}`}
            min={fact.minimum ?? (fact.exclusiveMinimum !== undefined ? fact.exclusiveMinimum + 1 : undefined)}
            value={typeof values[fact.name] === 'number' ? String(values[fact.name]) : ''}
            hint={fact.unit ? pick(fact.unit) : undefined}
            onChange={(e) => {
              const next = { ...values };
              if (e.target.value === '') delete next[fact.name];
              else next[fact.name] = Number(e.target.value);
              onChange(next);
            }}
          />
        ),
      )}
    </>
  );
}
