import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';

const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');

const BLOCKING: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

export interface A11yOptions {
  /** CSS selectors to leave out (for example a third-party embed we do not control). */
  exclude?: string[];
  /** Extra axe run options (rules to disable, tags to run). */
  axe?: RunOptions;
}

/** One line per violation and one indented line per offending element, for a readable failure. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 10)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 10 ? `\n    ... and ${v.nodes.length - 10} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** Runs axe-core on the page as it is now and returns every violation. */
export async function runAxe(page: Page, options: A11yOptions = {}): Promise<AxeResults> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: a <script> tag would be refused by the page's own CSP
  // (no inline scripts), which the journeys keep on rather than bypass.
  if (!hasAxe) await page.evaluate(readFileSync(axeSource, 'utf8'));
  return page.evaluate(
    async ({ exclude, axeOptions }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = exclude.length > 0 ? { exclude: exclude.map((s) => [s]) } : document;
      return axe.run(context as Parameters<typeof axe.run>[0], { ...axeOptions, resultTypes: ['violations'] });
    },
    { exclude: options.exclude ?? [], axeOptions: options.axe ?? {} },
  );
}

/** Fails (listing them readably) when axe finds violations of impact serious or critical. */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  const results = await runAxe(page, options);
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  expect(
    blocking.map((v) => v.id),
    `axe found serious/critical accessibility violations on ${page.url()}:\n${formatViolations(blocking)}`,
  ).toEqual([]);
}
