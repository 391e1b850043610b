// The `@example` blocks of every TSDoc comment in packages/*/src/**/*.ts (test files left out),
// each wrapped in a module of its own and type-checked by the TypeScript compiler (strict, the
// repository's base options) against the built packages, as a user's file would be.
//
// An example is the text after `@example` up to the next block tag or the end of the comment,
// its leading ` * ` removed. It keeps its imports as written. Names an example uses without
// declaring them (`client`, `credentials`, `sandbox`, …) come from the prelude of its package
// (tsdoc/preludes.mjs): each prelude line is `declare const NAME: TYPE`, added only when the
// example declares no NAME of its own. The wrapped module lives (virtually, never written) in the
// package's src/ folder: a relative import in an example is written as from src/ (the package's
// entry), `@tradeline/NAME` resolves through the package's own `exports` and the other packages
// through its dependencies.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { preludes } from './preludes.mjs'

export const root = fileURLToPath(new URL('../../', import.meta.url))

function sourceFiles(dir) {
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...sourceFiles(path))
    else if (/\.ts$/.test(entry.name) && !/\.(test|test-d|bench)\.ts$|\.d\.ts$/.test(entry.name))
      found.push(path)
  }
  return found
}

/** Every `@example` of the packages: `{ pkg, file, line, code }` (`line` 1-based, of the code). */
export function extractExamples() {
  const examples = []
  const packages = readdirSync(join(root, 'packages')).sort()
  for (const pkg of packages) {
    let files
    try {
      files = sourceFiles(join(root, 'packages', pkg, 'src')).sort()
    } catch {
      continue
    }
    for (const path of files) {
      const lines = readFileSync(path, 'utf8').split('\n')
      for (let i = 0; i < lines.length; i++) {
        const tag = /^\s*\*\s*@example\b(.*)$/.exec(lines[i])
        if (!tag) continue
        const code = []
        let first = i + 1
        if (tag[1].trim() !== '') {
          code.push(tag[1].trim())
          first = i
        }
        let j = i + 1
        for (; j < lines.length; j++) {
          const line = lines[j]
          if (/^\s*\*\/|\*\/\s*$/.test(line)) {
            const before = line.replace(/\*\/\s*$/, '').replace(/^\s*\* ?/, '')
            if (before.trim() !== '' && !/^\s*\*\/$/.test(line)) code.push(before)
            break
          }
          const text = line.replace(/^\s*\* ?/, '')
          if (/^@\w+/.test(text)) break
          code.push(text)
        }
        // Markdown fences around the code are allowed and dropped.
        const body = code.filter((line) => !/^```/.test(line.trim()))
        while (body.length > 0 && body[0].trim() === '') {
          body.shift()
          first++
        }
        while (body.length > 0 && body.at(-1).trim() === '') body.pop()
        examples.push({
          pkg,
          file: relative(root, path),
          line: first + 1,
          code: body.join('\n'),
        })
        i = j
      }
    }
  }
  return examples
}

const declares = (code, name) =>
  new RegExp(
    `(?:\\b(?:const|let|var|function|class|type|interface|enum)\\s+(?:\\{[^}]*\\b|\\[[^\\]]*\\b)?${name}\\b)|(?:import[^;\\n]*\\b${name}\\b[^;\\n]*from)`,
  ).test(code)

/** The module an example is checked as: the prelude lines it needs, then its code. */
export function wrap(example) {
  const prelude = Object.entries(preludes[example.pkg] ?? {})
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(example.code))
    .filter(([name]) => !declares(example.code, name))
    .map(([name, type]) => `declare const ${name}: ${type.replaceAll('@root/', root)}`)
  // One line for the prelude, whatever its length, so example lines map back simply.
  return { text: `${prelude.join('; ')}\n${example.code}\nexport {}\n`, offset: 1 }
}

/**
 * Type-checks every example; returns the problems as `file:line: TSnnnn message` (the line in
 * the source file), and how many examples were checked.
 */
export function checkExamples(examples = extractExamples()) {
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config ?? {}
  const base = ts.parseJsonConfigFileContent(
    {
      extends: config.extends && join(root, config.extends),
      compilerOptions: { ...config.compilerOptions, noEmit: true, types: ['node'] },
      files: [],
    },
    ts.sys,
    root,
  ).options
  const options = {
    ...base,
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    noUnusedLocals: false,
    allowUnusedLabels: true,
  }
  const virtual = new Map()
  const where = new Map()
  examples.forEach((example, index) => {
    const name = join(root, 'packages', example.pkg, 'src', `tsdoc-example-${index}.ts`)
    const { text, offset } = wrap(example)
    virtual.set(name, text)
    where.set(name, { example, offset })
  })
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file)
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file)
  host.getSourceFile = (file, language, onError, create) =>
    virtual.has(file)
      ? ts.createSourceFile(file, virtual.get(file), language, true)
      : getSourceFile.call(host, file, language, onError, create)
  // A user has every package installed: a module the package itself cannot resolve (another
  // product line's, in a core example) is resolved from this folder, which depends on them all.
  const fallback = join(root, 'examples', 'index.ts')
  host.resolveModuleNames = (names, containing) =>
    names.map((name) => {
      const own = ts.resolveModuleName(name, containing, options, host).resolvedModule
      if (own || !virtual.has(containing)) return own
      return ts.resolveModuleName(name, fallback, options, host).resolvedModule
    })
  const program = ts.createProgram([...virtual.keys()], options, host)
  const problems = []
  for (const name of virtual.keys()) {
    const source = program.getSourceFile(name)
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]
    const { example, offset } = where.get(name)
    for (const d of diagnostics) {
      const at = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line
      const line = example.line + Math.max(0, at - offset)
      problems.push(
        `${example.file}:${line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      )
    }
  }
  return { checked: examples.length, problems }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now()
  const { checked, problems } = checkExamples()
  for (const problem of problems) console.log(problem)
  console.log(
    `${checked} @example blocks type-checked in ${((performance.now() - started) / 1000).toFixed(1)} s: ${problems.length} problem(s)`,
  )
  if (problems.length > 0) process.exitCode = 1
}
