import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { outbox, type FailedWrite, type WriteLabel } from '../api/outbox';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { paths, writes } from '../api/tournament-api';
import type { PairingsView, TableView } from '../api/types';
import { useLang } from '../i18n/i18n';
import { useOutcomeText } from './outcome-text';
import { WriteButton } from './pending-button';
import { withoutPath } from '../api/error-text';
import { asSentence } from './status';

/*
 * A write the server refused, kept in view until the person decides: discard it, or (for a
 * match result) send it again as a correction with a reason, or, for a floor judge, ask the
 * head judge for that correction. A result shows what was sent and
 * what is recorded now, so the judge sees the difference before choosing.
 */

const RESULT_PATH = /^\/api\/tournaments\/([^/]+)\/rounds\/(\d+)\/tables\/(\d+)\/result$/;

/** The match a refused result write was for, if it was one. */
export function refusedResult(
  f: FailedWrite,
): { tournament: string; round: number; table: number; duels: readonly string[] } | null {
  const match = f.request?.method === 'POST' ? RESULT_PATH.exec(f.request.path) : null;
  const duels = (f.request?.body as { duels?: unknown } | undefined)?.duels;
  if (!match || !Array.isArray(duels)) return null;
  return {
    tournament: decodeURIComponent(match[1]!),
    round: Number(match[2]),
    table: Number(match[3]),
    duels: duels.map(String),
  };
}

export function RefusedWrite({ failed, label }: { failed: FailedWrite; label: (l: WriteLabel) => string }) {
  const { t } = useT();
  const { pick } = useLang();
  const result = refusedResult(failed);
  return (
    <div className="notice notice-error refused-write" role="alert" data-testid="failed-write">
      <p>
        <strong>
          {failed.code === 'version-conflict' && !failed.queued
            ? t('outbox.conflict')
            : t('outbox.refused', { action: label(failed.label) })}
        </strong>
      </p>
      <p data-testid="failed-reason">
        {failed.code === 'version-conflict' && failed.queued
          ? t('outbox.changedWhileQueued')
          : asSentence(withoutPath(pick(failed.text)))}
      </p>
      {result ? (
        <RefusedResult failed={failed} result={result} />
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => outbox.dismiss(failed.key)}
          data-testid="discard-failed"
        >
          {failed.queued ? t('outbox.discard') : t('action.dismiss')}
        </button>
      )}
    </div>
  );
}

function RefusedResult({
  failed,
  result,
}: {
  failed: FailedWrite;
  result: NonNullable<ReturnType<typeof refusedResult>>;
}) {
  const { t } = useT();
  const { account } = useSession();
  const outcomeText = useOutcomeText();
  const pairings = useResource<PairingsView>(paths.pairings(result.tournament, result.round));
  const table = pairings.data?.tables.find((x) => x.table === result.table);
  const [reason, setReason] = useState('');
  const canCorrect = can(account, 'CorrectResult', result.tournament);
  // A floor judge cannot correct a result: the correction goes to the head judge as a request.
  const canAsk = !canCorrect && can(account, 'SubmitRequest', result.tournament);
  const recorded = table !== undefined && table.outcome.kind !== 'pending';
  return (
    <>
      <p data-testid="failed-sent">
        {t('outbox.sentResult', { result: table ? duelsText(table, result.duels) : result.duels.join(', ') })}
      </p>
      {table && <p data-testid="failed-recorded">{t('outbox.recordedResult', { result: outcomeText(table) })}</p>}
      {(canCorrect || canAsk) && recorded && (
        <label className="field">
          <span>{t('outbox.correctionReason')}</span>
          <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="failed-correction-reason" />
        </label>
      )}
      <div className="late-actions">
        <button
          type="button"
          className="button"
          onClick={() => outbox.dismiss(failed.key)}
          data-testid="discard-failed"
        >
          {t('outbox.discard')}
        </button>
        {canAsk && recorded && (
          <WriteButton
            disabled={reason.trim() === ''}
            onWrite={() =>
              writes.submitRequest(result.tournament, null, {
                kind: 'correction',
                correction: { round: result.round, table: result.table, duels: result.duels, reason: reason.trim() },
              })
            }
            onDone={() => outbox.dismiss(failed.key)}
            data-testid="ask-correction"
          >
            {t('request.askCorrection')}
          </WriteButton>
        )}
        {canCorrect && recorded && (
          <WriteButton
            disabled={reason.trim() === ''}
            onWrite={() =>
              writes.correctResult(result.tournament, null, result.round, result.table, result.duels, reason.trim())
            }
            onDone={() => outbox.dismiss(failed.key)}
            data-testid="send-correction"
          >
            {t('outbox.sendAsCorrection')}
          </WriteButton>
        )}
      </div>
    </>
  );
}

/** "Emily 2-0" for a list of duel winners, as the judge entered it. */
function duelsText(table: TableView, duels: readonly string[]): string {
  const [a, b] = table.players;
  if (!a || !b) return duels.join(', ');
  const wins = (id: string) => duels.filter((d) => d === id).length;
  const [winner, loser] = wins(a.id) >= wins(b.id) ? [a, b] : [b, a];
  return `${winner.name} ${wins(winner.id)}-${wins(loser.id)}`;
}
