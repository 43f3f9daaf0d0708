import type { Deck } from '../../../core/deck/deck.js';
import { validateDeck, type DeckFinding } from '../../../core/deck/validate-deck.js';
import type { Lang } from '../../../core/text.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { importFindingsMessages as M } from '../messages/import-findings.js';
import type { Io } from '../output.js';
import { findingJson } from './deck-check-report.js';
import { registrationText, tournamentRules } from './tournament-checks.js';

/*
 * What `player import` says about the decklists it registered: each list the tournament's deck
 * rules find problems in, with its findings (card, zone, count, limit), and a summary. An
 * import of illegal lists is no longer silent; the lists are registered either way, as one
 * registration is, and round 1 stops on them until they are fixed or accepted.
 */

export interface ImportedList {
  readonly id: string;
  readonly name: string;
  /** Where the row is: "players.csv:3". */
  readonly where: string;
  readonly deck: Deck;
}

export interface ImportFindings {
  readonly checked: number;
  readonly withFindings: readonly {
    readonly player: string;
    readonly where: string;
    readonly findings: readonly DeckFinding[];
  }[];
}

/** Checks every imported list against the tournament's recorded deck rules. */
export async function checkImportedLists(
  lists: readonly ImportedList[],
  t: Tournament,
  io: Io,
  lang: Lang,
): Promise<{ readonly result: ImportFindings; readonly text: string }> {
  if (lists.length === 0) return { result: { checked: 0, withFindings: [] }, text: '' };
  const rules = await tournamentRules(t.settings, {}, io, lang);
  const context = {
    catalogue: rules.catalogue,
    banlist: rules.banlist,
    date: t.settings.date,
    limits: t.pack.content.settings.deckLimits,
    infractions: t.pack.content.settings.deckFindings,
  };
  const withFindings: { player: string; where: string; findings: DeckFinding[] }[] = [];
  const out: string[] = [];
  // The notes about the list (an old list, a missing card pool) once, after every list.
  const quiet = { ...rules, warnings: [] };
  for (const list of lists) {
    const findings = validateDeck(list.deck, context);
    if (findings.length === 0) continue;
    withFindings.push({ player: list.id, where: list.where, findings });
    out.push(`■ ${list.name} (${list.id}), ${list.where}`);
    out.push(registrationText(findings, quiet, t.settings.date, lang).trimEnd());
    out.push('');
  }
  const listName = rules.banlist ? rules.banlist.name : M.say(lang, 'no-list');
  out.push(
    withFindings.length === 0
      ? M.say(lang, 'all-legal', { checked: lists.length, list: listName })
      : M.say(lang, 'summary', {
          checked: lists.length,
          bad: withFindings.length,
          list: listName,
          players: withFindings.map((w) => w.player).join(', '),
        }),
  );
  for (const w of rules.warnings) out.push(`${M.say(lang, 'note')}: ${w[lang]}`);
  return { result: { checked: lists.length, withFindings }, text: `${out.join('\n')}\n` };
}

/** The findings for --json. */
export function importFindingsJson(result: ImportFindings) {
  return {
    checked: result.checked,
    withFindings: result.withFindings.map((w) => ({
      player: w.player,
      where: w.where,
      findings: w.findings.map(findingJson),
    })),
  };
}
