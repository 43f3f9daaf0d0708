import { useId, useState } from 'react';
import { useT } from '../i18n/use-t';
import type { DecklistUpload } from '../api/tournament-api';
import { TextArea } from '../components/form';

/** The decklist format a text is written in: a ydke:// link, a .ydk file, or a plain list of names. */
export function detectFormat(text: string): DecklistUpload['format'] {
  const trimmed = text.trim();
  if (trimmed.startsWith('ydke://')) return 'ydke';
  if (/^(#created|#main|#extra|!side)/m.test(trimmed)) return 'ydk';
  return 'text';
}

/** A decklist from a file (.ydk, .txt) or pasted text; answers null while empty. */
export function DecklistInput({
  value,
  onChange,
}: {
  value: DecklistUpload | null;
  onChange: (upload: DecklistUpload | null) => void;
}) {
  const { t } = useT();
  const fileId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const set = (text: string) => onChange(text.trim() === '' ? null : { format: detectFormat(text), text });
  return (
    <div className="stack decklist-input">
      <div className="field">
        <label htmlFor={fileId}>{t('decklist.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".ydk,.txt,text/plain"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setFileName(file.name);
            void file.text().then(set);
          }}
          data-testid="decklist-file"
        />
        {fileName && <p className="field-hint">{fileName}</p>}
      </div>
      <TextArea
        label={t('decklist.paste')}
        hint={t('decklist.pasteHint')}
        rows={4}
        value={value?.text ?? ''}
        onChange={(e) => set(e.target.value)}
        data-testid="decklist-text"
      />
      {value && <p className="field-hint">{t('decklist.format', { format: t(`decklist.formats.${value.format}`) })}</p>}
    </div>
  );
}
