import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { PlayerView } from '../api/types';
import { TextField } from '../components/form';
import { readingProblem } from '../../../src/core/names/reading.js';
import { PLAYER_NAME } from '../../../src/core/tournament/limits.js';
import { WriteButton } from '../components/pending-button';
import { ReadingField } from './reading-field';

/** The name or reading set right: a reading added after an import without one, a name misspelt at the desk. */
export function EditDetails({ player }: { player: PlayerView }) {
  const { t } = useT();
  // The form is built once opened: a page of 100 rows each with its closed form made the phone lay out 200 fields.
  const [open, setOpen] = useState(false);
  return (
    <details data-testid={`edit-${player.id}`} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="button button-small">{t('names.edit')}</summary>
      {open && <EditDetailsForm player={player} />}
    </details>
  );
}

/** The opened form: only what changed is sent. */
function EditDetailsForm({ player }: { player: PlayerView }) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const [name, setName] = useState(player.name);
  const [reading, setReading] = useState(player.reading ?? '');
  const readingWrong = reading.trim() === '' ? null : readingProblem(reading);
  const nextReading = reading.trim() === '' ? null : reading.trim();
  const change = {
    ...(name.trim() !== player.name ? { name: name.trim() } : {}),
    ...(nextReading !== (player.reading ?? null) ? { reading: nextReading } : {}),
  };
  return (
    <div className="stack">
      <TextField
        label={t('players.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={PLAYER_NAME.max}
        name="editName"
      />
      <ReadingField value={reading} onChange={setReading} problem={readingWrong} name="editReading" />
      <WriteButton
        className="button button-primary"
        disabled={readingWrong !== null || name.trim() === '' || Object.keys(change).length === 0}
        onWrite={() => writes.changePlayerDetails(id, version, player.id, change)}
      >
        {t('names.save')}
      </WriteButton>
    </div>
  );
}
