/**
 * Shared fuzzing inputs of the tradeline tests (the fault campaign): the run settings (a fixed seed and
 * run count in CI, more on demand with `FUZZ_RUNS` and `FUZZ_SEED`), request generators read
 * from the rules' valibot schemas (valid-looking requests, and the same with fields broken),
 * and garbage (wrong types, huge strings, unicode, numbers for decimals, NaN, negatives, nulls,
 * extra keys, prototype keys).
 */
import { fc, test } from '@fast-check/vitest'
import { expect } from 'vitest'
import { garbage, type SchemaLike } from './generators.js'

export * from './generators.js'

/** The seed of every fuzz property: `FUZZ_SEED`, else a fixed one, so CI runs are repeatable. */
export const fuzzSeed: number = readInt('FUZZ_SEED') ?? 20261124

/**
 * Runs of a property: `FUZZ_RUNS` when set (a larger run on demand), else `ciRuns`.
 *
 * @example FUZZ_RUNS=5000 FUZZ_SEED=7 pnpm --filter @tradeline/rules test Endpoint.fuzz
 */
export function fuzzRuns(ciRuns: number): number {
  return readInt('FUZZ_RUNS') ?? ciRuns
}

/** fast-check parameters of a property run `ciRuns` times in CI. */
export function fuzzParameters(ciRuns: number): { seed: number; numRuns: number } {
  return { seed: fuzzSeed, numRuns: fuzzRuns(ciRuns) }
}

function readInt(name: string): number | undefined {
  const text = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env?.[name]
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${text}`)
  return value
}

/** A method of a client, by its dotted name (`orders.place`). */
export type ClientMethod = readonly [name: string, call: (...args: unknown[]) => unknown]

/**
 * The methods of a client object: every function of every group object (`client.orders.place`),
 * found at run time so that a method added to a client is fuzzed without a change to its test.
 * `parts` names the properties that are not groups of methods (the transport, the config).
 */
export function methodsOf(client: object, parts: readonly string[]): ClientMethod[] {
  const methods: ClientMethod[] = []
  for (const [group, value] of Object.entries(client)) {
    if (parts.includes(group)) continue
    if (typeof value === 'function') {
      methods.push([group, value as ClientMethod[1]])
      continue
    }
    if (typeof value !== 'object' || value === null)
      throw new Error(`client.${group} is neither a group of methods nor listed in parts`)
    for (const [name, method] of Object.entries(value))
      if (typeof method === 'function')
        methods.push([`${group}.${name}`, method as ClientMethod[1]])
  }
  return methods
}

/** What one fuzzed client call did. */
export type CallOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown }

/** Calls `method` and settles, never throwing (a synchronous throw counts as a rejection). */
export async function settle(
  method: ClientMethod[1],
  args: readonly unknown[],
): Promise<CallOutcome> {
  try {
    const value = await method(...args)
    // An iterator (pages of a history) sends when it is read: read a few of its items.
    if (typeof value === 'object' && value !== null && Symbol.asyncIterator in value) {
      let read = 0
      for await (const _ of value as AsyncIterable<unknown>) if (++read >= 3) break
    }
    return { ok: true, value }
  } catch (error) {
    return { ok: false, error }
  }
}

/** How a client package's errors are told apart (its own `isInstance`, across copies). */
export type ErrorJudge = {
  /** Whether the error is a tradeline error (`BaseError.isInstance`). */
  typed(error: unknown): boolean
  /** The issues when the error is a `ValidationError`. */
  issues(
    error: unknown,
  ): readonly { type: string; path: readonly (string | number)[] }[] | undefined
  /** The exchange code when the error is an `ApiError`. */
  code(error: unknown): string | undefined
}

/** What the fuzzed calls of a client did, for a closing check that the run was not vacuous. */
export type Tally = {
  calls: number
  resolved: number
  refusedBeforeSending: number
  apiErrors: number
  otherTyped: number
}

/** A fresh {@link Tally}. */
export function tally(): Tally {
  return { calls: 0, resolved: 0, refusedBeforeSending: 0, apiErrors: 0, otherTyped: 0 }
}

const plain = (value: object) =>
  [Object.prototype, null].includes(Object.getPrototypeOf(value)) || Array.isArray(value)

/**
 * Whether an issue names a field: of the call options, of the request (an item of a list) when
 * it was sent, or one the line knows (a missing field). An issue of the whole request is of its
 * type or length.
 */
export function namesAField(
  issue: { type: string; path: readonly (string | number)[] },
  input: unknown,
  options: unknown,
  vocabulary: ReadonlySet<string>,
): boolean {
  const [first, second] = issue.path
  if (
    typeof first === 'string' &&
    typeof options === 'object' &&
    options !== null &&
    Object.hasOwn(options, first)
  )
    return true
  if (typeof input !== 'object' || input === null) return true
  if (first === undefined)
    return !plain(input) || ['type', 'length', 'mismatch', 'duplicate'].includes(issue.type)
  if (typeof first === 'number') {
    const item = (input as unknown[])[first]
    return (
      second === undefined ||
      (typeof item === 'object' && item !== null && Object.hasOwn(item, second)) ||
      vocabulary.has(String(second))
    )
  }
  return Object.hasOwn(input, first) || vocabulary.has(first)
}

/** Every field name of some endpoint schemas (of their items, for lists). */
export function vocabularyOf(schemas: readonly SchemaLike[]): Set<string> {
  const names = new Set<string>()
  for (const schema of schemas) {
    let s = schema
    while (s.wrapped) s = s.wrapped
    for (const key of Object.keys((s.item ?? s).entries ?? {})) names.add(key)
  }
  return names
}

/**
 * Calls one client method with fuzzed arguments and checks the three properties: no untyped
 * throw; a `ValidationError` sent nothing (`sent()` lists the requests the sandbox received
 * during the call, loads left out) and each of its issues names a field; the sandbox (strict,
 * with the same rules) never answered `40017` to what was sent. Returns what the call did.
 */
export async function fuzzCall(parameters: {
  name: string
  method: ClientMethod[1]
  args: readonly [input: unknown, options: unknown]
  judge: ErrorJudge
  vocabulary: ReadonlySet<string>
  /** The requests the sandbox received since `mark()`, loads of the client's checks left out. */
  sent(): readonly unknown[]
  tally: Tally
  expect: (
    value: unknown,
    message?: string,
  ) => {
    toBe(expected: unknown): void
    toEqual(expected: unknown): void
    not: { toBe(expected: unknown): void }
  }
}): Promise<CallOutcome> {
  const { name, method, args, judge, vocabulary, tally, expect } = parameters
  const outcome = await settle(method, args)
  tally.calls++
  if (outcome.ok) {
    tally.resolved++
    return outcome
  }
  const { error } = outcome
  expect(judge.typed(error), `${name}: untyped ${String(error)}`).toBe(true)
  const issues = judge.issues(error)
  const code = judge.code(error)
  if (issues !== undefined) {
    tally.refusedBeforeSending++
    expect(parameters.sent(), `${name} sent a request it refused`).toEqual([])
    for (const issue of issues)
      expect(
        namesAField(issue, args[0], args[1], vocabulary),
        `${name}: ${JSON.stringify(issue)}`,
      ).toBe(true)
  } else if (code !== undefined) {
    tally.apiErrors++
    // 40017: the sandbox's rules (the same as the client's) refused what was sent.
    expect(code, `${name}: ${String((error as Error).message)}`).not.toBe('40017')
  } else tally.otherTyped++
  return outcome
}

/** The second argument of a fuzzed call: usually none, else call options with odd values. */
export const callOptions: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  fc.record(
    {
      signal: garbage,
      reconcile: garbage,
      channelApiCode: garbage,
      onProgress: garbage,
      windowSeconds: garbage,
    },
    { requiredKeys: [] },
  ),
  garbage,
)

/** An endpoint of the rules as the fuzzers read it. */
export type FuzzEndpoint = { id: string; schema: unknown; path: string }

/** Every endpoint of the given rules namespaces (`Unified`, `Public`, ...), in order. */
export function endpointsOf(...namespaces: readonly object[]): FuzzEndpoint[] {
  return namespaces.flatMap((ns) =>
    Object.values(ns).filter(
      (e): e is FuzzEndpoint => typeof e === 'object' && e !== null && 'schema' in e && 'path' in e,
    ),
  )
}

/** The schema of an endpoint, as the generators read it. */
export const schemaOf = (e: { schema: unknown }): SchemaLike => e.schema as SchemaLike

/**
 * The {@link ErrorJudge} of a client package, from core's error classes (passed in: this package
 * depends on no client): typed means a tradeline `BaseError`.
 */
export function errorJudge(classes: {
  BaseError: { isInstance(e: unknown): boolean }
  ValidationError: { isInstance(e: unknown): boolean }
  ApiError: { isInstance(e: unknown): boolean }
}): ErrorJudge {
  const { BaseError, ValidationError, ApiError } = classes
  return {
    typed: (e) => BaseError.isInstance(e),
    issues: (e) =>
      ValidationError.isInstance(e)
        ? (e as { issues: ReturnType<ErrorJudge['issues']> }).issues
        : undefined,
    code: (e) => (ApiError.isInstance(e) ? (e as { code: string }).code : undefined),
  }
}

/**
 * One fuzzed call of a client: the method `pick` chooses among `methods`, called with `input` and
 * `options`; what the sandbox received meanwhile (`requests`, less the client's own loads that
 * `ignore` names) is what reached the network. The rest as {@link fuzzCall}.
 */
export function fuzzPicked(
  parameters: Omit<Parameters<typeof fuzzCall>[0], 'name' | 'method' | 'args' | 'sent'> & {
    methods: readonly ClientMethod[]
    pick: number
    input: unknown
    options: unknown
    requests: readonly { path: string }[]
    ignore?: ((request: { path: string }) => boolean) | undefined
  },
): Promise<CallOutcome & { name: string }> {
  const { methods, pick, input, options, requests, ignore, ...rest } = parameters
  const [name, method] = methods[pick % methods.length] as ClientMethod
  const before = requests.length
  return fuzzCall({
    ...rest,
    name,
    method,
    args: [input, options],
    sent: () => requests.slice(before).filter((r) => !ignore?.(r)),
  }).then((outcome) => ({ ...outcome, name }))
}

/**
 * The two tests of every client's fuzzing, registered in the caller's `describe`: the property
 * (each run one {@link fuzzPicked} call: a method `pick` chooses, a fuzzed request and call
 * options), and the check that the runs were all made and met both sides of the wire (refused
 * before sending; answered or refused by the exchange). `sandbox()` is read when the tests run,
 * after the caller's `beforeAll`.
 */
export function fuzzEveryMethod(parameters: {
  /** Runs in CI (`FUZZ_RUNS` overrides). */
  ciRuns: number
  /** The fuzzed first argument. */
  input: fc.Arbitrary<unknown>
  methods: () => readonly ClientMethod[]
  sandbox: () => { readonly requests: readonly { path: string }[] }
  /** Requests the client makes on its own (loads for its checks), not counted as sent. */
  ignore?: ((request: { path: string }) => boolean) | undefined
  judge: ErrorJudge
  vocabulary: ReadonlySet<string>
  /** Sees each call's outcome (e.g. to stop what a call started). */
  onOutcome?: ((outcome: CallOutcome & { name: string }) => void) | undefined
}): void {
  const counts = tally()
  test.prop([fc.nat(), parameters.input, callOptions], fuzzParameters(parameters.ciRuns))(
    'no invalid request reaches the network, no untyped throw, every refusal names its field',
    async (pick, input, extra) => {
      const outcome = await fuzzPicked({
        methods: parameters.methods(),
        pick,
        input,
        options: extra,
        requests: parameters.sandbox().requests,
        ignore: parameters.ignore,
        judge: parameters.judge,
        vocabulary: parameters.vocabulary,
        tally: counts,
        expect,
      })
      parameters.onOutcome?.(outcome)
    },
  )

  test('the fuzzed calls were refused before sending, answered and refused by the exchange', () => {
    expect(counts.calls).toBe(fuzzParameters(parameters.ciRuns).numRuns)
    expect(counts.refusedBeforeSending).toBeGreaterThan(0)
    expect(counts.resolved + counts.apiErrors).toBeGreaterThan(0)
  })
}
