import { err, ok, type Result } from '../result.js';
import { explain } from './command-problems.js';
import { checkBounded, checkInteger, checkReading, checkTime, firstError } from './command-checks.js';
import type { CloseEntry, Drafted, Enter, OpenEntry, SetDecklistDeadline, SetDecklistPublication } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import { cardGameIdForm, nameKey } from '../names/normal-form.js';
import { entryOf, entryOpenAt, nextWaiting, seatsTaken, waitingInOrder } from './entry.js';
import { playersUnder } from './roster-index.js';
import type { EntryMode, EventDraft } from './events.js';
import { CARD_GAME_ID_DIGITS, ENTRY_CAP, ENTRY_TEXT_MAX, MAX_ENTRANTS, PUBLISH_TOP } from './limits.js';
import { seededShuffle } from './pairing/seeded-random.js';
import { findPlayer } from './state-queries.js';
import type { Tournament } from './state.js';
import { lotteryCommitment } from './lottery-commitment.js';
import { consentGiven } from './feature-tables.js';

/*
 * Public entry: the organizer opens it with a cap and a closing time; players enter from the
 * public page until then. Past the cap an entry is refused, or goes on the waiting list (which
 * moves up when a registered player withdraws before round 1), or, for a lottery, every entry
 * is an application and the draw at closing, with the organizer's seed, decides who plays; the
 * rest wait in the order drawn. Duplicates are a warning for staff, never a refusal: two
 * players may share a name, and a wrong Card Game ID is staff's to sort out.
 */

const MODES: readonly EntryMode[] = ['first-come', 'waiting-list', 'lottery'];
const fail = (error: DomainError): Drafted => err(error);

export function decideOpenEntry(command: OpenEntry, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { cap, closesAt, mode } = command.data;
  const problem = firstError(
    checkInteger('cap', cap, ENTRY_CAP),
    checkTime('closesAt', closesAt),
    MODES.includes(mode)
      ? null
      : domainError('invalid-command', { field: 'mode', problem: explain('one-of', { choices: MODES }) }),
  );
  if (problem) return fail(problem);
  if (Date.parse(closesAt) <= Date.parse(command.meta.at))
    return fail(domainError('invalid-command', { field: 'closesAt', problem: explain('time-passed') }));
  if (t.rounds.length > 0) return fail(domainError('registration-closed', { reason: explain('round-1-paired') }));
  const e = entryOf(t);
  if (e.lottery !== null) return fail(domainError('lottery-drawn'));
  if (entryOpenAt(t, command.meta.at)) return fail(domainError('entry-already-open'));
  // A larger cap's seats go to those waiting first, in order.
  const free = Math.max(0, cap - seatsTaken(t));
  const moving = [...take(waitingInOrder(t), free)].map(
    (r): EventDraft => ({
      type: 'PlayerRegistered',
      data: { player: playerOf(r), entryRound: 1, fromWaitingList: true },
    }),
  );
  // The application draws a lottery's seed and nonce (tournament-service.ts); a command without them commits nothing.
  const draws = mode === 'lottery' && command.meta.seed !== undefined && command.meta.nonce !== undefined;
  const lottery = draws ? committedSeed(command) : undefined;
  if (lottery && !lottery.ok) return err(lottery.error);
  const opened: EventDraft = {
    type: 'EntryOpened',
    data: { cap, closesAt, mode, ...(lottery ? { lottery: lottery.value } : {}) },
  };
  return ok([opened, ...moving]);
}

/** The lottery's seed and nonce the application drew for the command, with their commitment. */
function committedSeed(command: OpenEntry): Result<{ seed: number; nonce: string; commitment: string }, DomainError> {
  const { seed, nonce } = command.meta;
  const bad =
    checkInteger('seed', seed, { min: 0, max: Number.MAX_SAFE_INTEGER }) ??
    (typeof nonce === 'string' && /^[0-9a-f]{16,64}$/.test(nonce)
      ? null
      : domainError('invalid-command', { field: 'nonce', problem: explain('text-required') }));
  if (bad) return err(bad);
  return ok({
    seed: seed as number,
    nonce: nonce as string,
    commitment: lotteryCommitment(seed as number, nonce as string),
  });
}

function* take<T>(items: Iterable<T>, most: number): Generator<T> {
  if (most <= 0) return;
  let n = 0;
  for (const item of items) {
    yield item;
    if (++n >= most) return;
  }
}

/** EntryClosed; for a lottery not yet drawn, the draw and the registrations of those drawn. */
export function decideCloseEntry(command: CloseEntry, t: Tournament): Drafted {
  const e = entryOf(t);
  if (e.settings === null || e.closed) return fail(domainError('entry-not-open'));
  const closed: EventDraft = { type: 'EntryClosed', data: {} };
  if (e.settings.mode !== 'lottery' || e.lottery !== null) return ok([closed]);
  // A lottery opened with a committed seed draws with it: nobody picks the seed after seeing the entrants.
  if (e.committed !== null && command.data.seed !== undefined)
    return fail(domainError('invalid-command', { field: 'seed', problem: explain('lottery-seed-committed') }));
  const seed = e.committed?.seed ?? command.data.seed ?? command.meta.seed;
  const bad = checkInteger('seed', seed, { min: 0, max: Number.MAX_SAFE_INTEGER });
  if (bad) return fail(bad);
  const applicants = [...e.entrants].filter((r) => r.status === 'applied');
  const order = seededShuffle(applicants, seed as number);
  const seats = Math.max(0, e.settings.cap - seatsTaken(t));
  const drawn = order.slice(0, seats);
  return ok([
    closed,
    {
      type: 'LotteryDrawn',
      data: { seed: seed as number, drawn: drawn.map((r) => r.id), waiting: order.slice(seats).map((r) => r.id) },
    },
    ...drawn.map(
      (r): EventDraft => ({
        type: 'PlayerRegistered',
        data: { player: playerOf(r), entryRound: 1 },
      }),
    ),
  ]);
}

const playerOf = (r: { id: string; name: string; reading: string; cardGameId?: string }) => ({
  id: r.id,
  name: r.name,
  reading: r.reading,
  ...(r.cardGameId === undefined ? {} : { cardGameId: r.cardGameId }),
  decklist: null,
});

export function decideEnter(command: Enter, t: Tournament): Drafted {
  const e = entryOf(t);
  const now = command.meta.at;
  if (!entryOpenAt(t, now)) {
    const s = e.settings;
    return fail(
      s !== null && !e.closed && Date.parse(now) >= Date.parse(s.closesAt)
        ? domainError('entry-closed', { closesAt: s.closesAt })
        : domainError('entry-not-open'),
    );
  }
  const settings = e.settings!;
  const { name, reading } = command.data;
  // Typed with dashes, spaces or full-width digits, it is kept (and compared) as its ten digits.
  const typedId = command.data.cardGameId;
  const cardGameId = typeof typedId === 'string' ? (cardGameIdForm(typedId) ?? undefined) : undefined;
  const problem = firstError(
    checkBounded('name', name, { max: ENTRY_TEXT_MAX }),
    checkReading('reading', reading, { max: ENTRY_TEXT_MAX }),
    typedId === undefined || cardGameId !== undefined
      ? null
      : domainError('invalid-command', {
          field: 'cardGameId',
          problem: explain('card-game-id', { digits: CARD_GAME_ID_DIGITS }),
        }),
  );
  if (problem) return fail(problem);
  if (e.entrants.size >= MAX_ENTRANTS) return fail(domainError('too-many-entrants', { max: MAX_ENTRANTS }));
  const entrant = {
    id: newId(t),
    name: name.trim(),
    reading: reading.trim(),
    ...(cardGameId === undefined ? {} : { cardGameId }),
  };
  const status =
    settings.mode === 'lottery'
      ? 'applied'
      : seatsTaken(t) < settings.cap && nextWaiting(t) === undefined
        ? 'registered'
        : settings.mode === 'waiting-list'
          ? 'waiting'
          : null;
  if (status === null) return fail(domainError('entry-full', { cap: settings.cap }));
  const consent = consentGiven('filming', entrant.id, command.data.filming);
  if (!Array.isArray(consent)) return fail(consent);
  const received: EventDraft = {
    type: 'EntryReceived',
    data: { entrant, status, duplicateOf: duplicatesOf(t, entrant) },
  };
  if (status !== 'registered') return ok([received, ...consent]);
  return ok([received, { type: 'PlayerRegistered', data: { player: playerOf(entrant), entryRound: 1 } }, ...consent]);
}

/** The next free id of the form E0001: entries are numbered in order, skipping an id staff already gave. */
function newId(t: Tournament): string {
  const e = entryOf(t);
  for (let n = e.entrants.size + 1; ; n += 1) {
    const id = `E${String(n).padStart(4, '0')}`;
    if (!findPlayer(t, id) && !e.entrants.has(id)) return id;
  }
}

/**
 * Players and entrants with the same Card Game ID (a player registered by staff under it, too),
 * or the same name and reading, each in its compared form (`normal-form.ts`). Looked up in the
 * entries' ledgers and the players' roster index: the same cost with 8,000 registered as with none.
 */
function duplicatesOf(t: Tournament, entrant: { name: string; reading: string; cardGameId?: string }): string[] {
  const e = entryOf(t);
  const found = new Set<string>();
  if (entrant.cardGameId !== undefined) {
    for (const r of e.byCardGameId.of(entrant.cardGameId)) found.add(r.id);
    for (const id of playersUnder(t.roster.byCardGameId, entrant.cardGameId)) found.add(id);
  }
  const key = nameKey(entrant.name, entrant.reading);
  for (const r of e.byName.of(key)) found.add(r.id);
  for (const id of playersUnder(t.roster.byName, key)) found.add(id);
  return [...found];
}

/** Before round 1, a registered player's withdrawal frees a seat: the next on the waiting list moves up. */
export function movedUpAfterDrop(t: Tournament, dropped: string): EventDraft[] {
  const e = entryOf(t);
  if (t.rounds.length > 0 || e.settings === null || !findPlayer(t, dropped)) return [];
  const next = nextWaiting(t);
  if (!next || findPlayer(t, next.id) || seatsTaken(t) - 1 >= e.settings.cap) return [];
  return [{ type: 'PlayerRegistered', data: { player: playerOf(next), entryRound: 1, fromWaitingList: true } }];
}

export function decideSetDecklistDeadline(command: SetDecklistDeadline, t: Tournament): Drafted {
  if (t.status === 'finished') return fail(domainError('tournament-finished'));
  const { until } = command.data;
  if (until !== null) {
    const bad = checkTime('until', until);
    if (bad) return fail(bad);
  }
  return ok([{ type: 'DecklistDeadlineSet', data: { until } }]);
}

export function decideSetDecklistPublication(command: SetDecklistPublication, t: Tournament): Drafted {
  const { scope } = command.data;
  if (entryOf(t).settings !== null || t.status === 'finished') return fail(domainError('publication-fixed'));
  if (scope?.kind === 'top') {
    const bad = checkInteger('scope.top', scope.top, PUBLISH_TOP);
    if (bad) return fail(bad);
  } else if (scope?.kind !== 'all')
    return fail(
      domainError('invalid-command', { field: 'scope', problem: explain('one-of', { choices: ['top', 'all'] }) }),
    );
  return ok([
    {
      type: 'DecklistPublicationSet',
      data: { scope: scope.kind === 'top' ? { kind: 'top', top: scope.top } : { kind: 'all' } },
    },
  ]);
}
