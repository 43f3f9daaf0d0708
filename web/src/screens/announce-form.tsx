import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { ANNOUNCEMENT_CHARS } from '../../../src/core/tournament/limits.js';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { paths, writes } from '../api/tournament-api';
import { useResource } from '../api/resource';
import type { AnnouncementView } from '../api/types';
import { AnnouncementList } from '../components/announcement-list';
import { TextArea, TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';

/** Staff post a short notice (ja and/or en) to everyone, or to one table of the round the players see. */
export function AnnounceForm() {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const [ja, setJa] = useState('');
  const [en, setEn] = useState('');
  const [table, setTable] = useState('');
  const allowed = can(account, 'Announce', id);
  const posted = useResource<{ announcements: readonly AnnouncementView[] }>(allowed ? paths.announcements(id) : null);
  if (!allowed) return null;
  const text = { ...(ja.trim() ? { ja: ja.trim() } : {}), ...(en.trim() ? { en: en.trim() } : {}) };
  const tableNumber = table.trim() === '' ? undefined : Number(table);
  const empty = text.ja === undefined && text.en === undefined;
  const badTable = tableNumber !== undefined && !(Number.isInteger(tableNumber) && tableNumber >= 1);
  return (
    <section className="card stack" aria-labelledby="announce-heading" data-testid="announce-form">
      <h2 id="announce-heading">{t('announce.title')}</h2>
      <p className="field-hint">{t('announce.hint', { max: ANNOUNCEMENT_CHARS })}</p>
      <TextArea
        label={t('announce.ja')}
        lang="ja"
        rows={2}
        maxLength={ANNOUNCEMENT_CHARS}
        value={ja}
        onChange={(e) => setJa(e.target.value)}
        data-testid="announce-ja"
      />
      <TextArea
        label={t('announce.en')}
        lang="en"
        rows={2}
        maxLength={ANNOUNCEMENT_CHARS}
        value={en}
        onChange={(e) => setEn(e.target.value)}
        data-testid="announce-en"
      />
      <TextField
        label={t('announce.table')}
        inputMode="numeric"
        value={table}
        onChange={(e) => setTable(e.target.value)}
        data-testid="announce-table"
      />
      <WriteButton
        className="button button-primary"
        disabled={empty || badTable}
        onWrite={() => writes.announce(id, text, tableNumber)}
        onDone={() => {
          setJa('');
          setEn('');
          setTable('');
        }}
        data-testid="announce-send"
      >
        {t('announce.send')}
      </WriteButton>
      <AnnouncementList
        items={posted.data?.announcements ?? []}
        className="stack"
        title={t('announce.posted')}
        Heading="h3"
      />
    </section>
  );
}
