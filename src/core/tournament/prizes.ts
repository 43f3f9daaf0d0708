import { explain } from './command-problems.js';
import { err, ok } from '../result.js';
import { checkBounded, checkInteger, firstError } from './command-checks.js';
import { MAX_PRIZES, PRIZE_ID, PRIZE_NAME } from './limits.js';
import type { AwardPrize, Drafted, SetPrizeList } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { Prize } from './events.js';
import { finalRanking, type FinalPlace } from './standings/final-ranking.js';
import { deriveMatches, matchRecords } from './match-results.js';
import { currentStandings } from './standings/current-standings.js';
import { findRound, forfeitsPrizes, isRankWithdrawn } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Prizes by final place or by round (participation, round wins). An award is a fact: later
 * result corrections do not move it. A disqualified player (either kind, rule 1-E/1-F) holds no
 * place and receives no prize decided after the disqualification; a plain disqualification
 * keeps the prizes awarded before it, while one with loss of prizes withdraws them too,
 * derived from the penalty in force, so an appeal gives them back.
 */

/** The final places: top cut by how far each player went, then Swiss standings; no place for a withdrawn rank. */
export function finalPlaces(t: Tournament): FinalPlace[] {
  const records = matchRecords(t);
  const standings = currentStandings(t);
  return finalRanking(
    standings,
    records.filter((m) => m.stage === 'top-cut'),
  );
}

/** PrizeListSet, while nothing has been awarded. */
export function decideSetPrizeList(command: SetPrizeList, t: Tournament): Drafted {
  const awarded = t.prizes.find((p) => p.awardedTo !== null);
  if (awarded) return err(domainError('prize-already-awarded', { prize: awarded.id }));
  const prizes = command.data.prizes;
  if (prizes.length > MAX_PRIZES)
    return err(
      domainError('invalid-command', { field: 'prizes', problem: explain('too-many-items', { max: MAX_PRIZES }) }),
    );
  const seen = new Set<string>();
  for (const [i, prize] of prizes.entries()) {
    const problem =
      checkPrize(prize, `prizes[${i}]`) ??
      (seen.has(prize.id)
        ? domainError('invalid-command', {
            field: `prizes[${i}].id`,
            problem: explain('prize-id-twice', { id: prize.id }),
          })
        : null);
    if (problem) return err(problem);
    seen.add(prize.id);
  }
  return ok([
    { type: 'PrizeListSet', data: { prizes: prizes.map((p) => ({ ...p, id: p.id.trim(), name: p.name.trim() })) } },
  ]);
}

function checkPrize(prize: Prize, at: string): DomainError | null {
  const rule = prize.rule;
  return firstError(
    checkBounded(`${at}.id`, prize.id, PRIZE_ID),
    checkBounded(`${at}.name`, prize.name, PRIZE_NAME),
    rule?.kind === 'rank'
      ? firstError(
          checkInteger(`${at}.rule.from`, rule.from, { min: 1, max: 10_000 }),
          checkInteger(`${at}.rule.to`, rule.to, { min: rule.from, max: 10_000 }),
        )
      : rule?.kind === 'round'
        ? firstError(
            checkInteger(`${at}.rule.round`, rule.round, { min: 1, max: 100 }),
            rule.who === 'played' || rule.who === 'won'
              ? null
              : domainError('invalid-command', {
                  field: `${at}.rule.who`,
                  problem: explain('played-or-won'),
                }),
          )
        : domainError('invalid-command', {
            field: `${at}.rule.kind`,
            problem: explain('rank-or-round'),
          }),
  );
}

/** PrizeAwarded to the players the rule names now; a disqualified player gets nothing. */
export function decideAwardPrize(command: AwardPrize, t: Tournament): Drafted {
  const prize = t.prizes.find((p) => p.id === command.data.prize);
  if (!prize) return err(domainError('prize-not-found', { prize: command.data.prize }));
  if (prize.awardedTo !== null) return err(domainError('prize-already-awarded', { prize: prize.id }));
  const rule = prize.rule;
  let players: string[];
  if (rule.kind === 'rank') {
    if (t.status !== 'finished')
      return err(
        domainError('prize-not-ready', {
          prize: prize.id,
          reason: explain('tournament-running'),
        }),
      );
    players = finalPlaces(t)
      .filter((p) => p.place >= rule.from && p.place <= rule.to)
      .map((p) => p.player);
  } else {
    const round = findRound(t, rule.round);
    if (!round?.ended)
      return err(
        domainError('prize-not-ready', {
          prize: prize.id,
          reason: explain('round-running', { round: rule.round }),
        }),
      );
    const results = deriveMatches(t)
      .matches.filter((m) => m.record.round === rule.round)
      .map((m) => m.record);
    const fromMatches = results.flatMap((m) =>
      rule.who === 'played' ? [...m.players] : m.outcome.kind === 'win' ? [m.outcome.winner] : [],
    );
    players = [...round.byes, ...fromMatches].filter((p) => !isRankWithdrawn(t, p));
  }
  return ok([{ type: 'PrizeAwarded', data: { prize: prize.id, players } }]);
}

export interface Award {
  readonly prize: string;
  readonly name: string;
  readonly player: string;
  /** Withdrawn by a disqualification with loss of prizes in force. */
  readonly withdrawn: boolean;
}

/** Every award handed out, with withdrawals. */
export function awards(t: Tournament): Award[] {
  return t.prizes.flatMap((p) =>
    (p.awardedTo ?? []).map((player) => ({ prize: p.id, name: p.name, player, withdrawn: forfeitsPrizes(t, player) })),
  );
}
