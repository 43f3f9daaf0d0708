import { useFilmingT } from '../i18n/filming-texts';
import { Choices } from './form';

/** The filming question at entry and registration: yes, no, or left unanswered (null: not asked, which counts as no). */
export function FilmingChoice({
  value,
  onChange,
  name,
}: {
  value: boolean | null;
  onChange: (value: boolean) => void;
  name: string;
}) {
  const f = useFilmingT();
  return (
    <Choices
      legend={f('question')}
      hint={f('questionHint')}
      name={name}
      value={value === null ? null : value ? 'yes' : 'no'}
      options={[
        { value: 'yes', label: f('yes') },
        { value: 'no', label: f('no') },
      ]}
      onChange={(v) => onChange(v === 'yes')}
    />
  );
}

/** The answer as a request body field: left out when not asked. */
export const filmingField = (value: boolean | null): { filming?: boolean } =>
  value === null ? {} : { filming: value };
