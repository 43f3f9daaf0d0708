import type { EventFacts, PlayerFacts } from './event-facts.js';
import type { PointsRule } from './points-rule.js';

/*
 * One event's points for one player under a rule. `match`: the entry, then each match played
 * (Swiss and top cut; a dropped player keeps what was played, since only played matches are
 * there) by its result and whether it was a single duel; a bye gives `bye`. `placement`: the
 * attendance picks the tier (the last whose minPlayers the event reached), the place its points,
 * places beyond the table `participation`. A disqualified player keeps or forfeits the event's
 * points as the rule says (`follow-prizes`: as the penalty treats prizes, spec §1-E/1-F).
 */
export function eventPoints(rule: PointsRule, event: EventFacts, player: PlayerFacts): number {
  if (
    rule.disqualified === 'forfeit' ? player.disqualified : rule.disqualified === 'follow-prizes' && player.losesPrizes
  )
    return 0;
  if (rule.kind === 'match') {
    let total = event.singleDuel ? rule.singleDuel.entry : rule.match.entry;
    for (const m of player.matches) {
      if (m.result === 'bye') total += rule.bye;
      else total += (m.singleDuel ? rule.singleDuel : rule.match)[m.result];
    }
    return total;
  }
  const tier = tierFor(rule.tiers, event.attendance);
  if (player.place === null) return rule.participation;
  return tier?.places[player.place - 1] ?? rule.participation;
}

function tierFor<T extends { readonly minPlayers: number }>(tiers: readonly T[], attendance: number): T | undefined {
  let found: T | undefined;
  for (const tier of tiers) if (attendance >= tier.minPlayers) found = tier;
  return found;
}
