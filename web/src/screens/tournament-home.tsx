import { useState } from 'react';
import { EntrySettings } from '../self-service/entry-settings';
import { PairingReasonsControl, PlayerReportingControl, SelfServiceLinks } from '../self-service/staff-panels';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { SelectField, TextField } from '../components/form';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { paths, writes, type ListHistory } from '../api/tournament-api';
import type { Stage, StageFormat, TournamentSummary } from '../api/types';
import { useRoundLabel } from '../components/round-label';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { Link } from '../router';
import { RoundControls } from './round-controls';
import { AnnounceForm } from './announce-form';
import { REASON } from '../../../src/core/tournament/limits.js';

/** The tournament at a glance: its settings, where it stands, and the next step for the staff. */
export function TournamentHome() {
  const { t } = useT();
  const { summary } = useTournament();
  return (
    <Loaded resource={summary}>
      {(tournament) => (
        <section className="stack">
          <h1>{tournament.settings.name}</h1>
          <Settings tournament={tournament} />
          <DeckRulesControl tournament={tournament} />
          <EntrySettings />
          <RoundControls />
          <FinishControl tournament={tournament} />
          <PlayerReportingControl />
          <AnnounceForm />
          <PairingReasonsControl />
          <nav aria-label={t('home.links')}>
            <ul className="link-list">
              <li>
                <Link to={`/t/${encodeURIComponent(tournament.id)}/find`}>{t('nav.findTable')}</Link>
              </li>
              <li>
                <Link to={`/t/${encodeURIComponent(tournament.id)}/standings`}>{t('nav.standings')}</Link>
              </li>
              <li>
                <Link to={`/t/${encodeURIComponent(tournament.id)}/print/standings`}>{t('print.standings')}</Link>
              </li>
              <SelfServiceLinks />
            </ul>
          </nav>
        </section>
      )}
    </Loaded>
  );
}

function Settings({ tournament }: { tournament: TournamentSummary }) {
  const { t } = useT();
  const { settings } = tournament;
  const s = settings.structure;
  return (
    <dl className="facts">
      <div>
        <dt>{t('home.date')}</dt>
        <dd>
          {settings.date}
          {settings.timeZone && (
            <span className="muted" data-testid="time-zone">
              {' '}
              ({settings.timeZone})
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('home.status')}</dt>
        <dd>{t(`tournaments.status.${tournament.status}`)}</dd>
      </div>
      <div>
        <dt>{t('home.structure')}</dt>
        <dd>
          {s.kind === 'swiss'
            ? t('home.swiss', { rounds: s.rounds }) +
              (s.topCut > 0 ? ` + ${t('create.topN', { count: s.topCut })}` : '') +
              (s.topCut > 0 && s.topCutByes ? t('formats.withByes') : '')
            : t('create.singleElimination')}
        </dd>
      </div>
      <StageFormats tournament={tournament} />
      <div>
        <dt>{t('home.players')}</dt>
        <dd>{tournament.players}</dd>
      </div>
      <div>
        <dt>{t('home.decklists')}</dt>
        <dd>{settings.decklistsRequired ? t('home.decklistsRequired') : t('home.decklistsOptional')}</dd>
      </div>
      <div>
        <dt>{t('home.deckRules')}</dt>
        <dd data-testid="deck-rules">
          {settings.deckRules
            ? t('home.deckRulesValue', {
                list: settings.deckRules.banlist?.name ?? t('home.noList'),
                cards: settings.deckRules.cardPool.cards,
              })
            : t('home.deckRulesDefault')}
        </dd>
      </div>
      <div>
        <dt>{t('home.pack')}</dt>
        <dd>
          {tournament.pack.id} {tournament.pack.version}
        </dd>
      </div>
    </dl>
  );
}

/** Each stage's match format and round length, then each later phase (day two…) from its first round. */
function StageFormats({ tournament }: { tournament: TournamentSummary }) {
  const { t } = useT();
  const { format } = useRoundLabel();
  const { settings } = tournament;
  const s = settings.structure;
  const stages: Stage[] = s.kind === 'swiss' ? (s.topCut > 0 ? ['swiss', 'top-cut'] : ['swiss']) : ['top-cut'];
  const line = (f: StageFormat) =>
    t('formats.formatLine', { format: format(f.bestOf), minutes: t('home.minutes', { count: f.roundMinutes }) });
  return (
    <>
      {stages.map((stage) => (
        <div key={stage}>
          <dt>{t(stage === 'swiss' ? 'formats.swiss' : 'formats.topCut')}</dt>
          <dd data-testid={`format-${stage}`}>
            {line(settings.stages?.[stage] ?? { bestOf: 3, roundMinutes: settings.roundMinutes })}
          </dd>
        </div>
      ))}
      {(tournament.phases ?? []).map((p) => (
        <div key={p.fromRound}>
          <dt>{p.name}</dt>
          <dd data-testid={`phase-${p.fromRound}`}>
            {t('formats.phaseLine', { round: p.fromRound, format: line(p.format) })}
          </dd>
        </div>
      ))}
    </>
  );
}

function FinishControl({ tournament }: { tournament: TournamentSummary }) {
  const { t } = useT();
  const { account } = useSession();
  const { id, version } = useTournament();
  const last = tournament.rounds[tournament.rounds.length - 1];
  if (tournament.status !== 'open' || !last?.ended || !can(account, 'FinishTournament', id)) return null;
  const button = (
    <WriteButton
      onWrite={() => writes.finish(id, version)}
      confirm={t('home.finishConfirm')}
      data-testid="finish-tournament"
    >
      {t('home.finish')}
    </WriteButton>
  );
  // With rounds still to pair, finishing is ending early: folded away, not a step beside "pair".
  if (tournament.next?.kind === 'none') return button;
  return (
    <details data-testid="finish-early">
      <summary>{t('home.finishEarly')}</summary>
      {button}
    </details>
  );
}

/** The organizer changes the F/L list until round 1 is paired, saying why (recorded with who did it). */
function DeckRulesControl({ tournament }: { tournament: TournamentSummary }) {
  const { t } = useT();
  const { account } = useSession();
  const { id, version } = useTournament();
  const lists = useResource<ListHistory>(paths.lists(tournament.settings.date));
  const [list, setList] = useState('');
  const [reason, setReason] = useState('');
  if (tournament.rounds.length > 0 || tournament.status !== 'open' || !can(account, 'ChangeDeckRules', id)) return null;
  return (
    <details className="stack" data-testid="deck-rules-change">
      <summary>{t('home.deckRulesChange')}</summary>
      <SelectField label={t('create.list')} name="changeBanlist" value={list} onChange={(e) => setList(e.target.value)}>
        <option value="">
          {lists.data?.inForce ? t('create.listInForce', { name: lists.data.inForce }) : t('create.listInForceNone')}
        </option>
        {[...(lists.data?.lists ?? [])].reverse().map((l) => (
          <option key={l.name} value={l.name}>
            {l.name}
          </option>
        ))}
        <option value="none">{t('create.listNone')}</option>
      </SelectField>
      <TextField
        label={t('home.deckRulesReason')}
        name="deckRulesReason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={REASON.max}
        required
      />
      <WriteButton
        disabled={reason.trim() === ''}
        onWrite={() =>
          writes.changeDeckRules(id, version, {
            banlist: list === '' ? (lists.data?.inForce ?? 'none') : list,
            reason: reason.trim(),
          })
        }
        data-testid="change-deck-rules"
      >
        {t('home.deckRulesSubmit')}
      </WriteButton>
    </details>
  );
}
