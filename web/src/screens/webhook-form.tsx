import { useState } from 'react';
import type { WebhookEvent } from '../../../src/app/webhooks/webhook-events.js';
import { request } from '../api/http';
import { invalidate } from '../api/resource';
import { SelectField, TextField } from '../components/form';
import { ErrorNotice } from '../components/status';
import { screenTexts } from '../i18n/screen-texts';

/*
 * The organizer adds a webhook endpoint (issue 43): what `shinpan webhook add` and POST
 * /api/webhooks take. The server checks it (an https address that is not private unless
 * allowed, a secret of 16 characters or more, events a public endpoint may hear) and its
 * refusal shows here with the form as typed, so nothing entered is lost.
 */

/** Every event an endpoint may ask for, in the server's order: a record, so the type check holds it to the server's list. */
const EVERY_EVENT: Readonly<Record<WebhookEvent, null>> = {
  'round.published': null,
  'round.ended': null,
  'result.recorded': null,
  'standings.updated': null,
  'tournament.finished': null,
  'announcement.posted': null,
  'entry.opened': null,
  'entry.moved-up': null,
  'call.opened': null,
};
const EVENTS = Object.keys(EVERY_EVENT) as WebhookEvent[];
/** Only for an endpoint marked staff: what it carries is not the public's. */
const STAFF_ONLY: ReadonlySet<WebhookEvent> = new Set(['call.opened']);
const SECRET_MIN = 16;

const useTexts = screenTexts(
  {
    add: 'エンドポイントを追加',
    url: 'URL',
    urlHint: 'https:// のアドレス。会場内や手元のアドレスは「内部アドレスを許可」が必要です。',
    secret: 'シークレット',
    secretHint: `署名 (X-Shinpan-Signature) に使います。${SECRET_MIN} 文字以上。追加後は表示されません。`,
    generate: '生成する',
    events: '送るイベント',
    staffOnly: '(スタッフ向けのみ)',
    scope: '対象',
    everyTournament: 'すべての大会',
    oneTournament: 'この大会のみ',
    tournamentId: '大会ID',
    format: '形式',
    lineTo: 'LINE の送信先 (ユーザー/グループ ID。空欄: 友だち全員に一斉送信)',
    lang: '言語 (Discord / LINE)',
    staff: 'スタッフ向けエンドポイント (公開されない内容も送る)',
    allowPrivate: '内部アドレスを許可 (会場内のボットなど)',
    submit: '追加する',
    sending: '送信中…',
    added: '{{url}} を追加しました。',
  },
  {
    add: 'Add an endpoint',
    url: 'URL',
    urlHint: 'An https:// address. An address on the venue network or this machine needs “Allow private addresses”.',
    secret: 'Secret',
    secretHint: `Signs each delivery (X-Shinpan-Signature). At least ${SECRET_MIN} characters; not shown again once added.`,
    generate: 'Generate',
    events: 'Events to send',
    staffOnly: '(staff endpoints only)',
    scope: 'For',
    everyTournament: 'Every tournament',
    oneTournament: 'One tournament',
    tournamentId: 'Tournament id',
    format: 'Format',
    lineTo: 'LINE recipient (user or group id; empty: a broadcast to every friend)',
    lang: 'Language (Discord / LINE)',
    staff: 'Staff endpoint (also sends what is not public)',
    allowPrivate: 'Allow private addresses (a bot on the venue network)',
    submit: 'Add',
    sending: 'Sending…',
    added: '{{url}} added.',
  },
);

/** 32 random hex digits from the browser's generator (works outside a secure context too). */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function WebhookForm({ path }: { path: string }) {
  const w = useTexts();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<ReadonlySet<WebhookEvent>>(new Set());
  const [tournament, setTournament] = useState('');
  const [format, setFormat] = useState<'json' | 'discord' | 'line'>('json');
  const [lineTo, setLineTo] = useState('');
  const [lang, setLang] = useState<'ja' | 'en'>('ja');
  const [staff, setStaff] = useState(false);
  const [allowPrivate, setAllowPrivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((before) => {
      const next = new Set(before);
      if (on) next.add(event);
      else next.delete(event);
      return next;
    });
  const chosen = EVENTS.filter((e) => events.has(e) && (staff || !STAFF_ONLY.has(e)));
  const ready = url.trim() !== '' && secret.length >= SECRET_MIN && chosen.length > 0;
  async function submit() {
    setBusy(true);
    setError(null);
    setAdded(null);
    try {
      await request('POST', path, {
        body: {
          url: url.trim(),
          secret,
          events: chosen,
          ...(tournament.trim() === '' ? {} : { tournament: tournament.trim() }),
          format,
          ...(format === 'line' && lineTo.trim() !== '' ? { lineTo: lineTo.trim() } : {}),
          lang,
          staff,
          allowPrivate,
        },
      });
      // Added: the form empties for the next one; a refusal keeps everything as typed.
      setAdded(url.trim());
      setUrl('');
      setSecret('');
      setEvents(new Set());
      invalidate(path);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <details className="panel" data-testid="webhook-form">
      <summary>
        <h2>{w('add')}</h2>
      </summary>
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={w('url')}
          hint={w('urlHint')}
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          data-testid="webhook-url"
        />
        <TextField
          label={w('secret')}
          hint={w('secretHint')}
          value={secret}
          autoComplete="off"
          onChange={(e) => setSecret(e.target.value)}
          data-testid="webhook-secret"
        />
        <button type="button" className="button button-small" onClick={() => setSecret(randomSecret())}>
          {w('generate')}
        </button>
        <fieldset className="choices">
          <legend>{w('events')}</legend>
          {EVENTS.map((event) => (
            <label key={event} className="check">
              <input
                type="checkbox"
                checked={events.has(event)}
                disabled={STAFF_ONLY.has(event) && !staff}
                onChange={(e) => toggle(event, e.target.checked)}
                data-testid={`webhook-event-${event}`}
              />{' '}
              <span className="code">{event}</span>
              {STAFF_ONLY.has(event) && <span className="muted"> {w('staffOnly')}</span>}
            </label>
          ))}
        </fieldset>
        <TextField
          label={w('tournamentId')}
          hint={tournament.trim() === '' ? w('everyTournament') : w('oneTournament')}
          value={tournament}
          onChange={(e) => setTournament(e.target.value)}
          data-testid="webhook-tournament"
        />
        <SelectField
          label={w('format')}
          value={format}
          onChange={(e) => setFormat(e.target.value as typeof format)}
          data-testid="webhook-format"
        >
          <option value="json">JSON</option>
          <option value="discord">Discord</option>
          <option value="line">LINE</option>
        </SelectField>
        {format === 'line' && (
          <TextField label={w('lineTo')} value={lineTo} onChange={(e) => setLineTo(e.target.value)} />
        )}
        {format !== 'json' && (
          <SelectField label={w('lang')} value={lang} onChange={(e) => setLang(e.target.value as typeof lang)}>
            <option value="ja">日本語</option>
            <option value="en">English</option>
          </SelectField>
        )}
        <label className="check">
          <input type="checkbox" checked={staff} onChange={(e) => setStaff(e.target.checked)} /> {w('staff')}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={allowPrivate}
            onChange={(e) => setAllowPrivate(e.target.checked)}
            data-testid="webhook-allow-private"
          />{' '}
          {w('allowPrivate')}
        </label>
        <button
          type="button"
          className="button button-primary"
          disabled={!ready || busy}
          onClick={() => void submit()}
          data-testid="webhook-add"
        >
          {busy ? w('sending') : w('submit')}
        </button>
        {added !== null && (
          <p className="notice notice-ok" role="status" data-testid="webhook-added">
            {w('added', { url: added })}
          </p>
        )}
        {error !== null && <ErrorNotice error={error} />}
      </form>
    </details>
  );
}
