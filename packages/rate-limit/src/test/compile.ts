/**
 * Transpiles the package's sources (not tests) to JavaScript inside node_modules/.cache, so
 * child processes started by tests can import them with plain `node` (no build needed).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Returns the directory holding the transpiled `src` tree. */
export function compileSources(): string {
  const src = join(root, 'src')
  const out = join(root, 'node_modules', '.cache', 'rate-limit-test')
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    )
  for (const file of walk(src)) {
    if (!file.endsWith('.ts') || /\.(test|bench|test-d)\.ts$/.test(file)) continue
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
    })
    const target = join(out, relative(src, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, outputText)
  }
  return out
}
