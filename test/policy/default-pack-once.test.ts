import { describe, expect, it } from 'vitest';
import { loadDefaultPack, loadPackFile, defaultPackPath } from '../../src/adapters/policy/pack-file.js';

/* The shipped pack is read and validated once per process, not once per tournament created. */
describe('the shipped pack', () => {
  it('is read once and answered again, equal to the file', () => {
    const first = loadDefaultPack();
    expect(loadDefaultPack()).toBe(first);
    const file = loadPackFile(defaultPackPath());
    expect(file.ok && file.value).toEqual(first);
  });
});
