import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { useLang } from '../i18n/i18n';
import { outbox } from '../api/outbox';
import type { CheckInsView } from './self-service-api';

const base = (t: string) => `/api/tournaments/${encodeURIComponent(t)}`;

/** The fee's writes live here, not with the player's page's: that page never loads them. */
const feeWrites = {
  /** The organizer sets the entry fee (0: none). */
  set: (t: string, v: number | null, amount: number, currency: string) =>
    outbox.send({
      method: 'PUT',
      path: `${base(t)}/entry-fee`,
      body: { amount, currency },
      tournament: t,
      version: v,
      label: { key: 'fee.write.set' },
    }),
  /** Staff mark a player's fee paid, or undo the mark. */
  paid: (t: string, p: string, paid: boolean) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/players/${encodeURIComponent(p)}/fee-payment`,
      body: { paid },
      tournament: t,
      version: null,
      label: { key: paid ? 'fee.write.paid' : 'fee.write.undo', params: { player: p } },
    }),
};

/** Unpaid names listed on the card at most; the rows below show every one. */
const UNPAID_NAMED = 30;

/** An amount as the language writes money (¥1,000 / ￥1,000). */
export function money(amount: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toLocaleString(lang)} ${currency}`;
  }
}

/**
 * The entry fee at the check-in desk: what it is, how many paid and how much is still to take,
 * the unpaid by name; the organizer sets or changes the fee here. Unpaid players are not kept
 * out of round 1 (the money is often taken at the table): the desk sees them and decides.
 */
export function FeeCard({ view, version }: { view: CheckInsView; version: number | null }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { account } = useSession();
  const fee = view.fee;
  const [amount, setAmount] = useState(fee ? String(fee.amount) : '');
  const [currency, setCurrency] = useState(fee?.currency ?? 'JPY');
  const unpaid = view.players.filter((p) => p.paid === false);
  const organizer = can(account, 'SetEntryFee', id);
  if (!fee && !organizer) return null;
  const typed = amount.normalize('NFKC').trim();
  return (
    <div className="card stack" data-testid="entry-fee">
      <h2>{t('fee.title')}</h2>
      {fee ? (
        <>
          <p className="self-big self-count" data-testid="fee-totals">
            <span>{t('fee.paid', { n: fee.paid, total: money(fee.paidTotal, fee.currency, lang) })}</span>{' '}
            <span>{t('fee.unpaid', { n: fee.unpaid, total: money(fee.unpaidTotal, fee.currency, lang) })}</span>
          </p>
          <p className="muted">{t('fee.amount', { fee: money(fee.amount, fee.currency, lang) })}</p>
          {unpaid.length > 0 && (
            <p data-testid="fee-unpaid-names">
              {t('fee.unpaidNames')}{' '}
              {unpaid
                .slice(0, UNPAID_NAMED)
                .map((p) => p.name)
                .join(lang === 'ja' ? '、' : ', ')}
              {unpaid.length > UNPAID_NAMED && ` ${t('fee.more', { n: unpaid.length - UNPAID_NAMED })}`}
            </p>
          )}
          <p className="field-hint">{t('fee.notBlocking')}</p>
        </>
      ) : (
        <p className="muted">{t('fee.none')}</p>
      )}
      {organizer && (
        <div className="fee-form">
          <TextField
            label={t('fee.amountLabel')}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={t('fee.amountHint')}
            data-testid="fee-amount"
          />
          <TextField
            label={t('fee.currencyLabel')}
            value={currency}
            maxLength={3}
            onChange={(e) => setCurrency(e.target.value.toUpperCase())}
            data-testid="fee-currency"
          />
          <WriteButton
            className="button button-small"
            disabled={!/^\d+$/.test(typed)}
            onWrite={() => feeWrites.set(id, version, Number(typed), currency.trim() || 'JPY')}
            data-testid="fee-set"
          >
            {t('fee.set')}
          </WriteButton>
        </div>
      )}
    </div>
  );
}

/** One player's fee at the desk: paid (with an undo for a mark made in error) or a button to mark it. */
export function FeeMark({ player }: { player: CheckInsView['players'][number] }) {
  const { t } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  if (player.paid === null) return null;
  if (!can(account, 'RecordFeePayment', id))
    return <span className="muted">{t(player.paid ? 'fee.markPaid' : 'fee.markUnpaid')}</span>;
  return player.paid ? (
    <span className="fee-mark">
      <span className="fee-paid">{t('fee.markPaid')}</span>{' '}
      <WriteButton
        className="button button-small button-quiet"
        onWrite={() => feeWrites.paid(id, player.id, false)}
        data-testid={`fee-undo-${player.id}`}
      >
        {t('fee.undo')}
      </WriteButton>
    </span>
  ) : (
    <WriteButton
      className="button button-small"
      onWrite={() => feeWrites.paid(id, player.id, true)}
      data-testid={`fee-paid-${player.id}`}
    >
      {t('fee.take')}
    </WriteButton>
  );
}
