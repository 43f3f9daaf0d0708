import { describe, expect, it } from 'vitest';
import { newWriteKey } from '../../web/src/api/write-key.js';

describe('a write key made without crypto.randomUUID', () => {
  it('is a version-4 UUID, and a thousand of them are distinct', () => {
    const keys = Array.from({ length: 1000 }, () => newWriteKey());
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
