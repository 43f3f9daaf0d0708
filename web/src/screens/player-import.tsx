import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes } from '../api/tournament-api';
import { TextArea } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { ErrorNotice } from '../components/status';
import { TableScroll } from '../components/table-scroll';
import { useLang } from '../i18n/i18n';
import { MAX_CSV_CHARACTERS } from '../../../src/core/tournament/limits.js';

/** What the server's preview answers: every row it read, and every problem on its line. */
interface Preview {
  readonly rows: readonly { line: number; id: string; name: string; reading: string | null }[];
  readonly problems: readonly { line: number; ja: string; en: string }[];
}

/** Rows shown in the preview; the count says how many more there are. */
const SHOWN = 50;

/**
 * A player list as a CSV (id, name, reading columns; English or Japanese headers, as the CLI
 * reads): the server reads it as the import will, in a worker, and answers the rows and every
 * problem with its line. Nothing is written until the list has no problem left; then one write
 * registers everyone, all or none.
 */
export function PlayerImport() {
  const { t } = useT();
  const { pick } = useLang();
  const { id } = useTournament();
  const version = useVersion();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const edit = (next: string) => {
    setText(next);
    setPreview(null);
    setError(null);
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_CSV_CHARACTERS) return setError(new Error(t('import.tooBig')));
    edit(await file.text());
  };
  const check = async () => {
    setBusy(true);
    setError(null);
    try {
      // `request` writes the body as JSON itself.
      const answer = await request<Preview>('POST', `${paths.players(id)}/import/preview`, { body: { csv: text } });
      setPreview(answer.body);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="panel stack" data-testid="csv-import">
      <summary>
        <h2>{t('import.title')}</h2>
      </summary>
      <p className="field-hint">{t('import.hint')}</p>
      <label className="field">
        <span>{t('import.file')}</span>
        <input type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e.target.files?.[0])} />
      </label>
      <TextArea
        label={t('import.text')}
        name="importCsv"
        rows={5}
        value={text}
        maxLength={MAX_CSV_CHARACTERS}
        onChange={(e) => edit(e.target.value)}
      />
      <button
        type="button"
        className="button"
        disabled={busy || text.trim() === ''}
        onClick={() => void check()}
        data-testid="import-preview-button"
      >
        {t('import.preview')}
      </button>
      {error !== null && <ErrorNotice error={error} />}
      {preview && (
        <>
          {preview.problems.length > 0 && (
            <div className="notice notice-error" data-testid="import-problems">
              <p>{t('import.problems', { count: preview.problems.length })}</p>
              <ul>
                {preview.problems.map((p, i) => (
                  <li key={i}>{t('import.line', { line: p.line, problem: pick(p) })}</li>
                ))}
              </ul>
            </div>
          )}
          {preview.rows.length > 0 && <p>{t('import.rows', { count: preview.rows.length })}</p>}
          {preview.rows.length > 0 && (
            <TableScroll label={t('import.title')}>
              <table className="data" data-testid="import-rows">
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      {t('import.lineHeader')}
                    </th>
                    <th scope="col">ID</th>
                    <th scope="col">{t('import.name')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.slice(0, SHOWN).map((r) => (
                    <tr key={r.line}>
                      <td className="num">{r.line}</td>
                      <td>{r.id}</td>
                      <td>
                        {r.name}
                        {r.reading && <span className="muted"> （{r.reading}）</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {preview.rows.length > SHOWN && (
            <p className="muted">{t('import.more', { count: preview.rows.length - SHOWN })}</p>
          )}
          {preview.rows.length > 0 && (
            <WriteButton
              className="button button-primary"
              disabled={preview.problems.length > 0}
              onWrite={() => writes.importPlayers(id, version, text, preview.rows.length)}
              onDone={() => edit('')}
              data-testid="import-submit"
            >
              {t('import.submit', { count: preview.rows.length })}
            </WriteButton>
          )}
        </>
      )}
    </details>
  );
}
