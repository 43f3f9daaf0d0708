import { z } from 'zod';
import { formatPath, HttpError } from './errors.js';

const japanese = z.locales.ja().localeError;

/**
 * Parses one part of a request (body, params, query) with its zod schema; the first problem
 * becomes a 400 naming the field (`body.players[0].id`) in both languages.
 */
export function parsePart<S extends z.ZodType>(schema: S, part: 'body' | 'params' | 'query' | 'headers', value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError(400, 'invalid-request', { en: `The ${part} is not valid.`, ja: `${part} が正しくありません。` }, part);
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const where = formatPath(part, path);
  const ja = japanese(issue as Parameters<typeof japanese>[0]);
  const jaText = typeof ja === 'string' ? ja : (ja?.message ?? issue.message);
  throw new HttpError(400, 'invalid-request', { en: `${where}: ${issue.message}`, ja: `${where}: ${jaText}` }, where);
}

/** The JSON Schema of a zod schema as the OpenAPI document shows it (the same schema validates the request). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}
