import { afterAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, urlProblem } from '../../src/adapters/webhooks/outbound-address.js';
import { postDelivery } from '../../src/adapters/webhooks/send-request.js';
import { Receiver } from './receiver.js';

describe('where a webhook may send (SSRF)', () => {
  it('knows this machine, private networks and link-local addresses', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fd00::1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '203.0.113.9'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('asks for https and a public host unless the organizer allows private addresses', () => {
    expect(urlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(urlProblem('http://hooks.example.com/x', false)?.en).toMatch(/must be https/);
    expect(urlProblem('https://localhost/x', false)?.en).toMatch(/--allow-private/);
    expect(urlProblem('https://[fe80::1]/x', false)?.en).toMatch(/--allow-private/);
    expect(urlProblem('https://user:pw@hooks.example.com/x', false)?.en).toMatch(/user or password/);
    expect(urlProblem('not a url', false)?.en).toMatch(/not a URL/);
    expect(urlProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(urlProblem('ftp://127.0.0.1/x', true)?.en).toMatch(/must be https/);
  });

  const receiver = new Receiver();
  afterAll(() => receiver.down());

  it('checks the address a name resolves to when connecting (a name for this machine is refused)', async () => {
    await receiver.up();
    const port = new URL(receiver.url).port;
    const refused = await postDelivery(
      `http://localhost:${port}/hook`,
      '{}',
      {},
      { allowPrivate: false, timeoutMs: 5000 },
    );
    expect(refused).toMatchObject({ ok: false, code: null });
    expect(!refused.ok && refused.error).toMatch(/EPRIVATEADDRESS/);
    expect(receiver.received).toHaveLength(0);
    const allowed = await postDelivery(
      `http://localhost:${port}/hook`,
      '{}',
      {},
      { allowPrivate: true, timeoutMs: 5000 },
    );
    expect(allowed).toEqual({ ok: true, code: 200 });
    expect(receiver.received).toHaveLength(1);
  });
});
