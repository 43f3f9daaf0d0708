import { explain } from './command-problems.js';
import { err, ok } from '../result.js';
import { checkDeckRules } from './decide-deck-rules.js';
import { checkStageFormats } from './match-format.js';
import {
  checkBounded,
  checkDate,
  checkInteger,
  checkOptionalBounded,
  checkReading,
  checkText,
  checkTimeZone,
  firstError,
} from './command-checks.js';
import type {
  ChangePlayerDetails,
  CreateTournament,
  Drafted,
  DropPlayer,
  RegisterPlayer,
  SubmitDecklist,
  CorrectDecklist,
  WithdrawEntry,
} from './commands.js';
import {
  MAX_PLAYER_DECKLISTS,
  PLAYER_ID,
  PLAYER_NAME,
  REASON,
  ROUND_MINUTES,
  SWISS_ROUNDS,
  TOURNAMENT_ID,
  TOURNAMENT_NAME,
} from './limits.js';
import { movedUpAfterDrop } from './decide-entry.js';
import { receiptHash } from './decklist-receipt.js';
import { decklistOpenAt, decklistSettings } from './entry.js';
import { domainError, type DomainError } from './domain-errors.js';
import { DRAW, PLAYER_ROLE, type PlayerEntry } from './events.js';
import { checkTopCut } from './top-cut-size.js';
import { consentGiven } from './feature-tables.js';
import { findPlayer, isDropped, latestRound } from './state-queries.js';
import type { Tournament, TournamentState } from './state.js';

/*
 * Creating the tournament and the player list. Late entry: a Swiss tournament of two or more
 * rounds takes new players until round 2 is paired; round 1 then counts as a match loss for
 * them. Nobody comes back after a drop.
 */

const fail = (error: DomainError): Drafted => err(error);

/** TournamentCreated, with the whole policy pack. */
export function decideCreate(command: CreateTournament, state: TournamentState): Drafted {
  if (state.status !== 'none') return fail(domainError('tournament-exists', { tournament: state.id }));
  const { tournamentId, settings, pack } = command.data;
  const s = settings.structure;
  const problem = firstError(
    checkBounded('tournamentId', tournamentId, TOURNAMENT_ID),
    checkBounded('settings.name', settings.name, TOURNAMENT_NAME),
    checkDate('settings.date', settings.date),
    checkInteger('settings.roundMinutes', settings.roundMinutes, ROUND_MINUTES),
    s.kind === 'swiss' ? checkInteger('settings.structure.rounds', s.rounds, SWISS_ROUNDS) : null,
    s.kind === 'swiss' ? checkTopCut('settings.structure.topCut', s.topCut, s.topCutByes) : null,
    checkStageFormats('settings.stages', settings.stages),
    settings.deckRules ? checkDeckRules('settings.deckRules', settings.deckRules) : null,
    settings.timeZone === undefined ? null : checkTimeZone('settings.timeZone', settings.timeZone),
    pack.id !== pack.content.id || pack.version !== pack.content.version
      ? domainError('invalid-command', {
          field: 'pack',
          problem: explain('pack-identity', { id: pack.id, version: pack.version }),
        })
      : null,
  );
  if (problem) return fail(problem);
  return ok([{ type: 'TournamentCreated', data: { tournamentId, settings, pack } }]);
}

/** PlayerRegistered (with the player's answer to being filmed, when asked), or why the player cannot enter now. */
export function decideRegister(command: RegisterPlayer, t: Tournament): Drafted {
  const consent = consentGiven('filming', command.data.player.id, command.data.filming);
  if (!Array.isArray(consent)) return fail(consent);
  const drafted = registration(command, t);
  return drafted.ok ? ok([...drafted.value, ...consent]) : drafted;
}

function registration(command: RegisterPlayer, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { id, name, reading, decklist } = command.data.player;
  const problem = firstError(
    checkBounded('player.id', id, PLAYER_ID),
    id === DRAW
      ? domainError('invalid-command', {
          field: 'player.id',
          problem: explain('reserved-id', { id: DRAW }),
        })
      : null,
    checkBounded('player.name', name, PLAYER_NAME),
    reading === undefined ? null : checkReading('player.reading', reading),
  );
  if (problem) return fail(problem);
  const existing = findPlayer(t, id);
  if (existing) return fail(domainError(isDropped(t, id) ? 'player-dropped' : 'duplicate-player', { player: id }));

  const entry = {
    id,
    name: name.trim(),
    ...(reading === undefined ? {} : { reading: reading.trim() }),
    decklist: decklist ?? null,
  };
  const paired = t.rounds.length;
  const s = t.settings.structure;
  if (command.data.invitation !== undefined) return invite(command, t, entry);
  let entryRound = 1;
  if (paired > 0) {
    const late = s.kind === 'swiss' && paired === 1 && s.rounds >= 2;
    if (!late)
      return fail(
        domainError('registration-closed', {
          reason: s.kind === 'swiss' ? explain('round-2-paired') : explain('elimination-started'),
        }),
      );
    entryRound = 2;
    if (t.settings.decklistsRequired && !decklist) return fail(domainError('decklists-missing', { players: [id] }));
  }
  return ok([{ type: 'PlayerRegistered', data: { player: entry, entryRound } }]);
}

/** An invitation into the phase just started (day two), before its first round is paired: byes for the rounds before it. */
function invite(command: RegisterPlayer, t: Tournament, player: PlayerEntry): Drafted {
  const reason = command.data.invitation?.reason;
  if (checkText('invitation.reason', reason)) return fail(domainError('reason-required'));
  const tooLong = checkBounded('invitation.reason', reason, REASON);
  if (tooLong) return fail(tooLong);
  const phase = t.phases[t.phases.length - 1];
  if (!phase || t.rounds.length !== phase.fromRound - 1) {
    return fail(
      domainError('registration-closed', {
        reason: explain('invitation-window'),
      }),
    );
  }
  if (t.settings.decklistsRequired && player.decklist === null)
    return fail(domainError('decklists-missing', { players: [player.id] }));
  return ok([
    {
      type: 'PlayerRegistered',
      data: { player, entryRound: phase.fromRound, invitation: { reason: (reason as string).trim() } },
    },
  ]);
}

/**
 * DecklistSubmitted with the list's receipt: by staff until the player's first round is paired;
 * by the player until the decklist deadline (default: the same), a list with findings only when
 * confirmed, a bounded number of times. The same list again changes nothing and stores nothing.
 */
export function decideSubmitDecklist(command: SubmitDecklist, t: Tournament): Drafted {
  const { player, decklist, findings = 0, confirmed } = command.data;
  const p = findPlayer(t, player);
  if (!p) return fail(domainError('player-not-found', { player }));
  if (isDropped(t, player)) return fail(domainError('player-dropped', { player }));
  const byPlayer = command.meta.actor.role === PLAYER_ROLE;
  if (!byPlayer) {
    if (t.rounds.length >= p.entryRound) return fail(domainError('decklist-locked', { player }));
    return ok([{ type: 'DecklistSubmitted', data: { player, decklist, receipt: receiptHash(decklist) } }]);
  }
  if (!decklistOpenAt(t, p.entryRound, command.meta.at))
    return fail(domainError('decklist-deadline-passed', { player, deadline: decklistSettings(t).deadline }));
  const bad = checkInteger('findings', findings, { min: 0, max: Number.MAX_SAFE_INTEGER });
  if (bad) return fail(bad);
  if (findings > 0 && confirmed !== true) return fail(domainError('decklist-findings-unconfirmed', { findings }));
  const receipt = receiptHash(decklist);
  const sent = decklistSettings(t).submissions.of(player);
  if (sent[sent.length - 1]?.hash === receipt && p.decklist !== null) return ok([]);
  if (sent.filter((s) => s.byPlayer).length >= MAX_PLAYER_DECKLISTS)
    return fail(domainError('too-many-decklists', { player, max: MAX_PLAYER_DECKLISTS }));
  return ok([
    {
      type: 'DecklistSubmitted',
      data: { player, decklist, receipt, byPlayer: true, ...(findings > 0 ? { findings } : {}) },
    },
  ]);
}

/**
 * DecklistCorrected: once the player has played, the list is part of the event's record; only
 * the head judge replaces it, with the reason, and the log keeps both lists.
 */
export function decideCorrectDecklist(command: CorrectDecklist, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { player, decklist, reason } = command.data;
  const p = findPlayer(t, player);
  if (!p) return fail(domainError('player-not-found', { player }));
  if (isDropped(t, player)) return fail(domainError('player-dropped', { player }));
  if (t.rounds.length < p.entryRound) return fail(domainError('decklist-not-locked', { player }));
  const bad = checkBounded('reason', reason, REASON);
  if (bad) return fail(bad);
  return ok([
    {
      type: 'DecklistCorrected',
      data: { player, decklist, reason: reason.trim(), afterRound: t.rounds.length, by: command.meta.actor },
    },
  ]);
}

/**
 * PlayerDetailsChanged: a name misspelt at the desk, or a reading added after a CSV import
 * without one. Only what differs is recorded; a change that changes nothing is refused.
 */
export function decideChangePlayerDetails(command: ChangePlayerDetails, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { player, name, reading } = command.data;
  const p = findPlayer(t, player);
  if (!p) return fail(domainError('player-not-found', { player }));
  const problem = firstError(
    checkOptionalBounded('name', name, PLAYER_NAME),
    reading === undefined || reading === null ? null : checkReading('reading', reading),
  );
  if (problem) return fail(problem);
  const newName = name?.trim();
  const newReading = reading === null ? null : reading?.trim();
  const change = {
    ...(newName !== undefined && newName !== p.name ? { name: newName } : {}),
    ...(newReading !== undefined && newReading !== (p.reading ?? null) ? { reading: newReading } : {}),
  };
  if (Object.keys(change).length === 0)
    return fail(
      domainError('invalid-command', {
        field: 'name',
        problem: explain('details-unchanged'),
      }),
    );
  return ok([{ type: 'PlayerDetailsChanged', data: { player, ...change } }]);
}

/**
 * The player's own withdrawal (辞退) before round 1: a drop marked `withdrawn`, and the first on
 * the waiting list moves up into the freed seat. Once round 1 is paired only staff drop a
 * player (a match may hang on it).
 */
export function decideWithdraw(command: WithdrawEntry, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { player } = command.data;
  if (!findPlayer(t, player)) return fail(domainError('player-not-found', { player }));
  if (t.rounds.length > 0) return fail(domainError('withdrawal-closed'));
  if (isDropped(t, player)) return fail(domainError('player-dropped', { player }));
  return ok([
    { type: 'PlayerDropped', data: { player, afterRound: 0, reason: null, withdrawn: true } },
    ...movedUpAfterDrop(t, player),
  ]);
}

/** PlayerDropped: the player is not paired again; a match already paired still needs its result. */
export function decideDrop(command: DropPlayer, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { player, reason } = command.data;
  if (!findPlayer(t, player)) return fail(domainError('player-not-found', { player }));
  if (isDropped(t, player)) return fail(domainError('player-dropped', { player }));
  // A blank reason is no reason (null); a written one is bounded.
  const badReason = reason?.trim() ? checkBounded('reason', reason, REASON) : null;
  if (badReason) return fail(badReason);
  const afterRound = latestRound(t)?.number ?? 0;
  return ok([
    { type: 'PlayerDropped', data: { player, afterRound, reason: reason?.trim() || null } },
    ...movedUpAfterDrop(t, player),
  ]);
}
