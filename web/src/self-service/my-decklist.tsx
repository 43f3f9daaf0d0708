import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { ErrorNotice, Loaded } from '../components/status';
import { formatTime, useLang, type Text } from '../i18n/i18n';
import { DeckFindings } from '../screens/deck-findings';
import { DecklistInput } from '../screens/decklist-input';
import type { DecklistUpload } from '../api/tournament-api';
import {
  entryPaths,
  entryWrites,
  type CardHit,
  type ListInput,
  type PreviewAnswer,
  type Receipt,
  type ReceiptView,
  type SheetLine,
  type SheetView,
} from './entry-api';
import { Link } from '../router';
import { LazyDetails } from '../components/lazy-details';

/** The QR generator, fetched only when the player opens the receipt's QR code (the page draws without it: issue 44). */
const QrCode = lazy(async () => ({ default: (await import('./qr-code')).QrCode }));

/*
 * The player's own decklist on their page: paste a list (ydk, ydke://, text in ja or en) or
 * build it by searching the tournament's cards, with counts per zone; the findings the desk
 * would see follow every change, in the player's language; a list with findings goes only once
 * the player confirms it. The receipt (time, short hash, QR) is what a judge compares at a deck
 * check. After the deadline the list is locked and the page says so.
 */

const ZONES = ['main', 'extra', 'side'] as const;
type Zone = (typeof ZONES)[number];
interface Row {
  readonly passcode: number;
  readonly name: Text;
  readonly zone: Zone;
  readonly count: number;
}

export function MyDecklist({ player, code }: { player: string; code: string }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const state = useResource<ReceiptView>(entryPaths.receipt(id, player, code));
  return (
    <div className="card stack" data-testid="my-decklist">
      <h2>{t('entry.list.title')}</h2>
      <Loaded resource={state}>
        {(view) =>
          view.open ? (
            <>
              {view.receipt && <ReceiptCard receipt={view.receipt} player={player} code={code} />}
              {view.deadline && (
                <p className="field-hint">{t('entry.list.until', { time: formatTime(view.deadline, lang) })}</p>
              )}
              <ListEditor player={player} code={code} onSent={state.reload} hasList={view.receipt !== null} />
            </>
          ) : (
            <>
              <p className="notice notice-warn" data-testid="list-locked">
                {t('entry.list.locked')}
              </p>
              {view.receipt ? (
                <ReceiptCard receipt={view.receipt} player={player} code={code} />
              ) : (
                <p className="notice">{t('entry.list.noneSent')}</p>
              )}
            </>
          )
        }
      </Loaded>
    </div>
  );
}

/** The receipt: when the list was taken and its short hash, with a QR code a judge can scan. */
function ReceiptCard({ receipt, player, code }: { receipt: Receipt; player: string; code: string }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  return (
    <div className="stack receipt" data-testid="receipt">
      <p>
        {t('entry.list.receipt')}:{' '}
        <strong className="self-big receipt-hash" data-testid="receipt-hash">
          {receipt.hash}
        </strong>
      </p>
      <p className="field-hint">{t('entry.list.receiptAt', { time: formatTime(receipt.at, lang, true) })}</p>
      <LazyDetails summary={<summary>{t('entry.list.receiptQr')}</summary>}>
        {() => (
          <Suspense fallback={null}>
            <QrCode
              text={`shinpan-receipt:${id}:${player}:${receipt.hash}`}
              label={t('entry.list.receiptQr')}
              size={120}
            />
          </Suspense>
        )}
      </LazyDetails>
      <Link
        to={`/t/${encodeURIComponent(id)}/print/decklist/${encodeURIComponent(player)}?code=${encodeURIComponent(code)}`}
        data-testid="print-sheet"
      >
        {t('entry.sheet.link')}
      </Link>
    </div>
  );
}

/** The rows of the list as sent, for the builder to start from. */
const rowsOf = (sheet: SheetView): Row[] => {
  const row =
    (zone: Zone) =>
    (l: SheetLine): Row => ({
      passcode: l.passcode,
      name: l.name ?? { ja: String(l.passcode), en: String(l.passcode) },
      zone,
      count: l.count,
    });
  return [
    ...sheet.main.groups.flatMap((g) => g.cards.map(row('main'))),
    ...sheet.extra.cards.map(row('extra')),
    ...sheet.side.cards.map(row('side')),
  ];
};

function ListEditor({
  player,
  code,
  onSent,
  hasList,
}: {
  player: string;
  code: string;
  onSent: () => void;
  hasList: boolean;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const [mode, setMode] = useState<'build' | 'paste'>('build');
  const [rows, setRows] = useState<Row[]>([]);
  // Changing one card of a list sent starts from that list, not from an empty builder.
  useEffect(() => {
    if (!hasList) return;
    const abort = new AbortController();
    request<SheetView>('GET', entryPaths.sheet(id, player, code), { signal: abort.signal })
      .then((a) => setRows((now) => (now.length === 0 ? rowsOf(a.body) : now)))
      .catch(() => {
        // Without it the builder starts empty, as before a list was sent; pasting still works.
      });
    return () => abort.abort();
  }, [hasList, id, player, code]);
  const [pasted, setPasted] = useState<DecklistUpload | null>(null);
  // A confirmation is for the list as the player saw its findings: any change asks again.
  const [confirmedList, setConfirmedList] = useState<string | null>(null);
  const input: ListInput | null =
    mode === 'paste'
      ? pasted
      : rows.length === 0
        ? null
        : {
            main: rows.filter((r) => r.zone === 'main').flatMap((r) => Array<number>(r.count).fill(r.passcode)),
            extra: rows.filter((r) => r.zone === 'extra').flatMap((r) => Array<number>(r.count).fill(r.passcode)),
            side: rows.filter((r) => r.zone === 'side').flatMap((r) => Array<number>(r.count).fill(r.passcode)),
          };
  const preview = usePreview(player, code, input);
  const findings = preview.answer?.findings.length ?? 0;
  const listKey = input === null ? null : JSON.stringify(input);
  const confirmed = listKey !== null && confirmedList === listKey;
  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label={t('entry.list.how')}>
        {(['build', 'paste'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`button${mode === m ? ' button-primary' : ''}`}
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
            data-testid={`list-mode-${m}`}
          >
            {t(`entry.list.mode.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'paste' ? (
        <DecklistInput value={pasted} onChange={setPasted} />
      ) : (
        <Builder rows={rows} onChange={setRows} />
      )}
      <div aria-live="polite" data-testid="live-findings">
        {preview.error !== null && <ErrorNotice error={preview.error} />}
        {input !== null && preview.answer && <DeckFindings findings={preview.answer.findings} />}
      </div>
      {findings > 0 && (
        <label className="check">
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(e) => setConfirmedList(e.target.checked ? listKey : null)}
            data-testid="confirm-findings"
          />{' '}
          {t('entry.list.confirm', { count: findings })}
        </label>
      )}
      <WriteButton
        className="button button-primary button-wide"
        disabled={input === null || preview.answer === null || preview.busy || (findings > 0 && !confirmed)}
        onWrite={() => entryWrites.submit(id, player, code, input!, confirmed)}
        onDone={onSent}
        data-testid="submit-list"
      >
        {t('entry.list.send')}
      </WriteButton>
    </div>
  );
}

/** The findings and hash the list would get, asked again 0.8 s after the last change (a run of taps is one request). */
function usePreview(player: string, code: string, input: ListInput | null) {
  const { id } = useTournament();
  const key = input === null ? null : JSON.stringify(input);
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setAnswer(null);
    setError(null);
    if (key === null) return;
    setBusy(true);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      request<PreviewAnswer>('POST', entryPaths.preview(id, player), {
        body: { code, decklist: JSON.parse(key) },
        signal: abort.signal,
      })
        .then((a) => setAnswer(a.body))
        .catch((caught: unknown) => {
          if (!abort.signal.aborted) setError(caught);
        })
        .finally(() => {
          if (!abort.signal.aborted) setBusy(false);
        });
    }, 800);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [id, player, code, key]);
  return { answer, error, busy };
}

/** Cards found by name (ja, en, or a reading in kana) from the tournament's pool, added with counts per zone. */
function Builder({ rows, onChange }: { rows: Row[]; onChange: (rows: Row[]) => void }) {
  const { t } = useT();
  const { pick } = useLang();
  const { id } = useTournament();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<readonly CardHit[]>([]);
  // A refusal (too many searches from this network: it says how long to wait) is shown, never swallowed.
  const [searchError, setSearchError] = useState<unknown>(null);
  useEffect(() => {
    const q = query.trim();
    setSearchError(null);
    if (q === '') return setHits([]);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      request<{ cards: CardHit[] }>('GET', entryPaths.cards(id, q), { signal: abort.signal })
        .then((a) => setHits(a.body.cards))
        .catch((caught: unknown) => {
          if (!abort.signal.aborted) setSearchError(caught);
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [id, query]);
  const add = (hit: CardHit, zone: Zone) => {
    const at = rows.findIndex((r) => r.passcode === hit.passcode && r.zone === zone);
    if (at >= 0) set(rows[at]!, rows[at]!.count + 1);
    else onChange([...rows, { passcode: hit.passcode, name: hit.name, zone, count: 1 }]);
  };
  const set = (row: Row, count: number) =>
    onChange(
      count <= 0
        ? rows.filter((r) => r !== row)
        : rows.map((r) => (r === row ? { ...r, count: Math.min(count, 9) } : r)),
    );
  return (
    <div className="stack builder">
      <TextField
        label={t('entry.list.search')}
        hint={t('entry.list.searchHint')}
        value={query}
        type="search"
        onChange={(e) => setQuery(e.target.value)}
        data-testid="card-search"
      />
      {searchError !== null && <ErrorNotice error={searchError} />}
      {hits.length > 0 && (
        <ul className="card-list" data-testid="card-hits">
          {hits.map((hit) => (
            <li key={hit.passcode} className="hit-row">
              <span className="hit-name">{pick(hit.name)}</span>
              <span className="hit-add">
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => add(hit, hit.zone)}
                  data-testid={`add-${hit.passcode}`}
                >
                  {t(`deck.${hit.zone}`)} +1
                </button>
                <button type="button" className="button button-small" onClick={() => add(hit, 'side')}>
                  {t('deck.side')} +1
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {ZONES.map((zone) => {
        const inZone = rows.filter((r) => r.zone === zone);
        if (inZone.length === 0) return null;
        return (
          <fieldset key={zone} className="tick-zone" data-testid={`zone-${zone}`}>
            <legend>
              {t(`deck.${zone}`)} · {t('entry.list.cards', { count: inZone.reduce((s, r) => s + r.count, 0) })}
            </legend>
            <ul className="check-list">
              {inZone.map((r) => (
                <li key={r.passcode} className="tick-row" data-testid={`row-${zone}-${r.passcode}`}>
                  <span className="tick-name">{pick(r.name)}</span>
                  <span className="tick-count">
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => set(r, r.count - 1)}
                      aria-label={t('entry.list.less')}
                      data-testid={`less-${zone}-${r.passcode}`}
                    >
                      −
                    </button>
                    <strong>{r.count}</strong>
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => set(r, r.count + 1)}
                      aria-label={t('entry.list.more')}
                      data-testid={`more-${zone}-${r.passcode}`}
                    >
                      +
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
