import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { ENTRY_CAP, PUBLISH_TOP } from '../../../src/core/tournament/limits.js';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { SelectField, TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { formatTime, useLang } from '../i18n/i18n';
import { Link } from '../router';
import { entryPaths, entryWrites, type EntriesView } from './entry-api';
import { QrCode } from './qr-code';
import { usePhoneOrigin } from '../api/venue';
import { UnreachableNotice } from '../components/venue-notices';

/*
 * The organizer's side of public entry on the tournament overview: the entry page's link and QR
 * to share, how many entered, wait and applied, opening and closing entry (the lottery drawn at
 * closing, with the organizer's seed), the decklist deadline and which lists are published.
 */

/** A `datetime-local` value (the device's time zone) as an ISO time; '' stays ''. */
const isoOf = (local: string): string => (local === '' ? '' : new Date(local).toISOString());

export function EntrySettings() {
  const { t } = useT();
  const { lang } = useLang();
  const { id, summary } = useTournament();
  const { account } = useSession();
  const organizer = can(account, 'OpenEntry', id);
  const phone = usePhoneOrigin();
  const view = useResource<EntriesView>(organizer ? entryPaths.entries(id) : null);
  const version = useVersion(view);
  if (!organizer || !view.data) return null;
  const v = view.data;
  const count = (status: 'registered' | 'waiting' | 'applied') =>
    v.entries.filter((e) => e.status === status && !e.dropped).length;
  const open = v.settings !== null && !v.closed;
  const when = (at: string) => `${new Date(at).toLocaleDateString(lang)} ${formatTime(at, lang)}`;
  const url = `${phone.origin ?? window.location.origin}/t/${encodeURIComponent(id)}/entry`;
  const editable = v.tournament.status === 'open';
  // Entry opens and closes before round 1; the deadline and the publication stay the organizer's until the end.
  const beforeRound1 = (summary.data?.rounds.length ?? 0) === 0;
  const duplicates = v.entries.filter((e) => e.duplicates.length > 0).length;
  const forms = (
    <div className="stack">
      <PublicationForm view={v} version={version} />
      {beforeRound1 && (open ? <CloseForm view={v} version={version} /> : <OpenForm version={version} />)}
      <DeadlineForm view={v} version={version} />
    </div>
  );
  return (
    <div className="card stack" data-testid="entry-settings">
      <h2>{t('entry.settings.title')}</h2>
      <p data-testid="entry-settings-state">
        {t(v.settings === null ? 'entry.notOpen' : v.open ? 'entry.settings.isOpen' : 'entry.closed')}
      </p>
      {v.settings && (
        <p>
          {t('entry.cap', { cap: v.settings.cap, taken: v.seatsTaken })} ·{' '}
          {t('entry.closesAt', { time: when(v.settings.closesAt) })} · {t(`entry.mode.${v.settings.mode}`)}
        </p>
      )}
      <p className="self-count" data-testid="entry-counts">
        {t('entry.settings.counts', {
          registered: count('registered'),
          waiting: count('waiting'),
          applied: count('applied'),
        })}
      </p>
      {duplicates > 0 && (
        <p className="notice notice-warn" data-testid="entry-duplicates">
          {t('entry.settings.duplicates', { count: duplicates })}{' '}
          <Link to={`/t/${encodeURIComponent(id)}/decklists`}>{t('entry.staff.title')}</Link>
        </p>
      )}
      {v.lottery?.seed != null && v.lottery.at !== null ? (
        <p data-testid="entry-lottery">
          {t('entry.settings.drawn', { seed: v.lottery.seed, time: when(v.lottery.at) })}
        </p>
      ) : (
        v.lottery?.commitment && (
          <p className="wrap-anywhere" data-testid="entry-lottery-committed">
            {t('entry.settings.committed', { hash: v.lottery.commitment })}
          </p>
        )
      )}
      <details>
        <summary>{t('entry.settings.share')}</summary>
        <UnreachableNotice origin={phone.origin} />
        <p>
          <a href={url} data-testid="entry-link">
            {url}
          </a>
        </p>
        <QrCode text={url} label={t('entry.settings.qr')} size={160} />
      </details>
      {editable &&
        (v.settings === null ? (
          // Most events never take entries online: the forms stay folded until the organizer asks for them.
          <details data-testid="entry-set-up">
            <summary>{t('entry.settings.setUp')}</summary>
            {forms}
          </details>
        ) : (
          forms
        ))}
    </div>
  );
}

/** Which lists are published after the event: chosen before entry opens, fixed after (the entry page says it). */
function PublicationForm({ view, version }: { view: EntriesView; version: number | null }) {
  const { t } = useT();
  const { id } = useTournament();
  const [kind, setKind] = useState<'top' | 'all'>(view.publication?.kind ?? 'top');
  const [top, setTop] = useState(String(view.publication?.kind === 'top' ? view.publication.top : 8));
  const current =
    view.publication === null
      ? t('entry.publication.none')
      : view.publication.kind === 'all'
        ? t('entry.publication.all')
        : t('entry.publication.top', { top: view.publication.top });
  if (view.settings !== null)
    return (
      <p data-testid="publication-fixed">
        {current} <span className="field-hint">{t('entry.settings.publicationFixed')}</span>
      </p>
    );
  const validTop = /^\d+$/.test(top) && Number(top) >= PUBLISH_TOP.min && Number(top) <= PUBLISH_TOP.max;
  return (
    <fieldset className="stack" data-testid="publication-form">
      <legend>{t('entry.settings.publication')}</legend>
      <p>{current}</p>
      <p className="field-hint">{t('entry.settings.publicationBefore')}</p>
      <SelectField
        label={t('entry.settings.publicationScope')}
        value={kind}
        onChange={(e) => setKind(e.target.value as 'top' | 'all')}
        data-testid="publication-kind"
      >
        <option value="top">{t('entry.settings.publicationTop')}</option>
        <option value="all">{t('entry.settings.publicationAll')}</option>
      </SelectField>
      {kind === 'top' && (
        <TextField
          label={t('entry.settings.top')}
          inputMode="numeric"
          value={top}
          onChange={(e) => setTop(e.target.value)}
          {...(validTop ? {} : { error: t('entry.settings.topRange', PUBLISH_TOP) })}
          data-testid="publication-top"
        />
      )}
      <WriteButton
        disabled={kind === 'top' && !validTop}
        onWrite={() => entryWrites.publication(id, version, kind === 'all' ? { kind } : { kind, top: Number(top) })}
        data-testid="publication-save"
      >
        {t('entry.settings.save')}
      </WriteButton>
    </fieldset>
  );
}

function OpenForm({ version }: { version: number | null }) {
  const { t } = useT();
  const { id } = useTournament();
  const [cap, setCap] = useState('64');
  const [closesAt, setClosesAt] = useState('');
  const [mode, setMode] = useState<'first-come' | 'waiting-list' | 'lottery'>('first-come');
  const validCap = /^\d+$/.test(cap) && Number(cap) >= ENTRY_CAP.min && Number(cap) <= ENTRY_CAP.max;
  return (
    <fieldset className="stack" data-testid="entry-open-form">
      <legend>{t('entry.settings.open')}</legend>
      <TextField
        label={t('entry.settings.cap')}
        inputMode="numeric"
        value={cap}
        onChange={(e) => setCap(e.target.value)}
        {...(validCap ? {} : { error: t('entry.settings.capRange', ENTRY_CAP) })}
        data-testid="entry-cap"
      />
      <TextField
        label={t('entry.settings.closesAt')}
        type="datetime-local"
        value={closesAt}
        onChange={(e) => setClosesAt(e.target.value)}
        data-testid="entry-closes-at"
      />
      <SelectField
        label={t('entry.settings.mode')}
        value={mode}
        onChange={(e) => setMode(e.target.value as typeof mode)}
        data-testid="entry-mode"
      >
        {(['first-come', 'waiting-list', 'lottery'] as const).map((m) => (
          <option key={m} value={m}>
            {t(`entry.mode.${m}`)}
          </option>
        ))}
      </SelectField>
      <WriteButton
        className="button button-primary"
        disabled={!validCap || closesAt === ''}
        onWrite={() => entryWrites.open(id, version, { cap: Number(cap), closesAt: isoOf(closesAt), mode })}
        data-testid="entry-open"
      >
        {t('entry.settings.open')}
      </WriteButton>
    </fieldset>
  );
}

/**
 * Closing entry; a lottery not yet drawn is drawn now, with the seed the server committed to when
 * entry opened (its hash public since then). Only an older log's lottery, opened without a
 * commitment, takes a typed seed.
 */
function CloseForm({ view, version }: { view: EntriesView; version: number | null }) {
  const { t } = useT();
  const { id } = useTournament();
  const [seed, setSeed] = useState('');
  const lottery = view.settings?.mode === 'lottery' && (view.lottery === null || view.lottery.seed === null);
  const typedSeed = lottery && view.lottery === null;
  const validSeed = seed === '' || (/^\d{1,15}$/.test(seed) && Number.isSafeInteger(Number(seed)));
  return (
    <fieldset className="stack" data-testid="entry-close-form">
      <legend>{t('entry.settings.close')}</legend>
      {typedSeed && (
        <TextField
          label={t('entry.settings.seed')}
          hint={t('entry.settings.seedHint')}
          inputMode="numeric"
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          {...(validSeed ? {} : { error: t('entry.settings.seedRange') })}
          data-testid="entry-seed"
        />
      )}
      <WriteButton
        disabled={!validSeed}
        confirm={t(lottery ? 'entry.settings.drawConfirm' : 'entry.settings.closeConfirm')}
        onWrite={() => entryWrites.close(id, version, !typedSeed || seed === '' ? {} : { seed: Number(seed) })}
        data-testid="entry-close"
      >
        {t(lottery ? 'entry.settings.draw' : 'entry.settings.close')}
      </WriteButton>
    </fieldset>
  );
}

/** Until when players send their own lists; empty: until round 1 is paired (the default). */
function DeadlineForm({ view, version }: { view: EntriesView; version: number | null }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const [until, setUntil] = useState('');
  const deadline = view.decklistDeadline;
  return (
    <fieldset className="stack" data-testid="deadline-form">
      <legend>{t('entry.settings.deadline')}</legend>
      <p data-testid="deadline-current">
        {deadline
          ? t('entry.deadline', {
              time: `${new Date(deadline).toLocaleDateString(lang)} ${formatTime(deadline, lang)}`,
            })
          : t('entry.deadlineRound1')}
      </p>
      <TextField
        label={t('entry.settings.until')}
        hint={t('entry.settings.untilHint')}
        type="datetime-local"
        value={until}
        onChange={(e) => setUntil(e.target.value)}
        data-testid="deadline-until"
      />
      <WriteButton
        disabled={until === ''}
        onWrite={() => entryWrites.deadline(id, version, isoOf(until))}
        onDone={() => setUntil('')}
        data-testid="deadline-save"
      >
        {t('entry.settings.save')}
      </WriteButton>
      {deadline !== null && (
        <WriteButton onWrite={() => entryWrites.deadline(id, version, null)} data-testid="deadline-round1">
          {t('entry.settings.untilRound1')}
        </WriteButton>
      )}
    </fieldset>
  );
}
