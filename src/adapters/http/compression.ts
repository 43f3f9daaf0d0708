import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** What the server compresses with, in the order it prefers them when a client takes both equally. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number] | 'identity';
/** Below this many bytes an answer is sent plain: compressing it gains nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 1 };

/**
 * Compresses answers for a client that asks (Accept-Encoding: br or gzip): on venue Wi-Fi
 * the standings of 4,096 players or the console's JavaScript are mostly text and shrink by
 * four to ten. Brotli at quality 1: on the standings of 8,192 players it takes far less time
 * than quality 4 for a few percent more bytes (docs/performance.md), and CPU is what a
 * server answering a whole venue runs short of; the built console is
 * compressed once at build time at full strength and served as it is (see static-console.ts),
 * and the big public reads keep their compressed bytes per tournament version
 * (prepared-answer.ts), so only their first read per version pays.
 * Small answers (< 1 KB) gain nothing and are sent plain. The live stream writes to the raw
 * socket and is never buffered by this.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ANSWER_ENCODINGS],
    brotliOptions: { params: BROTLI_PARAMS },
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `bytes` compressed as the plugin would (off the main thread, in zlib's pool). */
export function compressBytes(encoding: Exclude<AnswerEncoding, 'identity'>, bytes: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotli(bytes, { params: BROTLI_PARAMS }) : gzipped(bytes);
}

/**
 * `bytes` compressed on the event loop: for an answer small or repetitive enough to take well
 * under a millisecond (the tournament list), where the hop to zlib's pool and back cost a
 * waiting read far more on a busy server (docs/performance.md).
 */
export function compressBytesSync(encoding: Exclude<AnswerEncoding, 'identity'>, bytes: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(bytes, { params: BROTLI_PARAMS }) : gzipSync(bytes);
}

/**
 * The encoding the plugin would answer a body of `size` bytes with, so an answer compressed
 * ahead of time goes out exactly as a fresh one would: the highest q-value among br and gzip
 * (`*` and `x-gzip` count as gzip, q=0 refuses), br on a tie; plain without the header, for
 * a small body, or when the client sends `x-no-compression`.
 */
export function answerEncoding(
  headers: { readonly 'accept-encoding'?: string | undefined; readonly 'x-no-compression'?: unknown },
  size: number,
): AnswerEncoding {
  const header = headers['accept-encoding'];
  if (header === undefined || headers['x-no-compression'] !== undefined || size < COMPRESS_THRESHOLD_BYTES)
    return 'identity';
  let best: { encoding: AnswerEncoding; quality: number; rank: number } = {
    encoding: 'identity',
    quality: 0,
    rank: Number.POSITIVE_INFINITY,
  };
  for (const entry of header.toLowerCase().split(',')) {
    const [token = '', ...params] = entry.split(';').map((part) => part.trim());
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    const rank = (ANSWER_ENCODINGS as readonly string[]).indexOf(name);
    if (rank < 0) continue;
    const q = params.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number.parseFloat(q.slice(2)) || 0;
    if (quality <= 0) continue;
    if (quality > best.quality || (quality === best.quality && rank < best.rank))
      best = { encoding: ANSWER_ENCODINGS[rank]!, quality, rank };
  }
  return best.encoding;
}
