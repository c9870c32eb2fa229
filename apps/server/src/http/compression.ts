import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compression would save less than its own cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers with brotli or gzip, as the request's Accept-Encoding prefers, with
 * `Vary: Accept-Encoding`: JSON above the threshold, and streams of a compressible type (a CSV
 * export is compressed as it streams, through a zlib stream that keeps its memory flat). Types that
 * are compressed already (receipts' images and PDFs) and server-sent events are left alone, and so is
 * anything that already has a Content-Encoding: the web app's files, compressed at build time and
 * served by web-app.ts. Registered before the routes: it attaches itself to each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies are taken as they are sent: no decompression of uploads (nor of a zip bomb).
    globalDecompression: false,
  });
}
