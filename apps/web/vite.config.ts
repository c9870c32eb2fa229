import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { countriesPlugin } from './vite-plugins/countries.ts';
import { precompressPlugin } from './vite-plugins/precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), countriesPlugin(), precompressPlugin()],
  resolve: {
    // The app is written against React's API and renders with Preact's compatible one: React DOM alone
    // was 59 of the 150 KB a first visit pulled (decision 016). Dev and build alike.
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Every response carries ~1.3 KB of headers (the security headers included) and HTTP/1.1 does
      // not compress them, so a page's JavaScript comes in a few files rather than dozens: ...
      preserveEntrySignatures: false,
      output: {
        // Modules run in source order whichever chunk holds them: lib/zod-config.ts before any schema.
        strictExecutionOrder: true,
        codeSplitting: {
          // ... what every page runs (React, the router, the query client, the guards, zod and the
          // shared schemas) is one chunk; only what those modules use, not everything they import
          // (messages.ts re-exports the console's strings, which only the console's chunks use) ...
          groups: [{ name: 'app', tags: ['$initial'], includeDependenciesRecursively: false }],
          // ... and the small modules several lazy pages share (icons, UI components, API hooks) are
          // copied into each page's chunk instead of each being a file of its own.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
});
