import { useT } from '../i18n/use-t';
import { TextField } from '../components/form';
import { useLang } from '../i18n/i18n';
import type { readingProblem } from '../../../src/core/names/reading.js';
import { READING } from '../../../src/core/tournament/limits.js';
import { asSentence } from '../components/status';

/** The reading (フリガナ) field of the registration and edit forms, with the server's own check as typed. */
export function ReadingField({
  value,
  onChange,
  problem,
  name,
}: {
  value: string;
  onChange: (reading: string) => void;
  problem: ReturnType<typeof readingProblem>;
  name: string;
}) {
  const { t } = useT();
  const { lang } = useLang();
  return (
    <TextField
      label={t('names.reading')}
      hint={t('names.readingHint')}
      error={problem ? asSentence(problem[lang]) : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      name={name}
      maxLength={READING.max}
      lang="ja"
      autoComplete="off"
    />
  );
}
