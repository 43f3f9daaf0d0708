import { DEVIATION, REPEAT_RAISE, REPEAT_SAME } from './house-rules.js';
import { z } from 'zod';
import { DECK_FINDING_KINDS, isSizeMaximum, type DeckFindingKind, type DeckSizeMaximum } from '../deck-findings.js';
import { APPLIES_TO, PENALTY_IDS } from './assess-types.js';
import { err, ok, type Result } from '../result.js';
import { checkPackReferences } from './pack-references.js';
import { firstProblem, type FieldProblem } from './schema-issue.js';

/*
 * What a policy pack may say. Objects are strict so a misspelt key is refused instead of
 * silently ignored: a tournament must never run under rules that differ from the file.
 */

const nonBlank = z.string().regex(/\S/, 'expected a non-empty text');

/** Every text a user sees, in both languages. */
export const textSchema = z.strictObject({ ja: nonBlank, en: nonBlank });

const kebabId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a lower-case id with dashes, like "extra-draw"');
const factName = z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'expected a camelCase fact name, like "minutesLate"');

export const penaltyIdSchema = z.enum(PENALTY_IDS);
const appliesToSchema = z.enum(APPLIES_TO);

const penaltySchema = z.strictObject({
  id: penaltyIdSchema,
  name: textSchema,
  recorded: z.boolean(),
  effect: textSchema,
});

const sectionSchema = z.strictObject({
  id: z.string().regex(/^\S+$/, 'expected a section number without spaces, like "3-A"'),
  title: textSchema,
});

const numberFactSchema = z.strictObject({
  name: factName,
  type: z.literal('number'),
  question: textSchema,
  /** How a threshold on this fact reads in the catalogue: "late by" 10 "minutes". */
  label: textSchema,
  unit: textSchema,
  minimum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
});

const booleanFactSchema = z.strictObject({
  name: factName,
  type: z.literal('boolean'),
  question: textSchema,
  /** The fact stated as true, then as false, for the catalogue and the judge's form. */
  yes: textSchema,
  no: textSchema,
});

const factSchema = z.discriminatedUnion('type', [numberFactSchema, booleanFactSchema]);

/** A threshold is a number, or a reference to a number in `settings` so one value is not written twice. */
const settingRefSchema = z.strictObject({
  setting: z
    .string()
    .regex(
      /^[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$/,
      'expected a dotted path into settings, like "tardiness.duelLossFromMinutes"',
    ),
});
const thresholdSchema = z.union([z.number(), settingRefSchema]);

const numberConditionSchema = z.strictObject({ fact: factName, atLeast: thresholdSchema });
const booleanConditionSchema = z.strictObject({ fact: factName, is: z.boolean() });
export const conditionSchema = z.union([numberConditionSchema, booleanConditionSchema]);

/** A value chosen by the facts: the first `when` whose `if` holds gives `then`; if none holds, `otherwise`. */
function ruleSchema<T extends z.ZodType>(value: T) {
  return z.strictObject({
    // biome-ignore lint/suspicious/noThenProperty: `then` is the pack's own word for a rule line's value (public format); packs are data, never awaited.
    when: z.array(z.strictObject({ if: conditionSchema, then: value })).min(1),
    otherwise: value,
  });
}

const penaltyRuleSchema = z.union([penaltyIdSchema, ruleSchema(penaltyIdSchema)]);
const remedyValueSchema = z.union([textSchema, z.null()]);
const remedyRuleSchema = z.union([textSchema, z.null(), ruleSchema(remedyValueSchema)]);

const infractionSchema = z.strictObject({
  id: kebabId,
  section: z.string(),
  name: textSchema,
  description: textSchema,
  /** The words judges use for it on the floor (スロープレイ、マークド / slow, sleeves), so a search finds it; the rules' own names stay in `name`. */
  searchWords: textSchema.optional(),
  facts: z.array(factSchema),
  penalty: penaltyRuleSchema,
  remedy: remedyRuleSchema,
  /** When the judge may add a penalty because the infraction affected the match result; `null` where the rules give no such clause. */
  additionalPenaltyWhen: z.union([conditionSchema, z.null()]),
  /** Rule 3-B: the infraction exists only at a tournament that requires decklists, for a player with a registered list. */
  requiresDecklist: z.boolean().optional(),
});

const landingSchema = z.strictObject({
  propose: z.union([appliesToSchema, z.null()]),
  options: z.array(appliesToSchema),
  note: textSchema,
});

const phaseLandingSchema = landingSchema.extend({
  /** Spec §4: in a match that is already lost, a match loss may move to the next match. */
  ifMatchAlreadyLost: landingSchema.optional(),
});

const timingRowSchema = z.strictObject({
  'in-duel': phaseLandingSchema,
  'between-duels': phaseLandingSchema,
  'between-matches': phaseLandingSchema,
});

/** Caution and warning land on no game; the four penalties that do must each say where, per phase. */
const timingSchema = z.strictObject({
  'duel-loss': timingRowSchema,
  'match-loss': timingRowSchema,
  disqualification: timingRowSchema,
  'disqualification-forfeit-prizes': timingRowSchema,
});

const count = z.number().int().min(0);

const settingsSchema = z.strictObject({
  tardiness: z.strictObject({
    countsFrom: z.literal('designated-seat-time'),
    duelLossFromMinutes: z.number().positive(),
    matchLossFromMinutes: z.number().positive(),
    /** The infraction the round clock proposes for a player not seated at the seat time. */
    infraction: kebabId,
    /** That infraction's number fact the clock (and a seat mark) fills with the minutes late. */
    minutesFact: factName,
  }),
  /**
   * Which infraction each kind of deck-check finding is (the deck rules name findings, the pack
   * names infractions); a size over the maximum may be `null`: no infraction (3-A names no maximum).
   */
  deckFindings: z.strictObject(
    Object.fromEntries(
      DECK_FINDING_KINDS.map((kind) => [kind, isSizeMaximum(kind) ? z.union([kebabId, z.null()]) : kebabId]),
    ) as Record<Exclude<DeckFindingKind, DeckSizeMaximum>, typeof kebabId> &
      Record<DeckSizeMaximum, z.ZodUnion<[typeof kebabId, z.ZodNull]>>,
  ),
  repeat: z.strictObject({
    /** The how-many-th time of the same infraction id first offers a higher penalty. */
    offerFromCount: z.number().int().min(2),
    /** How many steps up the ladder the offer goes. */
    step: z.number().int().min(1),
    /** 2-B, what the judge may raise a repeat to without it being a deviation: the offered step (ours), or any higher penalty (the seed). Absent: one-step. */
    raise: z.enum(REPEAT_RAISE).optional(),
    /** 2-B, what "the same infraction" is: the same infraction id (ours), or the same section of the rules (the seed's headings). Absent: infraction. */
    same: z.enum(REPEAT_SAME).optional(),
  }),
  /** 2-A, what a deviation may do: give any other penalty (ours), or reduce it or add a penalty to it (the seed). Absent: any-other-penalty. */
  deviation: z.enum(DEVIATION).optional(),
  /** Spec §5: a duel loss given before a match's first duel does not open side decking. */
  sideDeckAfterDuelLossBeforeFirstDuel: z.boolean(),
  headJudgeOnly: z.strictObject({
    deviation: z.boolean(),
    matchLossMovedToNextMatch: z.boolean(),
    disqualification: z.boolean(),
  }),
  disqualificationNeedsStatements: z.boolean(),
  deckLimits: z.strictObject({ mainMin: count, mainMax: count, extraMax: count, sideMax: count, maxCopies: count }),
  unusableCards: z.strictObject({
    notYetReleased: z.boolean(),
    notInCardDatabase: z.boolean(),
    excludedByTournament: z.boolean(),
  }),
});

const basePackSchema = z.strictObject({
  $schema: z.string().optional(),
  id: kebabId,
  version: z.string().regex(/^\S+$/, 'expected a version without spaces, like "2026.1"'),
  name: textSchema,
  penalties: z.array(penaltySchema),
  application: z.strictObject({ guideline: textSchema, repeat: textSchema }),
  sections: z.array(sectionSchema).min(1),
  infractions: z.array(infractionSchema).min(1),
  timing: timingSchema,
  settings: settingsSchema,
});

/** A policy pack, checked field by field and then for references between fields (facts, sections, settings, ladder order). */
export const packSchema = basePackSchema.superRefine((pack, ctx) => {
  for (const problem of checkPackReferences(pack))
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});

export type Pack = z.infer<typeof basePackSchema>;
export type Infraction = Pack['infractions'][number];
export type Fact = z.infer<typeof factSchema>;
export type Condition = z.infer<typeof conditionSchema>;
export type PenaltyRule = Infraction['penalty'];
export type RemedyRule = Infraction['remedy'];
export type Landing = z.infer<typeof phaseLandingSchema>;
export type Settings = Pack['settings'];

/** Checks any value (a parsed JSON file) against the pack schema; the error names the first wrong field. */
export function parsePack(input: unknown): Result<Pack, FieldProblem> {
  const parsed = packSchema.safeParse(input);
  return parsed.success ? ok(parsed.data) : err(firstProblem(parsed.error, input));
}

/** The JSON Schema of a pack, committed as policy/policy.schema.json so editors can check packs as they are written. */
export function packJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(
    packSchema.meta({
      title: 'shinpan policy pack',
      description: 'Penalty rules of a tournament, as data: ladder, infractions, timing, settings.',
    }),
  );
}
