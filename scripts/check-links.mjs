#!/usr/bin/env node
/**
 * The link check of the repository: every relative link of every Markdown file and every
 * TSDoc comment resolves to a file (and heading) inside the repository, and no file refers to
 * documents a clone does not hold. Exits 1 listing each problem as `file:line: problem`.
 *
 *   node scripts/check-links.mjs            # the repository's tracked files
 *   node scripts/check-links.mjs --root DIR # another tree (the tests use this)
 *
 * Checked:
 * - Markdown links `[text](target)`, `![alt](target)` and reference definitions `[id]: target`
 *   in `.md` files, and the same links inside comments of `.ts`/`.mts`/`.mjs`/`.js` files:
 *   a relative target must exist inside the root; `#anchor` must name a heading of the
 *   target Markdown file (GitHub's slugs).
 * - TSDoc `{@link target}` whose target is a path (`./x`, `../x`, `x.md`): the same rules.
 * - Everywhere (text files, this script excepted): no mention of a path outside the
 *   repository (`../shared`, `/work/`), of the internal design notes, of issue numbers, or
 *   of the internal specification's parts; see `forbidden` below.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Mentions no file of the repository may hold: each with the reason it gives. */
export const forbidden = [
  [/\.\.\/shared\b/, 'a path outside the repository (../shared)'],
  [/\/work\/(shared|main|wt-)/, 'a path outside the repository (/work/...)'],
  [
    /\bDESIGN\.md\b/,
    'a design note that is not in the repository (DESIGN.md); link docs/architecture.md',
  ],
  [/\bSTYLE\.md\b/, 'a style note that is not in the repository (STYLE.md)'],
  [
    /\bEXCHANGE-(RECORDS|FACTS)\b/,
    'exchange notes that are not in the repository; link docs/records.md or docs/exchange-conventions.md',
  ],
  [/\bissues?[- ]?#?\d+/i, 'an issue number; describe the behaviour instead'],
  [/\bissue #/i, 'an issue number; describe the behaviour instead'],
  [/\bspec Part\b/i, 'a citation of an internal specification; cite the exchange page instead'],
  [/\bspec:/, 'a citation of an internal specification; describe the behaviour instead'],
]

const textExtensions = new Set([
  '.md',
  '.ts',
  '.mts',
  '.cts',
  '.tsx',
  '.mjs',
  '.cjs',
  '.js',
  '.json',
  '.yaml',
  '.yml',
  '.sh',
  '.html',
  '.css',
])
const codeExtensions = new Set(['.ts', '.mts', '.cts', '.tsx', '.mjs', '.cjs', '.js'])
/** Files exempt from the checks: this script and its test (their patterns and fixtures) and released history (mentions only). */
const ownFiles = new Set(['scripts/check-links.mjs', 'scripts/check-links.test.mjs'])
const exempt = (file) =>
  ownFiles.has(file) || /(^|\/)CHANGELOG\.md$/.test(file) || file === 'pnpm-lock.yaml'

/** The files to check: git's tracked and untracked-but-not-ignored files, else a walk. */
function listFiles(root) {
  try {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    return out.split('\0').filter((f) => f && existsSync(join(root, f)))
  } catch {
    return []
  }
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[`*_~]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-')
}

const anchorCache = new Map()
function anchorsOf(path) {
  let anchors = anchorCache.get(path)
  if (anchors) return anchors
  anchors = new Set()
  const counts = new Map()
  let fence = false
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence
    if (fence) continue
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = slug(heading[1])
    const n = counts.get(base) ?? 0
    counts.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  for (const match of readFileSync(path, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g))
    anchors.add(match[1])
  anchorCache.set(path, anchors)
  return anchors
}

/** The problem of one link target from `file`, or undefined when it resolves. */
function checkTarget(root, file, rawTarget) {
  const target = rawTarget.trim().replace(/^<|>$/g, '').split(/\s+"/)[0]
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//'))
    return undefined
  const [pathPart, anchor] = target.split('#', 2)
  let resolved
  if (pathPart === '') resolved = join(root, file)
  else {
    if (isAbsolute(pathPart)) return `an absolute path: ${target}`
    let decoded = pathPart
    try {
      decoded = decodeURIComponent(pathPart)
    } catch {}
    resolved = resolve(root, dirname(file), decoded)
  }
  const inside = relative(root, resolved)
  if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return `a link outside the repository: ${target}`
  if (!existsSync(resolved)) return `a broken link: ${target}`
  if (anchor && statSync(resolved).isFile() && extname(resolved) === '.md') {
    if (!anchorsOf(resolved).has(anchor.toLowerCase()))
      return `no heading #${anchor} in ${relative(root, resolved)}`
  }
  return undefined
}

const markdownLink =
  /!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()]*\)[^()\s]*)*)(?:\s+"[^"]*")?\s*\)/g
const referenceLink = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/
const tsdocLink = /\{@link(?:code|plain)?\s+([^}\s|]+)[^}]*\}/g

/** Comments of a code file, with the line each starts on. */
function commentsOf(text) {
  const out = []
  const re = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g
  for (const match of text.matchAll(re)) {
    out.push({ text: match[0], line: text.slice(0, match.index).split('\n').length })
  }
  return out
}

/** Markdown text without fenced and inline code (links there are examples, not links). */
function withoutCode(text) {
  return text
    .replace(/^(\s*)(```|~~~)[\s\S]*?^\s*\2/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length))
}

/** Every problem of the tree at `root`: `{ file, line, problem }`. */
export function check(root, files = listFiles(root)) {
  const problems = []
  const report = (file, line, problem) => problems.push({ file, line, problem })
  for (const file of files) {
    const ext = extname(file)
    if (!textExtensions.has(ext) && !/(^|\/)[^./]+$/.test(file)) continue
    if (file.includes('node_modules/') || /(^|\/)dist\//.test(file)) continue
    let text
    try {
      text = readFileSync(join(root, file), 'utf8')
    } catch {
      continue
    }
    if (text.includes('\0') || ownFiles.has(file)) continue
    if (!exempt(file)) {
      const lines = text.split('\n')
      lines.forEach((line, i) => {
        let hit = forbidden.find(([pattern]) => pattern.test(line))
        // A mention wrapped onto the next line ("issue" then "15's"): the two lines read as one,
        // without the next line's comment marker.
        if (!hit && i + 1 < lines.length) {
          const joined = `${line.trimEnd()} ${lines[i + 1].replace(/^\s*(?:\/\/+|\*|#+|>)?\s*/, '')}`
          const next = lines[i + 1]
          hit = forbidden.find(([pattern]) => pattern.test(joined) && !pattern.test(next))
        }
        if (hit) report(file, i + 1, hit[1])
      })
    }
    const scan = (chunk, firstLine, isCode) => {
      const lines = (isCode ? chunk : withoutCode(chunk)).split('\n')
      lines.forEach((line, i) => {
        const at = firstLine + i
        for (const match of line.matchAll(markdownLink)) {
          const problem = checkTarget(root, file, match[1])
          if (problem) report(file, at, problem)
        }
        const ref = referenceLink.exec(line)
        if (ref && !isCode) {
          const problem = checkTarget(root, file, ref[1])
          if (problem) report(file, at, problem)
        }
        if (isCode)
          for (const match of line.matchAll(tsdocLink)) {
            const target = match[1]
            if (!/^(\.{1,2}\/|[^\s]*\.md(#|$))/.test(target)) continue
            const problem = checkTarget(root, file, target)
            if (problem) report(file, at, problem)
          }
      })
    }
    if (ext === '.md') scan(text, 1, false)
    else if (codeExtensions.has(ext))
      for (const comment of commentsOf(text))
        scan(
          comment.text.replace(/`[^`\n]*`/g, (c) => ' '.repeat(c.length)),
          comment.line,
          true,
        )
  }
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--root')
  const root = resolve(
    at > 0 ? process.argv[at + 1] : join(dirname(fileURLToPath(import.meta.url)), '..'),
  )
  const problems = check(root)
  for (const { file, line, problem } of problems) console.error(`${file}:${line}: ${problem}`)
  if (problems.length > 0) {
    console.error(`check-links: ${problems.length} problem(s)`)
    process.exit(1)
  }
  console.log('check-links: every link resolves inside the repository; no outside references')
}
