import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_TOKENS } from '../../src/adapters/http/auth/tokens.js';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// Every request with a token looks it up and the list is answered whole: an account holds a bounded number.
describe.each(await storeKinds())('API tokens per account on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  it(`holds at most ${MAX_API_TOKENS} unrevoked, says so in ja and en, and makes room when one is revoked`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_API_TOKENS; i++) {
      const created = await staff.judge.post('/api/auth/tokens', { label: `display ${i}` });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const refused = await staff.judge.post('/api/auth/tokens', { label: 'one too many' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('too-many-tokens');
    expect(refused.body.message).toContain(`at most ${MAX_API_TOKENS} API tokens`);
    expect(refused.body.messageJa).toContain(`${MAX_API_TOKENS} 個まで`);
    expect((await staff.judge.get('/api/auth/tokens')).body.tokens).toHaveLength(MAX_API_TOKENS);
    // Another account has its own allowance.
    expect((await staff.scorekeeper.post('/api/auth/tokens', { label: 'scoreboard' })).status).toBe(201);
    expect((await staff.judge.delete(`/api/auth/tokens/${ids[0]}`)).status).toBe(204);
    expect((await staff.judge.post('/api/auth/tokens', { label: 'replacement' })).status).toBe(201);
  });
});
