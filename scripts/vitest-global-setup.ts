// Before the workers start: without TEST_DATABASE_URL, one migrated PGlite data folder for every
// test file to copy (apps/server/src/test/pglite-template.ts).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from '../apps/server/src/test/pglite-template.js';

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const folder = path.join(import.meta.dirname, '..', '.tmp', 'pglite-template');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `migrated-${process.pid}.tar`);
  await writePgliteTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
