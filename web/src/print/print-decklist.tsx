import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { useLocation } from '../router';
import { entryPaths, type SheetLine, type SheetView } from '../self-service/entry-api';
import { PrintPage } from './print-page';
import './print-decklist.css';

/**
 * A player's current list on the usual paper sheet (デッキ記入シート), one A4 page: who (name,
 * reading, player id, Card Game ID), the main deck by monster / spell / trap with counts, the
 * extra and side decks, the totals, and the receipt the list was taken with. What goes where is
 * the server's (the same sheet as `decklist print`); this page only lays it out. The player
 * opens it with their code (`?code=`), staff without.
 */
export function PrintDecklist({ player }: { player: string }) {
  const { t } = useT();
  const { lang, pick } = useLang();
  const { id } = useTournament();
  const { query } = useLocation();
  const sheet = useResource<SheetView>(entryPaths.sheet(id, player, query.get('code') ?? undefined));
  const name = (line: SheetLine): string => pick(line.name) || t('entry.sheet.unknown', { passcode: line.passcode });
  const rows = (cards: readonly SheetLine[]) =>
    cards.length === 0 ? (
      <tr>
        <td />
        <td className="muted">{t('entry.sheet.none')}</td>
      </tr>
    ) : (
      cards.map((c) => (
        <tr key={c.passcode}>
          <td className="num">{c.count}</td>
          <td>{name(c)}</td>
        </tr>
      ))
    );
  const zone = (title: string, total: number, body: ReactNode, testId: string) => (
    <table className="dl-zone" data-testid={testId}>
      <thead>
        <tr>
          <th colSpan={2}>
            {title} <span className="dl-total">{t('entry.sheet.cards', { count: total })}</span>
          </th>
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );
  return (
    <PrintPage title={t('entry.sheet.title')}>
      <Loaded resource={sheet}>
        {(view) => (
          <article className="dl-sheet" data-testid="decklist-sheet">
            <table className="dl-who">
              <tbody>
                <tr>
                  <th>{t('entry.sheet.event')}</th>
                  <td colSpan={3}>
                    {view.tournament.name} · {view.tournament.date}
                  </td>
                </tr>
                <tr>
                  <th>{t('entry.sheet.reading')}</th>
                  <td className="dl-reading">{view.player.reading ?? ''}</td>
                  <th>{t('entry.sheet.playerId')}</th>
                  <td>{view.player.id}</td>
                </tr>
                <tr>
                  <th>{t('entry.sheet.name')}</th>
                  <td className="dl-name" data-testid="sheet-name">
                    {view.player.name}
                  </td>
                  <th>{t('entry.sheet.cardGameId')}</th>
                  <td>{view.player.cardGameId ?? ''}</td>
                </tr>
              </tbody>
            </table>
            <div className="dl-columns">
              <div>
                <p className="dl-zone-title" data-testid="sheet-main-total">
                  {t('entry.sheet.main')} {t('entry.sheet.cards', { count: view.main.total })}
                </p>
                {view.main.groups.map((g) =>
                  zone(t(`entry.sheet.groups.${g.group}`), g.total, rows(g.cards), `sheet-${g.group}`),
                )}
              </div>
              <div>
                {zone(t('entry.sheet.extra'), view.extra.total, rows(view.extra.cards), 'sheet-extra')}
                {zone(t('entry.sheet.side'), view.side.total, rows(view.side.cards), 'sheet-side')}
              </div>
            </div>
            <footer className="dl-foot">
              <p data-testid="sheet-receipt">
                {view.receipt
                  ? t('entry.sheet.receipt', {
                      hash: view.receipt.hash,
                      time: `${new Date(view.receipt.at).toLocaleDateString(lang)} ${formatTime(view.receipt.at, lang, true)}`,
                    })
                  : t('entry.sheet.noReceipt')}
              </p>
              <p>
                {t('entry.sheet.sign')} <span className="dl-line" />
              </p>
            </footer>
          </article>
        )}
      </Loaded>
    </PrintPage>
  );
}
