import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { checkRulesOf, rulesForNewTournament } from '../../src/adapters/deck/tournament-deck-rules.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { validateDeck } from '../../src/core/deck/validate-deck.js';
import { parseYdk } from '../../src/core/deck/ydk-format.js';
import type { Deck } from '../../src/core/deck/deck.js';
import { row, type Row } from '../lib/report-table.js';
import { spread } from '../lib/stats.js';

/*
 * The deck rows of the tournament's own checks: loading the shipped database in a fresh process,
 * and registering a player with a decklist through the real service (SQLite file) with the
 * check against the tournament's recorded card pool and list, per deck.
 */

const LOAD_TARGET_MS = 200;
const loader = new URL('./load-shipped.ts', import.meta.url).pathname;

/** Milliseconds to load the shipped database and then the list history, one fresh process per run. */
export function shippedLoadMs(runs: number): { cards: number[]; lists: number[] } {
  const times = Array.from({ length: runs }, () =>
    execFileSync(process.execPath, ['--import', 'tsx', loader], { encoding: 'utf8' }).trim().split(' ').map(Number),
  );
  return { cards: times.map((t) => t[0] ?? Number.NaN), lists: times.map((t) => t[1] ?? Number.NaN) };
}

/** Milliseconds per registration with the deck check, over `texts` (real .ydk), one run per element of the result. */
export async function registrationMs(texts: readonly string[], runs: number, date: string): Promise<number[]> {
  const decks = texts
    .map((t) => parseYdk(t))
    .filter((r) => r.ok)
    .map((r) => (r as { value: Deck }).value);
  const pack = loadDefaultPack();
  const rules = await rulesForNewTournament({ date });
  if (!rules.ok) throw new Error(rules.error.en);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-registration-'));
    const store = await openEventStore({ kind: 'sqlite', path: join(dir, 'bench.db') });
    try {
      const service = new TournamentService(store);
      const meta = { at: `${date}T09:00:00+09:00`, actor: { id: 'bench', role: 'organizer' as const } };
      const settings = {
        name: 'bench',
        date,
        decklistsRequired: true,
        roundMinutes: 40,
        structure: { kind: 'swiss' as const, rounds: 5, topCut: 0 as const },
        deckRules: rules.value.rules,
      };
      const created = await service.execute('bench', {
        type: 'CreateTournament',
        data: { tournamentId: 'bench', settings, pack: { id: pack.id, version: pack.version, content: pack } },
        meta,
      });
      if (!created.ok) throw new Error(created.error.message.en);
      const started = performance.now();
      for (const [i, decklist] of decks.entries()) {
        const done = await service.execute('bench', {
          type: 'RegisterPlayer',
          data: { player: { id: `P${i}`, name: `Player ${i}`, decklist } },
          meta,
        });
        if (!done.ok) throw new Error(done.error.message.en);
        const t = done.value.state;
        if (t.status === 'none') throw new Error('no tournament');
        const check = await checkRulesOf(t.settings);
        if (!check.ok) throw new Error(check.error.en);
        validateDeck(decklist, {
          catalogue: check.value.catalogue,
          banlist: check.value.banlist,
          date,
          limits: t.pack.content.settings.deckLimits,
          infractions: t.pack.content.settings.deckFindings,
        });
      }
      times.push((performance.now() - started) / decks.length);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return times;
}

/** The two rows. */
export async function tournamentDeckRows(
  texts: readonly string[],
  runs: number,
  date: string,
): Promise<{ rows: Row[]; loadMs: { cards: number[]; lists: number[] }; registrationMs: number[] }> {
  const loadMs = shippedLoadMs(runs);
  const perDeck = await registrationMs(texts, runs, date);
  return {
    rows: [
      row('loading the shipped card database, 14,222 cards (fresh process)', 'ms', spread(loadMs.cards), {
        max: LOAD_TARGET_MS,
      }),
      row('then loading the shipped F/L history, 65 lists', 'ms', spread(loadMs.lists)),
      row(
        `registration with the deck check (service + SQLite, recorded list), per deck of ${texts.length}`,
        'ms',
        spread(perDeck),
      ),
    ],
    loadMs,
    registrationMs: perDeck,
  };
}
