import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { invisibleCharacter, showsSomething } from '../../../core/names/normal-form.js';
import { readingProblem } from '../../../core/names/reading.js';
import { boundProblem } from '../../../core/tournament/command-checks.js';
import { MAX_REPORTED_DUELS, PLAYER_ID, PLAYER_NAME, READING, TOURNAMENT_ID } from '../../../core/tournament/limits.js';
import { explain } from '../../../core/tournament/command-problems.js';
import { findRound } from '../../../core/tournament/state-queries.js';
import type { RoundState, Tournament } from '../../../core/tournament/state.js';
import { notFound } from '../errors.js';
import { boundedText, issueText } from '../request-schema.js';
import type { WriteAnswer } from '../tournaments/tournament-gateway.js';
import { M } from '../messages/tournaments.js';

/** A tournament id: a short slug, chosen by the organizer or generated. */
export const tournamentId = z
  .string()
  .max(TOURNAMENT_ID.max)
  .regex(TOURNAMENT_ID.shape.pattern, `lower-case letters, digits and dashes, up to ${TOURNAMENT_ID.max}`);
/** A player id is the card game ID the player registers with. */
export const playerId = boundedText(PLAYER_ID);
/**
 * A player's name as registered: the core's bound, which the CLI and the CSV reader check too;
 * a name of characters that show nothing (U+3164, U+2800…) is refused here at its field by the
 * domain's rule (names/normal-form.ts).
 */
export const playerName = boundedText(PLAYER_NAME).superRefine((value, context) => {
  const invisible = showsSomething(value) ? null : invisibleCharacter(value);
  if (invisible !== null)
    context.addIssue({ code: 'custom', ...issueText(explain('text-invisible', { codePoint: invisible })) });
});
/** How the name is read (フリガナ), in kana: the rule is the domain's (core/names/reading.ts). */
export const playerReading = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = readingProblem(value) ?? boundProblem(value, READING);
    if (problem) context.addIssue({ code: 'custom', ...issueText(problem) });
  })
  .meta({
    description: 'フリガナ: hiragana, katakana or half-width katakana; "by name" lists sort on it (五十音)',
    maxLength: READING.max,
  });
/** Each duel played, in order: the winner's player id, or "draw"; duels already decided by penalty are left out. */
export const duelWinners = z.array(z.string().trim().min(1).max(PLAYER_ID.max)).min(1).max(MAX_REPORTED_DUELS);
/** Round and table numbers in paths: canonical decimal only ("1", never "01", "0x1", "1.0" or " 1"). */
const positive = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, 'a whole number from 1, written in digits only')
  .transform(Number)
  .refine((n) => n <= 100_000, 'at most 100000');

export const tournamentParams = z.object({ tournamentId });

/** The round a path names, or a 404. */
export function roundOf(t: Tournament, round: number): RoundState {
  const r = findRound(t, round);
  if (!r) throw notFound(M.text('round'));
  return r;
}
export const roundParams = tournamentParams.extend({ round: positive });
export const tableParams = roundParams.extend({ table: positive });
export const playerParams = tournamentParams.extend({ playerId });

/** What every write answers: the new version and the events it appended (the same bytes on an idempotent retry). */
export const writeAnswer = z.object({
  version: z.number(),
  events: z.array(
    z.object({ seq: z.number(), type: z.string(), data: z.unknown(), actor: z.string(), at: z.string() }),
  ),
});

/** Sends a write's answer with its version as ETag, flagging a replayed retry. */
export function sendWrite<Extra extends object>(
  reply: FastifyReply,
  answer: WriteAnswer,
  extra?: Extra,
  status = 200,
): object {
  reply.header('etag', `"${answer.version}"`);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(status);
  return { version: answer.version, events: answer.events, ...extra };
}

/** Marks a read with the tournament version it shows. */
export function withVersion<T extends object>(reply: FastifyReply, version: number, body: T): T & { version: number } {
  reply.header('etag', `"${version}"`);
  return { ...body, version };
}

/** The data of the first event of `type` in a write's answer. */
export function eventData<T>(answer: WriteAnswer, type: string): T | undefined {
  return answer.events.find((e) => e.type === type)?.data as T | undefined;
}
