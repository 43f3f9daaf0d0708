import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { writes } from '../api/tournament-api';
import { TextField } from '../components/form';
import { LazyDetails } from '../components/lazy-details';
import { WriteButton } from '../components/pending-button';
import { EXTENSION_MINUTES } from '../../../src/core/tournament/limits.js';

/** A judge's time extension for one table (after a long ruling, a deck check). */
export function ExtendTime({
  tournament,
  version,
  round,
  table,
}: {
  tournament: string;
  version: number | null;
  round: number;
  table: number;
}) {
  const { t } = useT();
  const [minutes, setMinutes] = useState(3);
  const [reason, setReason] = useState('');
  return (
    <LazyDetails className="extend" summary={<summary className="button button-quiet">{t('extend.open')}</summary>}>
      {() => (
        <>
          <div className="field-row">
            <TextField
              label={t('extend.minutes')}
              type="number"
              min={EXTENSION_MINUTES.min}
              max={EXTENSION_MINUTES.max}
              value={minutes}
              onChange={(e) => setMinutes(Number(e.target.value))}
            />
            <TextField label={t('extend.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <WriteButton
            onWrite={() => writes.extendTime(tournament, version, round, table, minutes, reason.trim() || undefined)}
            onDone={() => setReason('')}
            disabled={!(minutes >= 1)}
          >
            {t('extend.submit', { count: minutes })}
          </WriteButton>
        </>
      )}
    </LazyDetails>
  );
}
