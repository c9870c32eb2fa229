import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:countries';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const FLAG_URL = /^\/flags\/([a-z]{3})\.svg$/;

interface RawCountry {
  name: { common: string };
  cca3: string;
}

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('world-countries/package.json'));
const flagPath = (code: string) => path.join(packageDir, 'data', `${code}.svg`);

async function loadCountries(): Promise<{ name: string; code: string }[]> {
  const raw = JSON.parse(await readFile(path.join(packageDir, 'countries.json'), 'utf8')) as RawCountry[];
  return raw
    .map((c) => ({ name: c.name.common, code: c.cca3.toLowerCase() }))
    .filter((c) => existsSync(flagPath(c.code)))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * Ships the country list and flags with the app (DESIGN.md: no outside service at run time).
 * `virtual:countries` exports `[{ name, code }]` sorted by common name; flags are served at
 * `/flags/<cca3>.svg` by the dev server and emitted under `dist/flags/` on build.
 */
export function countriesPlugin(): Plugin {
  return {
    name: 'meridian-countries',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      return `export const countries = ${JSON.stringify(await loadCountries())};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = FLAG_URL.exec((req.url ?? '').split('?')[0] ?? '');
        const code = match?.[1];
        if (!code || !existsSync(flagPath(code))) return next();
        readFile(flagPath(code)).then(
          (svg) => {
            res.setHeader('Content-Type', 'image/svg+xml');
            res.setHeader('Cache-Control', 'public, max-age=86400');
            res.end(svg);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      for (const { code } of await loadCountries()) {
        this.emitFile({ type: 'asset', fileName: `flags/${code}.svg`, source: await readFile(flagPath(code)) });
      }
    },
  };
}
