import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { PairingsView } from '../api/types';
import { SelectField } from '../components/form';
import { WriteButton } from '../components/pending-button';

/** Before a held Swiss round is published: two players change places (the server refuses two at one table). */
export function HeldSwap({ view, version: pairingsVersion }: { view: PairingsView; version: number | null }) {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const version = Math.max(useVersion() ?? 0, pairingsVersion ?? 0) || null;
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  if (view.stage !== 'swiss' || !can(account, 'FixPairing', id)) return null;
  const seats = view.tables.flatMap((table) =>
    table.players.map((p) => ({
      id: p.id,
      label: `${table.table === null ? t('wall.bye') : t('round.table', { table: table.table })} · ${p.name} (${p.id})`,
    })),
  );
  const choose = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <SelectField label={label} value={value} onChange={(e) => set(e.target.value)} data-testid={testId}>
      <option value="">{t('round.swapChoose')}</option>
      {seats.map((s) => (
        <option key={s.id} value={s.id}>
          {s.label}
        </option>
      ))}
    </SelectField>
  );
  return (
    <details className="card stack" data-testid="held-swap">
      <summary>{t('round.swapTitle')}</summary>
      {choose(t('round.swapFirst'), a, setA, 'swap-a')}
      {choose(t('round.swapSecond'), b, setB, 'swap-b')}
      <WriteButton
        className="button"
        disabled={a === '' || b === '' || a === b}
        onWrite={() => writes.fixPairing(id, version, view.round, a, b)}
        onDone={() => {
          setA('');
          setB('');
        }}
        data-testid="swap-send"
      >
        {t('round.swap')}
      </WriteButton>
    </details>
  );
}
