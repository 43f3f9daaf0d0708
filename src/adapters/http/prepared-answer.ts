import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AnswerEncoding, answerEncoding, compressBytes, compressBytesSync } from './compression.js';

/**
 * A read's JSON answer made once for one tournament version, with its compressed forms kept
 * beside it as clients ask for them. At 8,192 players the standings are megabytes of JSON, and
 * compressing them again for every phone that refreshed cost the server CPU on every read
 * (docs/performance.md); kept here (in the
 * ViewCache, one per tournament and view, dropped once a newer version has a view), a repeat
 * read of the same version costs no serializing and no compressing.
 */
export class PreparedAnswer {
  #json: Buffer;
  readonly #compressed = new Map<Exclude<AnswerEncoding, 'identity'>, Promise<Buffer>>();

  constructor(body: object) {
    this.#json = Buffer.from(JSON.stringify(body), 'utf8');
  }

  /** An answer from JSON text already made (joined from parts kept one by one). */
  static fromJson(json: string): PreparedAnswer {
    const answer = new PreparedAnswer({});
    answer.#json = Buffer.from(json, 'utf8');
    return answer;
  }

  /** An answer from its JSON's UTF-8 bytes already made (copied together from parts kept one by one). */
  static fromBytes(json: Buffer): PreparedAnswer {
    const answer = new PreparedAnswer({});
    answer.#json = json;
    return answer;
  }

  /** The JSON as UTF-8 bytes. */
  get json(): Buffer {
    return this.#json;
  }

  /** Compressed on the event loop, not in zlib's pool (see compressBytesSync: small answers only). */
  #onLoop = false;

  /**
   * Each compressed form made on the event loop when first asked for (see compressBytesSync:
   * small answers only); only the forms clients ask for are made (browsers all take br).
   */
  compressOnLoop(): void {
    this.#onLoop = true;
  }

  /** The bytes for `encoding`: compressed on the first ask, then the same bytes (concurrent first asks share one compression). */
  bytes(encoding: AnswerEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.#json);
    let pending = this.#compressed.get(encoding);
    if (!pending && this.#onLoop) {
      pending = Promise.resolve(compressBytesSync(encoding, this.#json));
      this.#compressed.set(encoding, pending);
    }
    if (!pending) {
      pending = compressBytes(encoding, this.#json);
      // A failed compression is not kept: the next read tries again.
      pending.catch(() => this.#compressed.delete(encoding));
      this.#compressed.set(encoding, pending);
    }
    return pending;
  }
}

/** Whether If-None-Match names this ETag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Marks the answer with its version as ETag; true (and 304, no body) when the client already holds that version. */
export function notModified(request: FastifyRequest, reply: FastifyReply, version: number): boolean {
  const etag = `"${version}"`;
  reply.header('etag', etag);
  if (!matches(request.headers['if-none-match'], etag)) return false;
  reply.code(304);
  return true;
}

/**
 * Sends a prepared answer with its version as ETag, as `withVersion` marks every read: 304
 * with no body when the client already holds this version (If-None-Match), else the bytes in
 * the encoding the client's Accept-Encoding asks for.
 */
export async function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  version: number,
  answer: PreparedAnswer,
): Promise<Buffer | undefined> {
  if (notModified(request, reply, version)) return undefined;
  return sendPreparedBytes(request, reply, answer);
}

/**
 * Sends a prepared answer's bytes in the encoding the client's Accept-Encoding asks for, with
 * the headers the compression plugin would have set (which then leaves the bytes alone).
 */
export async function sendPreparedBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): Promise<Buffer> {
  reply.type('application/json; charset=utf-8');
  const encoding = answerEncoding(request.headers, answer.json.length);
  const bytes = await answer.bytes(encoding);
  if (encoding !== 'identity') reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  return bytes;
}
