import { renderTable, type Io } from '../output.js';
import { CliError } from '../cli-error.js';
import { checkRulesOf } from '../../deck/tournament-deck-rules.js';
import { ocgCardDatabasePath } from '../../deck/shipped-data.js';
import type { Banlist } from '../../../core/deck/banlist.js';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import { describeFinding, findingCardName } from '../../../core/deck/deck-texts.js';
import type { DeckFinding } from '../../../core/deck/validate-deck.js';
import type { Lang, Text } from '../../../core/text.js';
import type { TournamentSettings } from '../../../core/tournament/events.js';
import { findingJson } from './deck-check-report.js';
import { loadBanlist, loadCatalogue } from './deck-inputs.js';
import { tournamentChecksMessages as M } from '../messages/tournament-checks.js';

/*
 * Deck checks inside a tournament from the CLI: the card pool and list the tournament recorded,
 * and the findings as registration answers them.
 */

export interface TournamentRules {
  readonly catalogue: Catalogue;
  readonly path: string;
  readonly shipped: boolean;
  readonly banlist: Banlist | null;
  readonly warnings: readonly Text[];
}

/**
 * The card pool and list the tournament recorded; --cards / --banlist replace them for this one
 * check only (the recorded rules change with `tournament deck-rules`).
 */
export async function tournamentRules(
  settings: TournamentSettings,
  options: { cards?: string; banlist?: string; listName?: string },
  io: Io,
  lang: Lang,
): Promise<TournamentRules> {
  const recorded = await checkRulesOf(settings);
  if (!recorded.ok) throw new CliError(recorded.error[lang]);
  const shipped = recorded.value.pool.source === 'shipped';
  let rules: TournamentRules = {
    catalogue: recorded.value.catalogue,
    path: shipped ? ocgCardDatabasePath() : recorded.value.pool.name,
    shipped,
    banlist: recorded.value.banlist,
    warnings: recorded.value.warnings,
  };
  if (options.cards !== undefined) {
    const loaded = await loadCatalogue(options.cards, io, lang, false);
    rules = { ...rules, catalogue: loaded.catalogue, path: loaded.path, shipped: false };
  }
  if (options.banlist !== undefined || options.listName !== undefined)
    rules = { ...rules, ...loadBanlist(options.banlist, options.listName, settings.date, lang) };
  return rules;
}

/** What the check was made with, for --json. */
export function rulesJson(rules: TournamentRules) {
  return {
    cards: { path: rules.path, shipped: rules.shipped, count: rules.catalogue.cards.length },
    list: rules.banlist ? { name: rules.banlist.name, date: rules.banlist.date } : null,
    warnings: rules.warnings,
  };
}

/** The findings of a registered decklist for --json, with what they were checked against. */
export function registrationJson(findings: readonly DeckFinding[], rules: TournamentRules) {
  return { findings: findings.map(findingJson), rules: rulesJson(rules) };
}

/** The findings of a registered decklist as lines, or that it is legal; the notes about the list after. */
export function registrationText(
  findings: readonly DeckFinding[],
  rules: TournamentRules,
  date: string,
  lang: Lang,
): string {
  const context = { catalogue: rules.catalogue, banlist: rules.banlist, date };
  const list = rules.banlist ? rules.banlist.name : M.say(lang, 'none');
  const out: string[] = [];
  if (findings.length === 0) out.push(M.say(lang, 'deck-check-list-legal', { list }));
  else {
    out.push(
      M.say(lang, 'deck-check-list-finding-fix', {
        list,
        findingsCount: findings.length,
        value: findings.length === 1 ? '' : 's',
      }),
    );
    out.push(
      renderTable<DeckFinding>(
        [
          { header: M.say(lang, 'infraction'), value: (f) => f.infraction },
          { header: M.say(lang, 'card'), value: (f) => findingCardName(f, rules.catalogue, lang) },
          { header: M.say(lang, 'detail'), value: (f) => describeFinding(f, context, lang) },
        ],
        findings,
      ).trimEnd(),
    );
  }
  for (const w of rules.warnings) out.push(`${M.say(lang, 'note')}: ${w[lang]}`);
  return `${out.join('\n')}\n`;
}
