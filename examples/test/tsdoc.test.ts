/**
 * Every `@example` of the packages' TSDoc compiles: each is extracted from packages/*\/src, wrapped
 * in a module of its own (with its package's prelude, tsdoc/preludes.mjs) and type-checked strict
 * against the built packages (tsdoc/extract.mjs). A failure names the source file and line.
 */
import { describe, expect, test } from 'vitest'
import { checkExamples as check, extractExamples as extract } from '../tsdoc/extract.mjs'

/**
 * Examples that show the call as a user writes it but do not compile yet, for a typing defect of
 * the package (not of the example). Each entry must still fail: once the types are fixed, the
 * test asks for the entry to be removed.
 */
const typingDefects: readonly { at: string; code: string; reason: string }[] = [
  {
    at: 'packages/core/src/reconcile.ts',
    code: 'TS2345',
    reason:
      "`error.retryWith` is typed Readonly<Record<string, unknown>>, not the action's Parameters",
  },
]

const known = (problem: string) =>
  typingDefects.find((d) => problem.startsWith(`${d.at}:`) && problem.includes(` ${d.code} `))

describe('TSDoc @example blocks', () => {
  const examples = extract()

  test('the extractor finds the examples of every package (code, not prose)', () => {
    expect(examples.length).toBeGreaterThan(650)
    const packages = new Set(examples.map((e) => e.pkg))
    for (const pkg of ['rules', 'core', 'unified', 'classic-futures', 'securities', 'savings'])
      expect(packages.has(pkg), pkg).toBe(true)
    expect(examples.filter((e) => e.code.trim() === '').map((e) => `${e.file}:${e.line}`)).toEqual(
      [],
    )
  })

  test('every example compiles (strict), but for the listed typing defects', () => {
    const { checked, problems } = check(examples)
    expect(checked).toBe(examples.length)
    expect(problems.filter((p) => !known(p))).toEqual([])
    const stillFailing = typingDefects.filter((d) => problems.some((p) => known(p) === d))
    expect(stillFailing, 'a listed defect compiles now: remove it from the list').toEqual(
      typingDefects,
    )
  }, 120_000)

  test('an example that does not compile fails, naming its file and line', () => {
    const { problems } = check([
      {
        pkg: 'rules',
        file: 'packages/rules/src/Example.ts',
        line: 40,
        code: "import { TickSize } from '@tradeline/rules'\nTickSize.roundQty(1, { symbol: 'X' })",
      },
      {
        // prose spliced into the code, as a broken comment edit leaves it
        pkg: 'savings',
        file: 'packages/savings/src/Example.ts',
        line: 12,
        code: "import { getAccount } from '@tradeline/savings'\n bounds, in Unix ms.:await getAccount(client)",
      },
      {
        // a line starting with `(` continues the statement above it (no semicolons)
        pkg: 'savings',
        file: 'packages/savings/src/Other.ts',
        line: 7,
        code: "import { createSavingsClient, getAccount } from '@tradeline/savings'\nconst client = createSavingsClient({ credentials })\n(await getAccount(client)).usdtAmount",
      },
    ])
    expect(problems.some((p) => /^packages\/rules\/src\/Example\.ts:41: TS2345 /.test(p))).toBe(
      true,
    )
    expect(problems.some((p) => /^packages\/savings\/src\/Example\.ts:13: TS\d+ /.test(p))).toBe(
      true,
    )
    expect(problems.some((p) => /^packages\/savings\/src\/Other\.ts:8: TS\d+ /.test(p))).toBe(true)
  }, 60_000)
})
