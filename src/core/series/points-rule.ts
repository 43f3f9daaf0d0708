import { z } from 'zod';

/*
 * A series' points rule, as data (like the penalty pack): the shipped rules live in
 * policy/series/*.json, an organizer may bring their own file of the same shape, and a series
 * records the whole rule in its creation event, so its standings are always counted by the rule
 * it was created with.
 *
 * - `match`: points per match played (Swiss and top cut), plus points for entering; single-duel
 *   matches have their own numbers (ランキングデュエル halves them); a bye gives `bye`.
 * - `placement`: points by final place, the table chosen by attendance (the largest tier whose
 *   `minPlayers` the event reached: "kickers"), and `participation` for every place beyond it.
 * Both say what a disqualified player's points of that event become: `keep`, `forfeit`, or
 * `follow-prizes` (forfeited only when the disqualification takes the prizes too).
 */

/** Points are whole numbers within this bound (an organizer's file is refused past it). */
export const MAX_RULE_POINTS = 100_000;
/** Places a placement tier may pay. */
export const MAX_PAID_PLACES = 1_024;

const points = z.number().int().min(0).max(MAX_RULE_POINTS);
const text = z.object({ ja: z.string().min(1).max(200), en: z.string().min(1).max(200) });

const matchPoints = z.object({ entry: points, win: points, draw: points, loss: points }).strict();

const disqualified = z
  .enum(['keep', 'forfeit', 'follow-prizes'])
  .describe(
    "A disqualified player's points of that event: kept as earned, forfeited (0), or as prizes go (`follow-prizes`: forfeited only by a disqualification with loss of prizes).",
  );

export const matchRuleSchema = z
  .object({
    kind: z.literal('match'),
    id: z.string().min(1).max(64),
    name: text,
    /** Points in best-of-3 (or longer) matches. */
    match: matchPoints,
    /** Points in single-duel matches (and the entry of an event whose Swiss is single duel). */
    singleDuel: matchPoints,
    bye: points,
    disqualified,
  })
  .strict();

export const placementRuleSchema = z
  .object({
    kind: z.literal('placement'),
    id: z.string().min(1).max(64),
    name: text,
    tiers: z
      .array(
        z
          .object({
            minPlayers: z.number().int().min(1).max(100_000),
            places: z.array(points).min(1).max(MAX_PAID_PLACES),
          })
          .strict(),
      )
      .min(1)
      .max(64),
    participation: points,
    disqualified,
  })
  .strict();

export const pointsRuleSchema = z.discriminatedUnion('kind', [matchRuleSchema, placementRuleSchema]);

export type MatchRule = z.infer<typeof matchRuleSchema>;
export type PlacementRule = z.infer<typeof placementRuleSchema>;
export type PointsRule = z.infer<typeof pointsRuleSchema>;

/** The JSON Schema every points-rule file follows (policy/series/points-rule.schema.json). */
export function pointsRuleJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(
    pointsRuleSchema.meta({
      title: 'shinpan series points rule',
      description:
        'How a series gives points for each event: per match played, or by final place with attendance tiers.',
    }),
  );
}

/** Problems of a rule read from a file: each with its field path, or the rule. */
export function parsePointsRule(value: unknown): { ok: true; value: PointsRule } | { ok: false; problems: string[] } {
  const parsed = pointsRuleSchema.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(rule)'}: ${i.message}`),
    };
  const rule = parsed.data;
  if (rule.kind === 'placement') {
    const mins = rule.tiers.map((t) => t.minPlayers);
    for (let i = 1; i < mins.length; i++)
      if ((mins[i] as number) <= (mins[i - 1] as number))
        return { ok: false, problems: [`tiers.${i}.minPlayers: must be larger than the tier before (${mins[i - 1]})`] };
  }
  return { ok: true, value: rule };
}
