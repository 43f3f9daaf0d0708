/*
 * The bounds the core checks on tournament settings and commands, and the defaults an entry
 * point fills in when a user names nothing. The CLI's options (and their help), the HTTP
 * schemas (and so the OpenAPI document) and the console's forms all read them from here, so
 * a bound changes in one place. Plain constants only: the console imports this file as is.
 */

/** An inclusive range of whole numbers. */
export interface IntRange {
  readonly min: number;
  readonly max: number;
}

/** Duels per match: single-duel (シングル戦), best of 3 (マッチ戦), best of 5 for a top cut. */
export const BEST_OF = [1, 3, 5] as const;
export type BestOf = (typeof BEST_OF)[number];

/** What a stage plays when the settings name no format for it (every log from before formats). */
export const DEFAULT_BEST_OF: BestOf = 3;

/** Top cuts up to 256, as the largest YCS events cut (Bochum 2013: top 256 to day two). */
export const TOP_CUT_SIZES = [0, 4, 8, 16, 32, 64, 128, 256] as const;
export type TopCutSize = (typeof TOP_CUT_SIZES)[number];

/** The largest top cut, with or without byes (a size that is not a power of two takes byes for the top seeds). */
export const MAX_TOP_CUT = 256;

/** An IANA time zone name (the longest in use is about 30 characters). */
export const TIME_ZONE_CHARACTERS = 64;

/** Minutes per round; 40 is the usual length of an OCG best-of-3 round. */
export const ROUND_MINUTES = { min: 1, max: 240 } as const satisfies IntRange;
export const DEFAULT_ROUND_MINUTES = 40;

/** Swiss rounds a tournament (all its phases together) may plan. */
export const SWISS_ROUNDS = { min: 1, max: 20 } as const satisfies IntRange;

/** Minutes a judge may add to one table's clock at a time. */
export const EXTENSION_MINUTES = { min: 1, max: 60 } as const satisfies IntRange;

/** A Swiss cut: by record (players with more losses leave) or by rank (the top N stay). */
export const CUT_MAX_LOSSES = { min: 0, max: 30 } as const satisfies IntRange;
export const CUT_TOP = { min: 1, max: 100_000 } as const satisfies IntRange;

/** The duel numbers a judge can name: 1 to the longest format's duels (the match's own format bounds it further). */
export const DUEL_NUMBER = { min: 1, max: Math.max(...BEST_OF) } as const satisfies IntRange;

/**
 * The most duels one result report may list. A match of 3 or 5 may run on after drawn duels
 * while time remains, so the format does not bound it; nine is far past any real match.
 */
export const MAX_REPORTED_DUELS = 9;

/**
 * Reports one player may make on one match from their phone: the first and a few changes of
 * mind (the latest stands). An identical repeat is not stored and does not count; a report
 * equal to the opponent's, which records the result, is always taken. Staff are not bounded.
 */
export const MAX_PLAYER_REPORTS_PER_MATCH = 5;

/** Minutes a player's report waits for the opponent before the judges take the match (players reporting results). */
export const CONFIRM_MINUTES = { min: 1, max: 60 } as const satisfies IntRange;
export const DEFAULT_CONFIRM_MINUTES = 10;

/** An entry fee in whole units of its currency (¥1,000,000 is far past any shop event's). */
export const ENTRY_FEE = { min: 0, max: 1_000_000 } as const satisfies IntRange;

/**
 * Players one import registers at once (a JSON list or a CSV file, over HTTP or the CLI): past
 * the largest Japanese events (YCSJ 2024: 7,443), and a bound on the work one request asks for.
 */
export const MAX_IMPORTED_PLAYERS = 10_000;

/** Characters of a player CSV sent to the server or pasted into the console: 10,000 rows of 200. */
export const MAX_CSV_CHARACTERS = 2_000_000;

/**
 * Judge calls a player may open in one round from their phone (pressing again while the
 * table's call is open answers the same call and does not count). Staff are not bounded.
 */
export const MAX_PLAYER_CALLS_PER_ROUND = 3;

/** Characters of a player's words with a call, a floor judge's words when escalating, a ruling. */
export const CALL_NOTE_CHARS = 200;
export const CALL_RULING_CHARS = 2000;

/** Penalties one resolved call may link (both players, each with an added penalty, is four). */
export const MAX_CALL_PENALTIES = 8;

/** The shortest call (claim to resolve, in minutes) that earns the table a proposed extension: the organizer's setting. */
export const CALL_MINIMUM_MINUTES = { min: 1, max: 30 } as const satisfies IntRange;
export const DEFAULT_CALL_MINIMUM_MINUTES = 1;

/**
 * Characters of one language of a staff announcement (to everyone or one table): a short notice
 * that fits a phone's screen and the wall display, not a letter.
 */
export const ANNOUNCEMENT_CHARS = 280;

/** The newest announcements a player's page, the wall display or the list answers (older ones stay in the log). */
export const ANNOUNCEMENTS_SHOWN = 50;
/** Players public entry takes (the cap the organizer sets): up to past the largest Japanese events. */
export const ENTRY_CAP = { min: 1, max: 10_000 } as const satisfies IntRange;

/** Public entries one tournament keeps (registered, waiting and lottery applicants together), bounding what the public can add to the log. */
export const MAX_ENTRANTS = 20_000;

/** Characters of a name or reading given on the public entry page. */
export const ENTRY_TEXT_MAX = 100;

/** A KONAMI Card Game ID is ten digits. */
export const CARD_GAME_ID_DIGITS = 10;
/** Characters a Card Game ID may be typed in (with spaces or dashes between its digits). */
export const CARD_GAME_ID_TYPED_MAX = 32;

/**
 * Decklists one player may send from their page before the deadline: the first and changes of
 * mind. Sending the same list again stores nothing and does not count; staff are not bounded.
 */
export const MAX_PLAYER_DECKLISTS = 20;

/** Published decklists: the top N of the final ranking. */
export const PUBLISH_TOP = { min: 1, max: 10_000 } as const satisfies IntRange;

/** A repeat count a console may state for the guideline it decided offline (2 = the second time; no event holds more penalties). */
export const REPEAT_COUNT = { min: 2, max: 10_000 } as const satisfies IntRange;

/*
 * Text a person types. Every entry point checks these bounds (the HTTP schemas are built from
 * them, the CLI's options, the CSV reader and the console's forms read them) and the core
 * refuses past them too. Lengths are characters (code points, as JSON Schema's maxLength
 * counts them), after trimming.
 */

/** A bound on a text field: at most `max` characters; an id also has a shape, `pattern`, that command-problems.ts words by its name. */
export interface TextBound {
  readonly max: number;
  readonly shape?: { readonly name: 'player-id' | 'tournament-id'; readonly pattern: RegExp };
}

/**
 * A player id: the card game ID or the organizer's own numbering, in the characters a URL
 * path, a CSV cell, a file name and a shell carry as they are (a penalty or a page names it).
 */
export const PLAYER_ID = {
  max: 64,
  shape: { name: 'player-id', pattern: /^[\w.-]+$/ },
} as const satisfies TextBound;
/** A player's name as registered, by staff or on the public entry page. */
export const PLAYER_NAME = { max: ENTRY_TEXT_MAX } as const satisfies TextBound;
/** How a name is read (フリガナ). */
export const READING = { max: ENTRY_TEXT_MAX } as const satisfies TextBound;
/** A tournament's id: a slug in every URL of the tournament. */
export const TOURNAMENT_ID = {
  max: 64,
  shape: { name: 'tournament-id', pattern: /^[a-z0-9][a-z0-9-]*$/ },
} as const satisfies TextBound;
/** A tournament's name, as printed on slips and exports. */
export const TOURNAMENT_NAME = { max: 200 } as const satisfies TextBound;
/** A phase's name ("Day 2"). */
export const PHASE_NAME = { max: 100 } as const satisfies TextBound;
/**
 * A staff member's reason the log keeps for a decision: going on over decklists, an
 * invitation, a result correction, a drop, a change of deck rules, a time extension.
 */
export const REASON = { max: 500 } as const satisfies TextBound;
/** A judge's written reason for a penalty decision: a deviation, an added penalty, an appeal, a request's decision. */
export const RULING_REASON = { max: 2000 } as const satisfies TextBound;
/** A judge's notes with a penalty or a request. */
export const NOTES = { max: 4000 } as const satisfies TextBound;
/** A prize's id (it names the prize in the award's URL) and its name, as printed. */
export const PRIZE_ID = { max: 64 } as const satisfies TextBound;
export const PRIZE_NAME = { max: 200 } as const satisfies TextBound;
/** Prizes one tournament's list holds. */
export const MAX_PRIZES = 200;
/** A disqualification's written statements: how many, and each one's length. */
export const MAX_STATEMENTS = 20;
export const STATEMENT = { max: 10_000 } as const satisfies TextBound;
/** Feature tables a round may have (the stream shows one or two; a few more for a second camera or the next match). */
export const MAX_FEATURE_TABLES = 8;
