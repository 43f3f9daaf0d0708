import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Text } from '../../src/core/text.js';

/*
 * Every message table of the CLI (src/adapters/cli/messages/*.ts, one per source file) has
 * both languages for every id. The values a message places are plain words and numbers, so
 * any stand-in value shows whether a side is empty, unfinished or the other language's.
 */

const folder = new URL('../../src/adapters/cli/messages/', import.meta.url);
const files = readdirSync(folder).filter((f) => f.endsWith('.ts'));
/** Whatever value a message asks for. */
const values = new Proxy({}, { get: () => 7 });

interface Table {
  readonly entries: Record<string, (v: unknown) => Text>;
}

describe('CLI message tables', () => {
  it('exist for the CLI files', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s: every id has a Japanese and an English text', async (file) => {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    const tables = Object.values(module).filter(
      (v): v is Table => typeof v === 'object' && v !== null && 'entries' in v,
    );
    expect(tables.length, file).toBe(1);
    for (const table of tables) {
      for (const [id, message] of Object.entries(table.entries)) {
        const text = message(values);
        for (const side of [text.ja, text.en]) {
          expect(side, id).toMatch(/\S/);
          expect(side, id).not.toMatch(/undefined|\[object|NaN/);
        }
        expect(text.ja, `${file}: ${id}`).not.toBe(text.en);
        expect(text.en, `${file}: ${id}`).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      }
    }
  });
});
