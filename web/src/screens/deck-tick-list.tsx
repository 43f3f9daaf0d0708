import { useEffect, useMemo, useState } from 'react';
import { useT } from '../i18n/use-t';
import { get } from '../api/http';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import type { Deck } from '../api/types';
import { formatTime, useLang, type Text } from '../i18n/i18n';

type Zone = 'main' | 'extra' | 'side';
const ZONES: readonly Zone[] = ['main', 'extra', 'side'];

interface Row {
  readonly zone: Zone;
  readonly passcode: number;
  readonly name: Text | string;
  readonly registered: number;
  readonly presented: number;
}

interface Found {
  readonly passcode: number;
  readonly name: Text;
  readonly zone: string;
}

const countsOf = (codes: readonly number[]) =>
  codes.reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map<number, number>());

/**
 * The deck check from the registered list: every card with its registered count, ticked as it
 * is; a count that differs is set with − and +, a card not on the list is added by name (ja or
 * en). The presented deck goes to the same comparison as a typed one.
 */
export function DeckTickList({
  player,
  busy,
  onCheck,
}: {
  player: string;
  busy: boolean;
  onCheck: (deck: Deck) => void;
}) {
  const { t } = useT();
  const { pick, lang } = useLang();
  const { id } = useTournament();
  const registered = useResource<{
    decklist: Deck | null;
    names: Record<string, Text>;
    receipt: { at: string; hash: string; byPlayer: boolean } | null;
  }>(`${paths.players(id)}/${encodeURIComponent(player)}/decklist`);
  const [rows, setRows] = useState<Row[] | null>(null);
  const list = registered.data?.decklist;
  const names = registered.data?.names;
  useEffect(() => {
    if (!list || rows !== null) return;
    setRows(
      ZONES.flatMap((zone) =>
        [...countsOf(list[zone])].map(([passcode, count]) => ({
          zone,
          passcode,
          name: names?.[passcode] ?? String(passcode),
          registered: count,
          presented: count,
        })),
      ),
    );
  }, [list, names, rows]);

  if (registered.data && !list) return <p className="notice notice-warn">{t('deckCheck.noRegisteredList')}</p>;
  if (!rows) return null;
  const set = (row: Row, presented: number) =>
    setRows(rows.map((r) => (r === row ? { ...r, presented: Math.max(0, Math.min(9, presented)) } : r)));
  const deck = (): Deck => {
    const out: Record<Zone, number[]> = { main: [], extra: [], side: [] };
    for (const r of rows) for (let i = 0; i < r.presented; i++) out[r.zone].push(r.passcode);
    return out;
  };
  const differing = rows.filter((r) => r.presented !== r.registered).length;
  return (
    <div className="stack" data-testid="tick-list">
      {registered.data?.receipt && (
        <p className="notice" data-testid="deck-check-receipt">
          {t(registered.data.receipt.byPlayer ? 'deckCheck.receiptByPlayer' : 'deckCheck.receipt', {
            hash: registered.data.receipt.hash,
            time: formatTime(registered.data.receipt.at, lang, true),
          })}
        </p>
      )}
      <p className="field-hint">{t('deckCheck.tickHint')}</p>
      {ZONES.map((zone) => {
        const inZone = rows.filter((r) => r.zone === zone);
        if (inZone.length === 0) return null;
        return (
          <fieldset key={zone} className="tick-zone">
            <legend>
              {t(`deck.${zone}`)} ·{' '}
              {t('deckCheck.zoneCount', {
                presented: inZone.reduce((s, r) => s + r.presented, 0),
                registered: inZone.reduce((s, r) => s + r.registered, 0),
              })}
            </legend>
            <ul className="check-list">
              {inZone.map((r) => {
                // Each button names its card: a screen reader lists forty "fewer" buttons otherwise.
                const card = typeof r.name === 'string' ? r.name : pick(r.name);
                return (
                  <li
                    key={r.passcode}
                    className={`tick-row${r.presented !== r.registered ? ' tick-differs' : ''}`}
                    data-testid={`tick-${zone}-${r.passcode}`}
                  >
                    <span className="tick-name">{card}</span>
                    <span className="tick-count">
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => set(r, r.presented - 1)}
                        aria-label={t('deckCheck.oneFewer', { card, zone: t(`deck.${zone}`) })}
                        data-testid={`tick-less-${zone}-${r.passcode}`}
                      >
                        −
                      </button>
                      <strong aria-live="polite">{r.presented}</strong>
                      <span className="muted">/{r.registered}</span>
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => set(r, r.presented + 1)}
                        aria-label={t('deckCheck.oneMore', { card, zone: t(`deck.${zone}`) })}
                        data-testid={`tick-more-${zone}-${r.passcode}`}
                      >
                        +
                      </button>
                    </span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      <AddCard
        onAdd={(card, zone) => {
          const existing = rows.find((r) => r.zone === zone && r.passcode === card.passcode);
          if (existing) set(existing, existing.presented + 1);
          else setRows([...rows, { zone, passcode: card.passcode, name: card.name, registered: 0, presented: 1 }]);
        }}
      />
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        onClick={() => onCheck(deck())}
        data-testid="run-tick-check"
      >
        {busy
          ? t('status.working')
          : differing === 0
            ? t('deckCheck.runAsRegistered')
            : t('deckCheck.runWithDifferences', { count: differing })}
      </button>
    </div>
  );
}

/** A card not on the list, found by its Japanese or English name (or passcode). */
function AddCard({ onAdd }: { onAdd: (card: Found, zone: Zone) => void }) {
  const { t } = useT();
  const { pick } = useLang();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly Found[]>([]);
  const [zone, setZone] = useState<Zone>('main');
  const q = query.trim();
  useEffect(() => {
    if (q.length < 2) return setFound([]);
    let live = true;
    const timer = setTimeout(() => {
      get<{ cards: Found[] }>(`/api/cards?q=${encodeURIComponent(q)}`)
        .then((answer) => live && setFound(answer.body.cards.slice(0, 6)))
        .catch(() => live && setFound([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  const zones = useMemo(() => ZONES.map((z) => ({ value: z, label: t(`deck.${z}`) })), [t]);
  return (
    <details className="panel">
      <summary>{t('deckCheck.addCard')}</summary>
      <label className="field">
        <span>{t('deckCheck.cardSearch')}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="add-card-search" />
      </label>
      <label className="field">
        <span>{t('deckCheck.zone')}</span>
        <select value={zone} onChange={(e) => setZone(e.target.value as Zone)}>
          {zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </select>
      </label>
      <ul className="check-list">
        {found.map((card) => (
          <li key={card.passcode}>
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                onAdd(card, zone);
                setQuery('');
              }}
              data-testid={`add-card-${card.passcode}`}
            >
              + {pick(card.name)} <span className="muted">{card.passcode}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
