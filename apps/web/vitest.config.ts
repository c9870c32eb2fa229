import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The web app's unit tests: the pure logic of src/ (money figures, the audit's wording, the on-demand
 * loader, the connection state ...), in Node with the app's own Vite config (React on Preact, the
 * virtual modules), so a module is resolved as the build resolves it. A module that needs the DOM is
 * not unit-tested here; the journeys in e2e/ cover screens.
 */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      environment: 'node',
      setupFiles: ['../../scripts/vitest-setup.ts'],
    },
  }),
);
