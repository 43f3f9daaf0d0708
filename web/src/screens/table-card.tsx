import { memo, useState } from 'react';
import { MatchReportsLink } from '../self-service/staff-panels';
import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes } from '../api/tournament-api';
import type { PairingsView, TableView } from '../api/types';
import { useFailedFor, useLabel, usePendingFor } from '../components/outbox-bar';
import { RefusedWrite } from '../components/refused-write';
import { WriteButton } from '../components/pending-button';
import { ExtendTime } from './extend-time';
import { ResultEntry } from './result-entry';
import { useOutcomeText } from '../components/outcome-text';
import type { JudgeReason } from './needs-judge';
import { Seat } from './table-seat';

// Memoised: a search or a page turn re-renders only the cards whose table changed.
export const TableCard = memo(function TableCard({
  table,
  round,
  ended,
  topCut,
  format,
  reload,
  version: pairingsVersion,
  needsJudge,
  playing,
}: {
  table: TableView;
  round: number;
  ended: boolean;
  topCut: boolean;
  format: Pick<PairingsView, 'bestOf' | 'winsNeeded' | 'maxDuels'>;
  reload: () => void;
  version: number | null;
  needsJudge: JudgeReason | undefined;
  playing: boolean;
}) {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const version = useVersion();
  const outcomeText = useOutcomeText();
  const [entering, setEntering] = useState(false);
  const tablePath = `${paths.rounds(id)}/${round}/tables/${table.table}`;
  const pending = usePendingFor(`${tablePath}/`);
  const refused = useFailedFor(`${tablePath}/`);
  const label = useLabel();
  const canReport = can(account, 'ReportResult', id);
  const canCorrect = can(account, 'CorrectResult', id);
  const judge = can(account, 'MarkSeated', id);
  const reported = table.outcome.kind !== 'pending';
  const writeVersion = Math.max(version ?? 0, pairingsVersion ?? 0) || null;

  if (table.table === null) {
    const player = table.players[0];
    return (
      <li className="table-card table-bye">
        <p className="table-number">{t('round.bye')}</p>
        <p>{player?.name}</p>
      </li>
    );
  }
  return (
    <li
      className={`table-card${reported ? ' table-done' : ''}${needsJudge ? ' table-needs-judge' : ''}`}
      data-testid={`table-${table.table}`}
    >
      <div className="table-head">
        <p className="table-number">{t('round.table', { table: table.table })}</p>
        <p className="table-outcome" data-testid={`outcome-${table.table}`}>
          {needsJudge ? (
            <span className="badge badge-warn" data-testid={`needs-judge-${table.table}`}>
              {t('round.needsJudge')} · {t(`selfService.queue.${needsJudge}`)}
            </span>
          ) : !reported && !playing ? (
            t('wall.notStartedMain')
          ) : (
            outcomeText(table)
          )}
          {pending > 0 && (
            <span className="badge badge-pending">
              <span className="spinner" aria-hidden="true" /> {t('status.pending')}
            </span>
          )}
        </p>
      </div>
      {refused.map((f) => (
        <RefusedWrite key={f.key} failed={f} label={label} />
      ))}
      <ul className="seats">
        {table.players.map((p) => (
          <Seat key={p.id} seat={p} table={table.table!} round={round} judge={judge && !ended} version={writeVersion} />
        ))}
      </ul>
      {judge && !ended && !reported && table.players.filter((p) => !p.seatedAt).length === 2 && (
        <WriteButton
          className="button button-small"
          onWrite={async () => {
            // Both players of the table: two seat marks, the second decided on the first's version by the outbox.
            const [first, second] = table.players;
            const one = await writes.markSeated(id, writeVersion, round, table.table!, first!.id);
            return one.ok ? writes.markSeated(id, writeVersion, round, table.table!, second!.id) : one;
          }}
          data-testid={`seat-table-${table.table}`}
        >
          {t('round.tableSeated')}
        </WriteButton>
      )}
      {table.extensionMinutes > 0 && <p className="muted">{t('round.extended', { count: table.extensionMinutes })}</p>}
      {judge && table.playerReports && <MatchReportsLink round={round} table={table.table} />}
      {table.duels
        .filter((d) => d.byPenalty.length > 0)
        .map((d) => (
          <p key={d.duel} className="notice notice-warn" data-testid={`penalty-duel-${table.table}-${d.duel}`}>
            {t('round.penaltyDuel', {
              duel: d.duel,
              winner: table.players.find((p) => p.id === d.winner)?.name ?? t('result.nobody'),
            })}
          </p>
        ))}
      {table.needsResultAgain && <p className="notice notice-warn">{t('round.needsResultAgain')}</p>}
      {table.noSideDeckBeforeFirstPlayedDuel && <p className="muted">{t('round.noSideDeck')}</p>}
      {!ended && (canReport || canCorrect) && (!reported || canCorrect || table.needsResultAgain) && (
        <details open={entering} onToggle={(e) => setEntering((e.target as HTMLDetailsElement).open)}>
          <summary className="button" data-testid={`enter-result-${table.table}`}>
            {reported && !table.needsResultAgain ? t('result.correct') : t('result.enter')}
          </summary>
          {entering && (
            <ResultEntry
              tournament={id}
              version={writeVersion}
              round={round}
              table={table}
              correction={reported && !table.needsResultAgain}
              allowDraw={!topCut}
              format={format}
              onDone={() => {
                setEntering(false);
                reload();
              }}
            />
          )}
        </details>
      )}
      {judge && !ended && !reported && (
        <ExtendTime tournament={id} version={writeVersion} round={round} table={table.table} />
      )}
    </li>
  );
});
