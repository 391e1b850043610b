/**
 * Builds the production page once per test run into a temporary folder (not `dist/`, which
 * `pnpm build` may be writing at the same time) and hands its path to the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the production build of the page. */
    dist: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const outDir = mkdtempSync(join(tmpdir(), 'order-ticket-dist-'))
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  project.provide('dist', outDir)
  return () => rmSync(outDir, { recursive: true, force: true })
}
