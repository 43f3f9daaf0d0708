import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BYTES, LARGE_BODY_BYTES } from '../../src/adapters/http/json-body.js';
import { startUpload } from './support/partial-upload.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Request bodies: a small default, larger only on the routes that need them and only once the
 * caller is known, and nothing parsed for a route that does not exist. An answer that comes
 * while the client has sent a few bytes of a body announced as 1.5 MB proves the body was
 * neither read nor parsed.
 */
describe('request bodies are bounded before they are read', () => {
  let server: TestServer;
  let staff: Staff;
  let token: string;
  const T = '/api/tournaments/bodies';

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'bodies');
    token = (await staff.organizer.post('/api/auth/tokens', { label: 'uploads' })).body.token as string;
  });
  afterAll(() => server.close());

  it('a large body to a route that does not exist is answered 404 before it is read', async () => {
    const refused = await startUpload(`${server.url}/api/nowhere`, {}, 1_500_000);
    expect([refused.status, refused.body.code]).toEqual([404, 'not-found']);
    // Even a small body that is not JSON: refused for its route, never parsed (else 400 invalid-json).
    const broken = await staff.public.request('POST', '/api/nowhere', { body: '{"a":' });
    expect([broken.status, broken.body.code]).toEqual([404, 'not-found']);
  });

  it('a public route takes at most the default, and says the bound', async () => {
    const refused = await startUpload(`${server.url}${T}/entries`, {}, DEFAULT_BODY_BYTES + 1);
    expect([refused.status, refused.body.code]).toEqual([413, 'body-too-large']);
    expect(refused.body.message).toContain(String(DEFAULT_BODY_BYTES));
    expect(refused.body.messageJa).toContain(String(DEFAULT_BODY_BYTES));
  });

  it('a route that takes more refuses a stranger before reading the body; staff are read, off the loop', async () => {
    const stranger = await startUpload(`${server.url}${T}/players/import/preview`, {}, 1_500_000);
    expect(stranger.status).toBe(401);
    const auth = { authorization: `Bearer ${token}` };
    const tooLarge = await startUpload(`${server.url}${T}/players/import/preview`, auth, LARGE_BODY_BYTES + 1);
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'body-too-large']);
    const rows = Array.from({ length: 6_000 }, (_, i) => `${String(1_000_000 + i).padStart(10, '0')},参加者${i}`);
    const csv = `id,name\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(JSON.stringify({ csv }))).toBeGreaterThan(DEFAULT_BODY_BYTES);
    const preview = await staff.organizer.post(`${T}/players/import/preview`, { csv });
    expect(preview.status, JSON.stringify(preview.body).slice(0, 300)).toBe(200);
    // The worker's parser refuses what Fastify's refuses: a prototype key.
    const poisoned = `{"csv":${JSON.stringify(csv)},"__proto__":{"x":1}}`;
    const refused = await staff.organizer.request('POST', `${T}/players/import/preview`, { body: poisoned });
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid-json']);
  });
});
