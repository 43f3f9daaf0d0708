import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers for a client that asks (Accept-Encoding: br or gzip): on venue Wi-Fi
 * the standings of 4,096 players or the console's JavaScript are mostly text and shrink by
 * four to ten. Brotli at quality 1: on the 2 MB standings of 8,192 players it takes 10 ms
 * where quality 4 took 30 (160 kB against 150 kB sent), and CPU is what a server answering
 * a whole venue runs short of; the built console is
 * compressed once at build time at full strength and served as it is (see static-console.ts).
 * Small answers (< 1 KB) gain nothing and are sent plain. The live stream writes to the raw
 * socket and is never buffered by this.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
}
