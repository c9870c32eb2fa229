import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const TEXT = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|map)$/;
const CODE = /\.(?:m?js|css|html)$/;

/**
 * Brotli's best level for the code pages load (the build does it once, every visit gets the smaller
 * file); one level lower for flags and the pdf.js worker: 2% larger at a third of the build time.
 */
function brotliQuality(file: string, size: number): number {
  return CODE.test(file) && size < 1024 * 1024 ? constants.BROTLI_MAX_QUALITY : 10;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Writes `file.br` and `file.gz` beside `file`, each only when it is smaller than the original. */
async function compressBeside(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file, source.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Brotli and gzip copies of every text file of the build (assets, index.html, public files, flags),
 * which the server sends as they are to a browser that accepts them (@fastify/static `preCompressed`),
 * so no request pays for compression and the files get the slowest, smallest settings.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'meridian-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const jobs: Promise<void>[] = [];
        for await (const file of filesUnder(outDir)) jobs.push(compressBeside(file));
        await Promise.all(jobs);
      },
    },
  };
}
