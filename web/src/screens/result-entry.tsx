import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { duelsOfScore, matchDecided } from '../../../src/core/tournament/match-format.js';
import { writes } from '../api/tournament-api';
import type { PairingsView, TableView } from '../api/types';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';

const DRAW = 'draw';

/**
 * Duel wins per seat after the penalty duels and the duels entered, and whether the match is
 * decided by the core's own rule (matchDecided) for the format the server's pairings name.
 */
function tally(
  table: TableView,
  entered: readonly string[],
  format: MatchFormat,
): { wins: [number, number]; decided: boolean } {
  const [a, b] = table.players;
  const wins: [number, number] = [0, 0];
  let played = 0;
  for (const d of table.duels) {
    if (d.byPenalty.length === 0) continue;
    played++;
    if (d.winner === a?.id) wins[0]++;
    else if (d.winner === b?.id) wins[1]++;
  }
  for (const e of entered) {
    played++;
    if (e === a?.id) wins[0]++;
    else if (e === b?.id) wins[1]++;
  }
  return { wins, decided: matchDecided(format.bestOf, wins, played) };
}

/** The round's match format as the pairings send it. */
type MatchFormat = Pick<PairingsView, 'bestOf' | 'winsNeeded'>;

/** The usual scores of a format, from the winner's side: 1-0; 2-0, 2-1; 3-0, 3-1, 3-2. */
function usualScores(need: number): readonly (readonly [number, number])[] {
  return Array.from({ length: need }, (_, lost) => [need, lost] as const);
}

/**
 * Result entry for one table, duel by duel in the order played (the duels a penalty already
 * decided are shown and left out, as the server expects). Quick buttons fill the usual scores.
 * With `correction`, the entry replaces a reported result and needs a reason.
 */
export function ResultEntry({
  tournament,
  version,
  round,
  table,
  correction,
  allowDraw,
  format: matchFormat,
  onDone,
}: {
  tournament: string;
  version: number | null;
  round: number;
  table: TableView;
  correction: boolean;
  allowDraw: boolean;
  /** The round's match format: how many duels the entry takes. */
  format: MatchFormat;
  onDone: () => void;
}) {
  const { t } = useT();
  const [duels, setDuels] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [a, b] = table.players;
  if (!a || !b || table.table === null) return null;
  const tableNumber = table.table;
  const penaltyDuels = table.duels.filter((d) => d.byPenalty.length > 0);
  const { wins, decided } = tally(table, duels, matchFormat);
  const nameOf = (id: string) => (id === a.id ? a.name : id === b.id ? b.name : t('result.draw'));
  const quick = (first: string, second: string, score: readonly [number, number]) => ({
    id: `quick-${tableNumber}-${first}-${score.join('-')}`,
    label:
      matchFormat.winsNeeded === 1
        ? t('formats.quickWin', { name: nameOf(first) })
        : `${nameOf(first)} ${score.join('-')}`,
    duels: duelsOfScore(first, second, score[0], score[1]),
  });
  const quicks = [
    ...usualScores(matchFormat.winsNeeded).map((score) => quick(a.id, b.id, score)),
    ...usualScores(matchFormat.winsNeeded).map((score) => quick(b.id, a.id, score)),
  ];

  return (
    <div className="result-entry" data-testid={`result-entry-${tableNumber}`}>
      {penaltyDuels.length > 0 && (
        <ul className="plain">
          {penaltyDuels.map((d) => (
            <li key={d.duel}>
              {t('result.penaltyDuel', { duel: d.duel, winner: d.winner ? nameOf(d.winner) : t('result.nobody') })}
            </li>
          ))}
        </ul>
      )}
      <div className="quick-results" role="group" aria-label={t('result.quick')}>
        {quicks.map((q) => (
          <button
            key={q.id}
            type="button"
            className="button"
            onClick={() => setDuels(q.duels)}
            disabled={penaltyDuels.length > 0}
            data-testid={q.id}
          >
            {q.label}
          </button>
        ))}
        {allowDraw && (
          // Both players agree to a draw: recorded as one drawn duel, which the core counts as a drawn match.
          <button
            type="button"
            className="button"
            onClick={() => setDuels([DRAW])}
            disabled={penaltyDuels.length > 0}
            data-testid={`quick-${tableNumber}-intentional-draw`}
          >
            {t('result.intentionalDraw')}
          </button>
        )}
      </div>
      {penaltyDuels.length > 0 && <p className="field-hint">{t('result.quickDisabled')}</p>}
      <p className="field-hint" data-testid={`entry-format-${tableNumber}`}>
        {matchFormat.bestOf === 1
          ? t('formats.entrySingle')
          : t('formats.entryMatch', { bestOf: matchFormat.bestOf, count: matchFormat.winsNeeded })}{' '}
        {t('result.byDuel')}
      </p>
      <div
        className="duel-buttons"
        role="group"
        aria-label={t('result.nextDuel', { duel: penaltyDuels.length + duels.length + 1 })}
      >
        <button
          type="button"
          className="button"
          disabled={decided}
          onClick={() => setDuels([...duels, a.id])}
          data-testid={`duel-${tableNumber}-${a.id}`}
        >
          {t('result.duelWonBy', { name: a.name })}
        </button>
        <button
          type="button"
          className="button"
          disabled={decided}
          onClick={() => setDuels([...duels, b.id])}
          data-testid={`duel-${tableNumber}-${b.id}`}
        >
          {t('result.duelWonBy', { name: b.name })}
        </button>
        {allowDraw && (
          <button type="button" className="button" disabled={decided} onClick={() => setDuels([...duels, DRAW])}>
            {t('result.drawnDuel')}
          </button>
        )}
      </div>
      <p aria-live="polite" className="result-preview">
        {duels.length === 0
          ? t('result.noneEntered')
          : t('result.preview', {
              a: a.name,
              b: b.name,
              winsA: wins[0],
              winsB: wins[1],
              duels: duels.map(nameOf).join(' → '),
            })}{' '}
        {duels.length > 0 && (
          <button type="button" className="link-button" onClick={() => setDuels(duels.slice(0, -1))}>
            {t('result.undo')}
          </button>
        )}
      </p>
      {correction && (
        <TextField label={t('result.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required />
      )}
      <WriteButton
        className="button button-primary"
        disabled={duels.length === 0 || (correction && reason.trim() === '')}
        onWrite={() =>
          correction
            ? writes.correctResult(tournament, version, round, tableNumber, duels, reason.trim())
            : writes.reportResult(tournament, version, round, tableNumber, duels)
        }
        onDone={() => {
          setDuels([]);
          onDone();
        }}
        data-testid={`submit-result-${tableNumber}`}
      >
        {correction ? t('result.submitCorrection') : t('result.submit')}
      </WriteButton>
    </div>
  );
}
