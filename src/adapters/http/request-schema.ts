import { z } from 'zod';
import { controlCharacter } from '../../core/control-characters.js';
import { boundProblem } from '../../core/tournament/command-checks.js';
import type { IntRange, TextBound } from '../../core/tournament/limits.js';
import { atPath, formatPath, HttpError } from './errors.js';
import { M } from './messages/errors.js';
import type { Text } from '../../core/text.js';

const japanese = z.locales.ja().localeError;

/**
 * Parses one part of a request (body, params, query) with its zod schema; the first problem
 * becomes a 400 naming the field (`body.players[0].id`) in both languages.
 */
export function parsePart<S extends z.ZodType>(
  schema: S,
  part: 'body' | 'params' | 'query' | 'headers',
  value: unknown,
): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError(400, 'invalid-request', M.text('invalid-part', { part }), part);
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const where = formatPath(part, path);
  // Our own checks carry their Japanese sentence; zod's locale words the rest.
  const own = issue.code === 'custom' ? (issue.params as { ja?: unknown } | undefined)?.ja : undefined;
  const ja = typeof own === 'string' ? own : japanese(issue as Parameters<typeof japanese>[0]);
  const jaText = typeof ja === 'string' ? ja : (ja?.message ?? issue.message);
  throw new HttpError(400, 'invalid-request', atPath(where, { en: issue.message, ja: jaText }), where);
}

/** Our own zod issue's words: zod keeps the English message, `parsePart` reads the Japanese from `params`. */
export const issueText = (text: Text): { message: string; params: { ja: string } } => ({
  message: text.en,
  params: { ja: text.ja },
});

/** The JSON Schema of a zod schema as the OpenAPI document shows it (the same schema validates the request). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

/** A whole number within one of the core's ranges (limits.ts), so the OpenAPI document shows the bound the core checks. */
export const intIn = (range: IntRange) => z.number().int().min(range.min).max(range.max);

/** A text field that refuses control characters (NUL, BEL, right-to-left override…), naming the first. */
export function withoutControlCharacters<S extends z.ZodType<string>>(schema: S): S {
  return schema.superRefine((value, context) => {
    const found = controlCharacter(value);
    if (!found) return;
    context.addIssue({
      code: 'custom',
      ...issueText(M.text('control-character', found)),
    });
  }) as unknown as S;
}

/**
 * A text within one of the core's bounds (limits.ts), trimmed, without control characters,
 * checked by the core's own `boundProblem` (so the CLI, the CSV reader and the core refuse the
 * same text). The OpenAPI document shows the bound in characters and an id's pattern.
 * `optional-blank`: a text that may be left blank (an optional reason), else one is needed.
 */
export function boundedText(bound: TextBound, blank: 'required' | 'optional-blank' = 'required') {
  // No zod max: it counts UTF-16 units, and its words would name that count rather than the bound.
  const base = z.string().trim();
  return withoutControlCharacters(blank === 'required' ? base.min(1) : base)
    .superRefine((value, context) => {
      const problem = value === '' ? null : boundProblem(value, bound);
      if (problem) context.addIssue({ code: 'custom', ...issueText(problem) });
    })
    .meta({ maxLength: bound.max, ...(bound.shape ? { pattern: bound.shape.pattern.source } : {}) });
}
