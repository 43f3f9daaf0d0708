import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { z } from 'zod';
import { checkCsrf, requireStaff, type Principal, type StaffPrincipal } from './auth/principal.js';
import type { TournamentCommandType } from '../../core/tournament/commands.js';
import { rolesIn } from '../accounts/account-store.js';
import { accessRule, type Capability } from './auth/roles.js';
import { forbidden, type HttpError } from './errors.js';
import { jsonSchemaOf, parsePart } from './request-schema.js';

/**
 * Who may call a route before its body is even read: anyone, any logged-in account (even one
 * that still has to change its first password), any staff, a capability's roles, or the
 * roles the domain allows to send a command.
 */
export type Access = 'public' | 'account' | 'staff' | Capability | { readonly command: TournamentCommandType };

/** What a write carries besides its body: the retry key and the version it was decided on. */
export interface WriteOptions {
  readonly idempotencyKey?: string;
  readonly expectedVersion?: number;
}

export interface RouteContext<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly principal: Principal;
  readonly write: WriteOptions;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The caller must hold what `access` names (for checks that depend on the body). */
  require(access: Capability | { readonly command: TournamentCommandType }): StaffPrincipal;
}

export interface RouteDefinition<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** Documents the success answer in the OpenAPI document. */
  readonly response?: z.ZodType;
  readonly successStatus?: number;
  /** Takes Idempotency-Key and If-Match (tournament writes). */
  readonly write?: boolean;
  readonly rateLimit?: RateLimitOptions;
  /**
   * Asked once the caller is authorised, before the body is read: an error it answers is sent
   * instead (a busy server refuses an upload without first taking in and parsing its megabytes).
   */
  readonly beforeBody?: () => HttpError | undefined;
  /**
   * A body larger than DEFAULT_BODY_BYTES this route takes (json-body.ts): its caller is then
   * authorised before the body is read, and a body past the default is parsed off the loop.
   */
  readonly bodyLimit?: number;
  handler(context: RouteContext<z.output<P>, z.output<Q>, z.output<B>>): Promise<unknown>;
}

const idempotencyKeyHeader = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'printable ASCII, 1–200 characters');
const ifMatchHeader = z.string().regex(/^(W\/)?"?\d{1,15}"?$/, 'a tournament version, e.g. "12"');

/** Built once: a zod schema built per request (and compiled on its first parse) cost more than the write it guarded. */
const writeHeaders = z.object({
  'idempotency-key': idempotencyKeyHeader.optional(),
  'if-match': ifMatchHeader.optional(),
});

function writeOptions(request: FastifyRequest): WriteOptions {
  const headers = { 'idempotency-key': request.headers['idempotency-key'], 'if-match': request.headers['if-match'] };
  const parsed = parsePart(writeHeaders, 'headers', headers);
  return {
    ...(parsed['idempotency-key'] === undefined ? {} : { idempotencyKey: parsed['idempotency-key'] }),
    ...(parsed['if-match'] === undefined ? {} : { expectedVersion: Number(parsed['if-match'].replace(/\D/g, '')) }),
  };
}

/** Inside a tournament's routes an account acts with its global roles plus those it holds for that tournament. */
function requireAccess(
  principal: Principal,
  access: Capability | { readonly command: TournamentCommandType },
  tournamentId: string | undefined,
): StaffPrincipal {
  const staff = requireStaff(principal);
  const rule = accessRule(access);
  if (!rolesIn(staff.account, tournamentId).some((role) => rule.roles.includes(role))) throw forbidden(rule.action);
  return staff;
}

function authorise(access: Access, principal: Principal, tournamentId: string | undefined): void {
  if (access === 'public') return;
  if (access === 'account') requireStaff(principal, true);
  else if (access === 'staff') requireStaff(principal);
  else requireAccess(principal, access, tournamentId);
}

/** The tournament a request is about (its `:tournamentId`), before the params are validated. */
function tournamentOf(request: FastifyRequest): string | undefined {
  const id = (request.params as { tournamentId?: unknown } | undefined)?.tournamentId;
  return typeof id === 'string' ? id : undefined;
}

const errorResponse = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    messageJa: { type: 'string' },
    path: { type: 'string' },
  },
  required: ['code', 'message', 'messageJa'],
};

function openApiSchema(definition: RouteDefinition<z.ZodType, z.ZodType, z.ZodType>): Record<string, unknown> {
  const access = definition.access;
  const rolesText =
    access === 'public'
      ? 'public'
      : access === 'account' || access === 'staff'
        ? 'any staff account'
        : accessRule(access).roles.join(', ');
  const headers = definition.write
    ? {
        type: 'object',
        properties: {
          'idempotency-key': {
            type: 'string',
            description: 'A retry with the same key answers the first response and writes nothing.',
          },
          'if-match': {
            type: 'string',
            description: 'The tournament version the write was decided on; a stale one answers 409.',
          },
        },
      }
    : undefined;
  return {
    summary: definition.summary,
    description: `${definition.description ?? ''}${definition.description ? '\n\n' : ''}Roles: ${rolesText}.`,
    tags: [...definition.tags],
    ...(access === 'public' ? {} : { security: [{ session: [] }, { bearer: [] }] }),
    ...(definition.params ? { params: jsonSchemaOf(definition.params) } : {}),
    ...(definition.query ? { querystring: jsonSchemaOf(definition.query) } : {}),
    ...(definition.body ? { body: jsonSchemaOf(definition.body) } : {}),
    ...(headers ? { headers } : {}),
    response: {
      [definition.successStatus ?? 200]: definition.response
        ? jsonSchemaOf(definition.response, 'output')
        : { description: 'Success' },
      '4XX': { description: 'Error', ...errorResponse },
    },
  };
}

/**
 * Registers a route whose zod schemas both validate the request and document it in the
 * OpenAPI document: one source of truth. Authorisation runs before the body is read, so an
 * unauthorised caller learns nothing about the schema.
 */
export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(app: FastifyInstance, definition: RouteDefinition<P, Q, B>): void {
  app.route({
    method: definition.method,
    url: definition.url,
    schema: openApiSchema(definition as unknown as RouteDefinition<z.ZodType, z.ZodType, z.ZodType>),
    ...(definition.rateLimit ? { config: { rateLimit: definition.rateLimit } } : {}),
    ...(definition.bodyLimit === undefined ? {} : { bodyLimit: definition.bodyLimit }),
    ...(definition.beforeBody || definition.bodyLimit !== undefined
      ? {
          onRequest: async (request: FastifyRequest) => {
            authorise(definition.access, request.principal, tournamentOf(request));
            const refusal = definition.beforeBody?.();
            if (refusal) throw refusal;
          },
        }
      : {}),
    handler: async (request, reply) => {
      const principal = request.principal;
      const tournamentId = tournamentOf(request);
      authorise(definition.access, principal, tournamentId);
      if (definition.method !== 'GET') checkCsrf(request, principal);
      const write = definition.write ? writeOptions(request) : {};
      const context: RouteContext<z.output<P>, z.output<Q>, z.output<B>> = {
        params: (definition.params ? parsePart(definition.params, 'params', request.params) : undefined) as z.output<P>,
        query: (definition.query ? parsePart(definition.query, 'query', request.query) : undefined) as z.output<Q>,
        body: (definition.body ? parsePart(definition.body, 'body', request.body ?? {}) : undefined) as z.output<B>,
        principal,
        write,
        request,
        reply,
        require: (access) => requireAccess(principal, access, tournamentId),
      };
      const result = await definition.handler(context);
      if (reply.sent) return reply;
      reply.code(reply.statusCode !== 200 ? reply.statusCode : (definition.successStatus ?? 200));
      return result === undefined ? reply.send() : reply.send(result);
    },
  });
}
