import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { useTournament } from '../api/tournament-context';
import { LanguageSwitch } from '../components/language-switch';
import { Link } from '../router';

/** A page made for paper: a toolbar (hidden when printed) and the content in black on white. */
export function PrintPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  const { id, summary } = useTournament();
  return (
    <div className="print-page">
      <div className="print-toolbar no-print">
        <Link to={`/t/${encodeURIComponent(id)}`}>{t('print.back')}</Link>
        <LanguageSwitch />
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {t('print.print')}
        </button>
      </div>
      <header className="print-header">
        <p>{summary.data ? `${summary.data.settings.name} · ${summary.data.settings.date}` : ''}</p>
        <h1>{title}</h1>
      </header>
      <main>{children}</main>
    </div>
  );
}
