import { useState } from 'react';
import { useT } from '../i18n/use-t';
import type { PrizeView } from '../../../src/app/projections/prize-view.js';
import type { PrizeRule } from '../../../src/core/tournament/events.js';
import { outbox } from '../api/outbox';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { SelectField, TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { DeskTexts } from '../i18n/desk-texts';
import { useLang } from '../i18n/i18n';

/*
 * Prizes at the desk: the list by final place or for a round (played or won), awarding each
 * to the players its rule names now, and who received what. The core decides who receives:
 * a disqualified player holds no place, and one disqualified with loss of prizes receives
 * nothing and loses what was awarded; the screen says so by name, so the desk can tell a
 * player why.
 */

const base = (t: string) => `/api/tournaments/${encodeURIComponent(t)}/prizes`;
type Prize = PrizeView['prizes'][number];
const listOf = (prizes: readonly Prize[]) => prizes.map(({ id, name, rule }) => ({ id, name, rule }));

function setList(t: string, v: number | null, prizes: readonly { id: string; name: string; rule: PrizeRule }[]) {
  return outbox.send({
    method: 'PUT',
    path: base(t),
    body: { prizes },
    tournament: t,
    version: v,
    label: { key: 'prizes.write.set' },
  });
}

const award = (t: string, v: number | null, prize: string) =>
  outbox.send({
    method: 'POST',
    path: `${base(t)}/${encodeURIComponent(prize)}/award`,
    body: {},
    tournament: t,
    version: v,
    label: { key: 'prizes.write.award', params: { prize } },
  });

function useRuleText() {
  const { t } = useT();
  return (rule: PrizeRule) =>
    rule.kind === 'round'
      ? t(rule.who === 'won' ? 'prizes.roundWon' : 'prizes.roundPlayed', { round: rule.round })
      : rule.from === rule.to
        ? t('prizes.place', { place: rule.from })
        : t('prizes.places', { from: rule.from, to: rule.to });
}

export function Prizes() {
  return (
    <DeskTexts>
      <PrizeDesk />
    </DeskTexts>
  );
}

function PrizeDesk() {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { account } = useSession();
  const view = useResource<PrizeView>(base(id));
  const version = useVersion(view);
  const ruleText = useRuleText();
  const organizer = can(account, 'SetPrizeList', id);
  return (
    <section className="stack" data-testid="prizes">
      <h1>{t('prizes.title')}</h1>
      <Loaded resource={view}>
        {(v) => {
          const anyAwarded = v.prizes.some((p) => p.awarded !== null);
          return (
            <>
              {v.prizes.length === 0 && <p className="muted">{t('prizes.none')}</p>}
              <ul className="card-list">
                {v.prizes.map((p) => (
                  <li key={p.id} className="card stack" data-testid={`prize-${p.id}`}>
                    <p>
                      <strong>{p.name}</strong> <span className="muted">{ruleText(p.rule)}</span>
                    </p>
                    {p.awarded === null ? (
                      organizer && (
                        <div className="row-actions">
                          <WriteButton
                            className="button button-small"
                            onWrite={() => award(id, version, p.id)}
                            onDone={view.reload}
                            data-testid={`prize-award-${p.id}`}
                          >
                            {t('prizes.award')}
                          </WriteButton>
                          {!anyAwarded && (
                            <WriteButton
                              className="button button-small button-quiet"
                              onWrite={() => setList(id, version, listOf(v.prizes.filter((q) => q.id !== p.id)))}
                              onDone={view.reload}
                              data-testid={`prize-remove-${p.id}`}
                            >
                              {t('prizes.remove')}
                            </WriteButton>
                          )}
                        </div>
                      )
                    ) : p.awarded.length === 0 ? (
                      <p className="muted">{t('prizes.nobody')}</p>
                    ) : (
                      <ul className="prize-awards">
                        {p.awarded.map((a) => (
                          <li key={a.player} className={a.withdrawn ? 'prize-withdrawn' : undefined}>
                            {a.name} <span className="muted">{a.player}</span>
                            {a.withdrawn && <span className="prize-withdrawn-note"> {t('prizes.withdrawn')}</span>}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
              {v.excluded.length > 0 && (
                <div className="notice notice-warn stack" data-testid="prize-excluded">
                  <h2>{t('prizes.excludedTitle')}</h2>
                  <ul>
                    {v.excluded.map((e) => (
                      <li key={e.player}>
                        <strong>{e.name}</strong> <span>{e.player}</span>:{' '}
                        {t(e.status === 'disqualified' ? 'prizes.excludedPlain' : 'prizes.excludedForfeit')}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {v.byPlayer.length > 0 && (
                <section className="stack">
                  <h2>{t('prizes.byPlayer')}</h2>
                  <ul className="card-list" data-testid="prize-by-player">
                    {v.byPlayer.map((p) => (
                      <li key={p.player} className="card">
                        <strong>{p.name}</strong> <span className="muted">{p.player}</span>
                        <div>{p.prizes.join(lang === 'ja' ? '、' : ', ')}</div>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {organizer && !anyAwarded && <AddPrize prizes={v.prizes} version={version} onDone={view.reload} />}
              {organizer && anyAwarded && <p className="field-hint">{t('prizes.fixed')}</p>}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** The organizer adds a prize: for a final place (or a range) or for a round, played or won. */
function AddPrize({
  prizes,
  version,
  onDone,
}: {
  prizes: readonly Prize[];
  version: number | null;
  onDone: () => void;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'rank' | 'played' | 'won'>('rank');
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('1');
  const [round, setRound] = useState('1');
  const int = (s: string) => Number(s.normalize('NFKC').trim());
  const rule: PrizeRule =
    kind === 'rank' ? { kind: 'rank', from: int(from), to: int(to) } : { kind: 'round', round: int(round), who: kind };
  const numbers = kind === 'rank' ? [from, to] : [round];
  const ready = name.trim() !== '' && numbers.every((n) => /^\d+$/.test(n.normalize('NFKC').trim()));
  // A new id each time: the next free "p<n>", so the organizer never has to invent one.
  const taken = new Set(prizes.map((p) => p.id));
  let n = prizes.length + 1;
  while (taken.has(`p${n}`)) n++;
  return (
    <form className="card stack" data-testid="prize-add" onSubmit={(e) => e.preventDefault()}>
      <h2>{t('prizes.add')}</h2>
      <TextField
        label={t('prizes.name')}
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
        data-testid="prize-name"
      />
      <SelectField
        label={t('prizes.for')}
        value={kind}
        onChange={(e) => setKind(e.target.value as typeof kind)}
        data-testid="prize-kind"
      >
        <option value="rank">{t('prizes.forPlace')}</option>
        <option value="won">{t('prizes.forWon')}</option>
        <option value="played">{t('prizes.forPlayed')}</option>
      </SelectField>
      {kind === 'rank' ? (
        <div className="fee-form">
          <TextField
            label={t('prizes.from')}
            inputMode="numeric"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="prize-from"
          />
          <TextField
            label={t('prizes.to')}
            inputMode="numeric"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            data-testid="prize-to"
          />
        </div>
      ) : (
        <TextField
          label={t('prizes.round')}
          inputMode="numeric"
          value={round}
          onChange={(e) => setRound(e.target.value)}
          data-testid="prize-round"
        />
      )}
      <WriteButton
        className="button button-primary"
        disabled={!ready}
        onWrite={() => setList(id, version, [...listOf(prizes), { id: `p${n}`, name: name.trim(), rule }])}
        onDone={() => {
          setName('');
          onDone();
        }}
        data-testid="prize-add-button"
      >
        {t('prizes.addButton')}
      </WriteButton>
    </form>
  );
}
