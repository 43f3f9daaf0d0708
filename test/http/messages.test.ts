import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessRule, CAPABILITIES, type Capability, ROLES, roleName } from '../../src/adapters/http/auth/roles.js';
import type { Text } from '../../src/core/text.js';
import type { TournamentCommandType } from '../../src/core/tournament/commands.js';
import { COMMAND_ROLES } from '../../src/core/tournament/permissions.js';

/*
 * Every message table of the HTTP adapter (src/adapters/http/messages/*.ts, one per area) has
 * both languages for every id. A message places plain words and numbers, or a text already in
 * both languages (the action a 403 names, a parser's problem); the stand-in value below is
 * both at once, so any side that is empty, unfinished or the other language's shows.
 */

const folder = new URL('../../src/adapters/http/messages/', import.meta.url);
const files = readdirSync(folder).filter((f) => f.endsWith('.ts'));
/** Whatever value a message asks for: "7" as a word, a Japanese and an English side as a text. */
const stand = { ja: '七', en: 'seven', toString: () => '7' };
const values = new Proxy({}, { get: () => stand });

interface Table {
  readonly entries: Record<string, (v: unknown) => Text>;
}

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('HTTP message tables', () => {
  it('exist for the HTTP areas', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)('%s: every id has a Japanese and an English text', async (file) => {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    const tables = Object.values(module).filter(
      (v): v is Table => typeof v === 'object' && v !== null && 'entries' in v,
    );
    expect(tables.length, file).toBe(1);
    for (const table of tables) {
      expect(Object.keys(table.entries).length, file).toBeGreaterThan(0);
      for (const [id, message] of Object.entries(table.entries)) {
        const text = message(values);
        for (const side of [text.ja, text.en]) {
          expect(side, `${file}: ${id}`).toMatch(/\S/);
          expect(side, `${file}: ${id}`).not.toMatch(/undefined|\[object|NaN/);
        }
        expect(text.ja, `${file}: ${id}`).not.toBe(text.en);
        expect(text.ja, `${file}: ${id}`).toMatch(japanese);
        expect(text.en, `${file}: ${id}`).not.toMatch(japanese);
      }
    }
  });
});

/** The role names and the action words of a 403 are tables keyed by role, capability and command id. */
describe('HTTP role words', () => {
  const bilingual = (text: Text, id: string) => {
    expect(text.ja, id).toMatch(japanese);
    expect(text.en, id).toMatch(/\S/);
    expect(text.en, id).not.toMatch(japanese);
    expect(text.ja, id).not.toBe(text.en);
  };

  it('name every role in both languages', () => {
    for (const role of ROLES) bilingual(roleName(role), role);
  });

  it('word every capability and every command in both languages', () => {
    for (const capability of Object.keys(CAPABILITIES) as Capability[])
      bilingual(accessRule(capability).action, capability);
    const commands = Object.keys(COMMAND_ROLES) as TournamentCommandType[];
    expect(commands.length).toBeGreaterThan(20);
    for (const command of commands) bilingual(accessRule({ command }).action, command);
  });
});
