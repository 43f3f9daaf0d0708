import { type FormEvent, useState } from 'react';
import { useT } from '../i18n/use-t';
import { TextField } from './form';

/** Asks for the record code on the registration slip: the player's record and the player's own page open with it. */
export function CodeForm({ title, open, onCode }: { title: string; open: string; onCode: (code: string) => void }) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCode(code.trim());
  };
  return (
    <section className="narrow">
      <h1>{title}</h1>
      <form onSubmit={submit} className="stack">
        <TextField
          label={t('record.code')}
          hint={t('record.codeHint')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          autoComplete="off"
        />
        <button type="submit" className="button button-primary">
          {open}
        </button>
      </form>
    </section>
  );
}
