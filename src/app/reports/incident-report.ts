import type { FactValue, PenaltyId, Phase } from '../../core/policy/assess-types.js';
import { penaltyOf } from '../../core/policy/ladder.js';
import type { Text } from '../../core/text.js';
import type { Actor } from '../../core/tournament/events.js';
import { findMatch, findPlayer, findRound } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';
import { landedOnText, penaltyLog, type PenaltyLogEntry, type PenaltyStatus } from '../penalty-log.js';

/*
 * The incident report a head judge files for a disqualification (and, on request, for any
 * penalty): everything the log knows about one penalty, with the tournament's own pack's words
 * for the infraction, the guideline and the penalty, so the page reads the same years later
 * under the rules the event ran with. Staff only (it carries the judge's notes). A player's id
 * is the Card Game ID they registered with (an entry from the public page keeps it beside its
 * entry id). Judges are named by their display names where the caller knows them (the accounts
 * are not in the log: the event bundle, made from the log alone, names them by user name).
 * What the log does not hold (the venue) is `null` and printed as a line to fill in by hand.
 */

export interface ReportPerson {
  /** The tournament's id of the player (an entry id such as E0004 for a public entry). */
  readonly id: string;
  /** The Card Game ID registered: the entry's own one, else the player id (staff enter players by it). */
  readonly cardGameId: string;
  readonly name: string;
  readonly reading: string | null;
}

/** A judge as the report names them: the account's display name, else the user name the log holds. */
export type ReportJudge = Actor & { readonly name: string };

export interface IncidentReport {
  readonly tournament: {
    readonly id: string;
    readonly name: string;
    readonly date: string;
    /** The IANA zone the event runs in; the printed page shows every time in it (absent: UTC). */
    readonly timeZone: string | null;
    /** Not recorded by shinpan: written on the printed page. */
    readonly venue: null;
    readonly pack: { readonly id: string; readonly version: string };
  };
  readonly penaltyId: number;
  readonly round: number;
  readonly table: number | null;
  readonly player: ReportPerson;
  readonly opponent: ReportPerson | null;
  readonly infraction: {
    readonly id: string;
    readonly section: string;
    readonly sectionTitle: Text | null;
    readonly name: Text;
    /** The pack's rule text: what the infraction is, and the remedy it prescribes. */
    readonly description: Text;
    readonly remedy: Text | null;
  };
  readonly phase: { readonly id: Phase; readonly name: Text };
  readonly facts: readonly { readonly name: string; readonly value: FactValue; readonly text: Text }[];
  readonly guideline: NamedPenalty;
  readonly issued: NamedPenalty;
  readonly inForce: NamedPenalty & { readonly effect: Text };
  readonly status: PenaltyStatus;
  readonly recorded: boolean;
  /** Why the issued penalty differs from the guideline (a deviation, a repeat, an added penalty), or null. */
  readonly deviation: {
    readonly kind: 'deviation' | 'repeat' | 'added';
    readonly reason: string | null;
    readonly addedTo: number | null;
  } | null;
  /** Where a duel or match loss took effect, or why it could not: one sentence in each language. */
  readonly landed: Text;
  readonly judge: ReportJudge;
  readonly at: string;
  readonly raised: readonly {
    readonly from: NamedPenalty;
    readonly to: NamedPenalty;
    readonly judge: ReportJudge;
    readonly at: string;
  }[];
  readonly appeals: readonly {
    readonly kind: 'changed' | 'rescinded' | 'denied';
    readonly from: NamedPenalty;
    readonly to: NamedPenalty | null;
    readonly reason: string;
    readonly judge: ReportJudge;
    readonly at: string;
  }[];
  readonly statements: readonly string[];
  readonly notes: string | null;
}

export interface NamedPenalty {
  readonly id: PenaltyId;
  readonly name: Text;
}

const PHASE_NAMES: Readonly<Record<Phase, Text>> = {
  'in-duel': { ja: 'デュエル中', en: 'during a duel' },
  'between-duels': { ja: 'デュエルとデュエルの間', en: 'between duels' },
  'between-matches': { ja: 'マッチとマッチの間', en: 'between matches' },
};

/** User name → display name of the staff accounts the caller knows. */
export type JudgeNames = ReadonlyMap<string, string>;

const NO_NAMES: JudgeNames = new Map();

/**
 * The incident report of penalty `id`, or undefined when the tournament has no such penalty;
 * judges named from `names` (user name → display name).
 */
export function incidentReport(t: Tournament, id: number, names: JudgeNames = NO_NAMES): IncidentReport | undefined {
  const entry = penaltyLog(t).find((e) => e.id === id);
  const state = t.penalties.find((p) => p.id === id);
  if (entry === undefined || state === undefined) return undefined;
  return reportOf(t, entry, state.raised ?? [], names);
}

/** Every disqualification's report, in the order issued (the event bundle's incident reports). */
export function disqualificationReports(t: Tournament): IncidentReport[] {
  const raised = new Map(t.penalties.map((p) => [p.id, p.raised ?? []]));
  return penaltyLog(t)
    .filter((e) => e.disqualification || e.appeals.some((a) => isDq(a.from)))
    .map((e) => reportOf(t, e, raised.get(e.id) ?? [], NO_NAMES));
}

const isDq = (p: PenaltyId): boolean => p === 'disqualification' || p === 'disqualification-forfeit-prizes';

function reportOf(
  t: Tournament,
  e: PenaltyLogEntry,
  raised: NonNullable<Tournament['penalties'][number]['raised']>,
  names: JudgeNames,
): IncidentReport {
  const judge = (a: Actor): ReportJudge => ({ ...a, name: names.get(a.id) ?? a.id });
  const pack = t.pack.content;
  const named = (p: PenaltyId): NamedPenalty => ({ id: p, name: penaltyOf(pack, p).name });
  const infraction = pack.infractions.find((i) => i.id === e.infraction);
  const penaltyState = t.penalties.find((p) => p.id === e.id)!;
  const where = penaltyState.context.currentMatch ?? e.landedOn;
  const round = where?.round ?? e.round;
  const table = where?.table ?? null;
  const person = (id: string): ReportPerson => {
    const p = findPlayer(t, id);
    return { id, cardGameId: p?.cardGameId ?? id, name: p?.name ?? id, reading: p?.reading ?? null };
  };
  const paired = findRound(t, round);
  const match = table === null || paired === undefined ? undefined : findMatch(paired, table);
  const opponentId = match?.players.find((p) => p !== e.player);
  return {
    tournament: {
      id: t.id,
      name: t.settings.name,
      date: t.settings.date,
      timeZone: t.settings.timeZone ?? null,
      venue: null,
      pack: { id: t.pack.id, version: t.pack.version },
    },
    penaltyId: e.id,
    round,
    table,
    player: person(e.player),
    opponent: opponentId === undefined ? null : person(opponentId),
    infraction: {
      id: e.infraction,
      section: infraction?.section ?? '',
      sectionTitle: pack.sections.find((s) => s.id === infraction?.section)?.title ?? null,
      name: infraction?.name ?? { ja: e.infraction, en: e.infraction },
      description: infraction?.description ?? { ja: '', en: '' },
      remedy: penaltyState.guideline.remedy,
    },
    phase: { id: e.phase, name: PHASE_NAMES[e.phase] },
    facts: Object.entries(e.facts).map(([name, value]) => ({ name, value, text: factText(infraction, name, value) })),
    guideline: named(e.guideline),
    issued: named(e.issuedAs),
    inForce: { ...named(e.penalty), effect: penaltyOf(pack, e.penalty).effect },
    status: e.status,
    recorded: e.recorded,
    deviation:
      e.addedTo !== null
        ? { kind: 'added', reason: e.reason, addedTo: e.addedTo }
        : e.repeatUpgrade
          ? { kind: 'repeat', reason: e.reason, addedTo: null }
          : e.deviationReason !== null
            ? { kind: 'deviation', reason: e.deviationReason, addedTo: null }
            : null,
    landed: landedText(e),
    judge: judge(e.judge),
    at: e.at,
    raised: raised.map((r) => ({ from: named(r.from), to: named(r.to), judge: judge(r.judge), at: r.at })),
    appeals: e.appeals.map((a) => ({
      kind: a.kind,
      from: named(a.from),
      to: a.to === null ? null : named(a.to),
      reason: a.reason,
      judge: judge(a.judge),
      at: a.at,
    })),
    statements: e.statements,
    notes: e.notes,
  };
}

type Infraction = Tournament['pack']['content']['infractions'][number];

/** A fact as the pack words it: "late by 7 minutes", "a significant decision has been made since". */
function factText(infraction: Infraction | undefined, name: string, value: FactValue): Text {
  const fact = infraction?.facts.find((f) => f.name === name);
  if (fact?.type === 'number') {
    return { ja: `${fact.label.ja} ${value}${fact.unit.ja}`, en: `${fact.label.en} ${value} ${fact.unit.en}` };
  }
  if (fact?.type === 'boolean') return value === true ? fact.yes : fact.no;
  return { ja: `${name} = ${String(value)}`, en: `${name} = ${String(value)}` };
}

function landedText(e: PenaltyLogEntry): Text {
  if (e.status === 'rescinded')
    return { ja: '上訴で取り消し（結果への影響なし）', en: 'rescinded on appeal (no effect on any result)' };
  if (e.landedOn !== null) return { ja: landedOnText(e.landedOn, 'ja'), en: landedOnText(e.landedOn, 'en') };
  if (e.couldNotLand !== null) {
    return { ja: `適用できず: ${e.couldNotLand.text.ja}`, en: `could not land: ${e.couldNotLand.text.en}` };
  }
  if (e.noMatchLeft) return { ja: '適用先のマッチなし（記録のみ）', en: 'no match left to land on (recorded only)' };
  if (e.landing.kind === 'none') return { ja: '対戦結果への影響なし', en: 'no effect on a result' };
  return { ja: 'まだ適用されていません（次のマッチ）', en: 'not landed yet (the next match)' };
}
