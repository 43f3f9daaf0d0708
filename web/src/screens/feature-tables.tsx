import { useState } from 'react';
import { filmingPaths, filmingWrites, type FeaturesView } from '../api/filming-api';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { answerKey, useFilmingT } from '../i18n/filming-texts';
import { useT } from '../i18n/use-t';

/**
 * A round's feature tables for the stream: each with its two players and their answer to
 * filming, a table number to add, and the overlay pages for OBS. Adding a table with a player
 * who declined or was never asked is refused by the server, and its message (naming the
 * player and why) shows beside the button.
 */
export function FeatureTables({ round, tables: paired }: { round: number; tables: number }) {
  const f = useFilmingT();
  const { lang } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  const features = useResource<FeaturesView>(filmingPaths.features(id, round));
  const version = useVersion(features);
  const [table, setTable] = useState('');
  const may = can(account, 'MarkFeatureTables', id);
  const marked = features.data?.tables.map((x) => x.table) ?? [];
  const wanted = Number(table);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= paired && !marked.includes(wanted);
  return (
    <details className="panel" data-testid="feature-tables">
      <summary>
        <h2>{f('features')}</h2>
      </summary>
      <p className="field-hint">{f('featuresHint')}</p>
      {marked.length === 0 && <p className="muted">{f('featuresNone')}</p>}
      <ul className="card-list">
        {features.data?.tables.map((x) => (
          <li key={x.table} className="card stack" data-testid={`feature-${x.table}`}>
            <strong>{f('tableN', { n: x.table })}</strong>
            {x.players.map((p) => (
              <span key={p.id}>
                {p.name} <span className="muted">{p.id}</span>{' '}
                <span className={p.filming === 'yes' ? 'badge' : 'badge badge-warn'}>{f(answerKey(p.filming))}</span>
              </span>
            ))}
            {may && (
              <WriteButton
                className="button button-small"
                onWrite={() =>
                  filmingWrites.features(
                    id,
                    version,
                    round,
                    marked.filter((n) => n !== x.table),
                  )
                }
                onDone={features.reload}
                data-testid={`feature-remove-${x.table}`}
              >
                {f('remove')}
              </WriteButton>
            )}
          </li>
        ))}
      </ul>
      {may && (
        <div className="stack">
          <TextField
            label={f('table')}
            inputMode="numeric"
            value={table}
            onChange={(e) => setTable(e.target.value.replace(/\D/g, ''))}
            data-testid="feature-table-input"
          />
          <WriteButton
            className="button"
            disabled={!valid}
            onWrite={() => filmingWrites.features(id, version, round, [...marked, wanted])}
            onDone={() => {
              setTable('');
              features.reload();
            }}
            data-testid="feature-add"
          >
            {f('add')}
          </WriteButton>
        </div>
      )}
      <p>{f('overlays')}</p>
      <ul className="link-list">
        {(['feature', 'standings', 'next'] as const).map((kind) => (
          <li key={kind}>
            <a
              href={filmingPaths.overlay(id, kind, lang)}
              target="_blank"
              rel="noopener"
              data-testid={`overlay-${kind}`}
            >
              {f(kind === 'feature' ? 'overlayFeature' : kind === 'standings' ? 'overlayStandings' : 'overlayNext')}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
