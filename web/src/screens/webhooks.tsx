import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { invalidate, useResource } from '../api/resource';
import { ErrorNotice, Loaded } from '../components/status';
import { WebhookForm } from './webhook-form';

/*
 * The organizer's webhooks: each endpoint (never its secret) with its newest deliveries and
 * failures, a test delivery and removal; endpoints are added here (webhook-form.tsx), with
 * `shinpan webhook add` or POST /api/webhooks (docs/webhooks.md). Not tournament writes: each is sent at once.
 */

interface Endpoint {
  readonly id: string;
  readonly tournament: string | null;
  readonly url: string;
  readonly events: readonly string[];
  readonly format: string;
  readonly staff: boolean;
}

interface Delivery {
  readonly id: string;
  readonly tournament: string;
  readonly seq: number;
  readonly event: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly nextAttemptAt: string | null;
  readonly lastCode: number | null;
  readonly lastError: string | null;
}

const WEBHOOKS = '/api/webhooks';
const SHOWN = 20;

export function Webhooks() {
  const { t } = useT();
  const endpoints = useResource<{ webhooks: Endpoint[] }>(WEBHOOKS);
  return (
    <section className="stack">
      <h1>{t('webhooks.title')}</h1>
      <p className="muted">{t('webhooks.intro')}</p>
      <WebhookForm path={WEBHOOKS} />
      <Loaded resource={endpoints}>
        {({ webhooks }) =>
          webhooks.length === 0 ? (
            <p className="muted" data-testid="webhooks-none">
              {t('webhooks.none')}
            </p>
          ) : (
            <ul className="card-list">
              {webhooks.map((w) => (
                <EndpointCard key={w.id} endpoint={w} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useT();
  const deliveries = useResource<{ deliveries: Delivery[] }>(`${WEBHOOKS}/${endpoint.id}/deliveries?limit=${SHOWN}`);
  const [test, setTest] = useState<{ ok: boolean; code: number | null; error: string | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      setTest(
        (
          await request<{ ok: boolean; code: number | null; error: string | null }>(
            'POST',
            `${WEBHOOKS}/${endpoint.id}/test`,
            { body: {} },
          )
        ).body,
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(t('webhooks.removeConfirm', { url: endpoint.url }))) return;
    try {
      await request('DELETE', `${WEBHOOKS}/${endpoint.id}`);
      invalidate(WEBHOOKS);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <li className="card stack" data-testid="webhook">
      <div className="title-row">
        <strong className="card-title code">{endpoint.url}</strong>
      </div>
      <p className="muted">
        {endpoint.tournament === null
          ? t('webhooks.everyTournament')
          : t('webhooks.tournament', { id: endpoint.tournament })}
        {' · '}
        {t(`webhooks.format.${endpoint.format}`)}
        {endpoint.staff ? ` · ${t('webhooks.staff')}` : ''}
      </p>
      <p className="code">{endpoint.events.join(', ')}</p>
      <div className="field-row">
        <button type="button" className="button button-small" onClick={send} disabled={busy} data-testid="webhook-test">
          {t('webhooks.test')}
        </button>
        <button type="button" className="button button-small" onClick={remove}>
          {t('webhooks.remove')}
        </button>
      </div>
      {test && (
        <p
          className={test.ok ? 'notice notice-ok' : 'notice notice-error'}
          role="status"
          data-testid="webhook-test-result"
        >
          {test.ok
            ? t('webhooks.testOk', { code: test.code })
            : t('webhooks.testFailed', { error: test.error ?? test.code })}
        </p>
      )}
      {error !== null && <ErrorNotice error={error} />}
      <h2>{t('webhooks.deliveries')}</h2>
      <Loaded resource={deliveries}>
        {({ deliveries: list }) =>
          list.length === 0 ? (
            <p className="muted">{t('webhooks.noDeliveries')}</p>
          ) : (
            <ul className="plain-list" data-testid="webhook-deliveries">
              {list.map((d) => (
                <li key={d.id} data-status={d.status}>
                  <strong>{t(`webhooks.status.${d.status}`)}</strong> {d.event}{' '}
                  <span className="muted">
                    {t('webhooks.source', { tournament: d.tournament, seq: d.seq })} ·{' '}
                    {t('webhooks.attempts', { count: d.attempts })}
                  </span>
                  {d.status !== 'delivered' && (d.lastError ?? d.lastCode) !== null && (
                    <div className="muted code">{d.lastError ?? d.lastCode}</div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </li>
  );
}
