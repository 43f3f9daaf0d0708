import { explain, type Problem } from './command-problems.js';
import { err, ok } from '../result.js';
import { DECK_DATA_SOURCES, type DeckRules } from '../deck/deck-rules.js';
import { checkBounded, checkText, firstError } from './command-checks.js';
import { REASON } from './limits.js';
import type { ChangeDeckRules, Drafted } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { Tournament } from './state.js';

/*
 * The card pool and F/L list are part of the rules the tournament announced: the organizer may
 * correct them while players register, never once round 1 is paired (decks registered and
 * checked under one list would be judged under another).
 */

/** DeckRulesChanged, or why not. */
export function decideChangeDeckRules(command: ChangeDeckRules, t: Tournament): Drafted {
  if (t.rounds.length > 0) return err(domainError('deck-rules-locked'));
  const problem = firstError(
    checkBounded('reason', command.data.reason, REASON),
    checkDeckRules('deckRules', command.data.deckRules),
  );
  if (problem) return err(problem);
  return ok([
    { type: 'DeckRulesChanged', data: { deckRules: command.data.deckRules, reason: command.data.reason.trim() } },
  ]);
}

/** The recorded pool and list hold what a check needs: a source, a name, a hash, entries of 0–3 copies. */
export function checkDeckRules(field: string, rules: DeckRules): DomainError | null {
  const bad = (at: string, wrong: Problem): DomainError =>
    domainError('invalid-command', { field: `${field}.${at}`, problem: wrong });
  const sourceOk = (s: unknown): boolean => (DECK_DATA_SOURCES as readonly unknown[]).includes(s);
  const { cardPool, banlist } = rules;
  if (!sourceOk(cardPool.source)) return bad('cardPool.source', explain('one-of', { choices: DECK_DATA_SOURCES }));
  const pool = firstError(
    checkText(`${field}.cardPool.name`, cardPool.name),
    checkText(`${field}.cardPool.hash`, cardPool.hash),
  );
  if (pool) return pool;
  if (banlist === null) return null;
  if (!sourceOk(banlist.source)) return bad('banlist.source', explain('one-of', { choices: DECK_DATA_SOURCES }));
  const list = firstError(
    checkText(`${field}.banlist.name`, banlist.name),
    checkText(`${field}.banlist.hash`, banlist.hash),
  );
  if (list) return list;
  const wrong = banlist.entries.findIndex(
    ([p, c]) => !Number.isInteger(p) || p <= 0 || !Number.isInteger(c) || c < 0 || c > 3,
  );
  return wrong === -1 ? null : bad(`banlist.entries[${wrong}]`, explain('banlist-entry'));
}
