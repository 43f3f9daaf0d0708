import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes, type DecklistUpload } from '../api/tournament-api';
import { invalidate } from '../api/resource';
import type { DeckFinding, DecklistCheckAnswer } from '../api/types';
import { REASON } from '../../../src/core/tournament/limits.js';
import { WriteButton } from '../components/pending-button';
import { DecklistInput } from './decklist-input';

/** The head judge's correction of a list the player already played with: the new list and why. */
export function CorrectDecklist({
  player,
  onFindings,
}: {
  player: string;
  onFindings: (findings: readonly DeckFinding[] | null) => void;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const [upload, setUpload] = useState<DecklistUpload | null>(null);
  const [reason, setReason] = useState('');
  return (
    <div className="stack" data-testid={`correct-decklist-${player}`}>
      <p className="muted">{t('decklist.correctHint')}</p>
      <DecklistInput value={upload} onChange={setUpload} />
      <label className="field">
        <span>{t('decklist.correctReason')}</span>
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={2}
          maxLength={REASON.max}
          name="correctReason"
        />
      </label>
      <WriteButton
        disabled={!upload || reason.trim() === ''}
        onWrite={() => {
          onFindings(null);
          return writes.correctDecklist(id, version, player, upload!, reason.trim());
        }}
        onDone={(outcome) => {
          setUpload(null);
          setReason('');
          invalidate(paths.decklist(id, player));
          onFindings((outcome.body as DecklistCheckAnswer).findings ?? null);
        }}
      >
        {t('decklist.correctSubmit')}
      </WriteButton>
    </div>
  );
}
