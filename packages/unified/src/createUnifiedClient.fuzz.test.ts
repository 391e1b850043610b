// Fuzzing of every method of the unified client against a real sandbox on 127.0.0.1 (issue 15):
// no invalid request reaches the network (the sandbox counts what it received, and, strict, it
// would answer 40017 to a request its rules refuse), no untyped throw, every rejection names its
// field. A fixed seed and run count in CI; `FUZZ_RUNS=2000 pnpm --filter @tradeline/unified
// test createUnifiedClient.fuzz` for a larger run.
import { fc, test } from '@fast-check/vitest'
import { ApiError, BaseError, ValidationError } from '@tradeline/core'
import {
  fuzzParameters,
  garbage,
  inputOf,
  methodsOf,
  type SchemaLike,
  settle,
} from '@tradeline/fuzz'
import { Market, Public, Strategy, Unified } from '@tradeline/rules'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { createUnifiedClient, type UnifiedClient } from './createUnifiedClient.js'
import type { DeadManSwitch } from './DeadManSwitch.js'

/** Runs per method in CI. */
const ciRuns = 40

const endpoints = [Unified, Strategy, Public, Market].flatMap((ns) =>
  Object.values(ns).filter(
    (e): e is { id: string; schema: unknown; path: string } =>
      typeof e === 'object' && e !== null && 'schema' in e && 'path' in e,
  ),
)
const schemaOf = (e: { schema: unknown }) => e.schema as SchemaLike
/** Every request the line knows, valid-looking or broken, and garbage. */
const parameters = fc.oneof(
  ...endpoints.map((e) =>
    inputOf(schemaOf(e), {
      item: { placeBatch: Unified.placeOrder, batchModifyOrder: Unified.modifyOrder }[
        e.id.split('.')[1] ?? ''
      ]?.schema as SchemaLike | undefined,
    }),
  ),
  garbage,
)
/** The second argument: usually none, else call options with odd values. */
const options = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  fc.record(
    { signal: garbage, reconcile: garbage, channelApiCode: garbage, windowSeconds: garbage },
    { requiredKeys: [] },
  ),
  garbage,
)
/** Every field name of the line: an issue of a field not sent must name one of these. */
const vocabulary = new Set(
  endpoints.flatMap((e) => {
    const s = schemaOf(e)
    return Object.keys((s.item ?? s).entries ?? {})
  }),
)
for (const e of [Unified.placeOrder, Unified.modifyOrder, Unified.cancelOrder])
  for (const key of Object.keys(schemaOf(e).entries ?? {})) vocabulary.add(key)

/** The paths of the loads a client makes for its checks (instruments, account settings). */
const loadPaths = new Set([Market.getInstruments.path, Unified.getAccountSettings.path])

let sandbox: RunningSandbox
let client: UnifiedClient
const keepers: DeadManSwitch[] = []
const tally = { calls: 0, resolved: 0, refusedBeforeSending: 0, apiErrors: 0, otherTyped: 0 }

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, strict: true, recordRequests: true })
  client = createUnifiedClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    timeout: 5000,
    reconcile: false,
    // The sandbox enforces no limit here; the client's own pacing (1/s on some endpoints) would
    // only slow the run down.
    rateLimiter: false,
  })
  await client.instruments.load()
})
afterAll(async () => {
  await Promise.all(keepers.map((k) => k.stop().catch(() => undefined)))
  await sandbox.close()
})

/** Whether the issue names a field: of the request when it is an object, sent or known to the line. */
function namesItsField(
  issue: { type: string; path: readonly (string | number)[] },
  input: unknown,
): boolean {
  if (typeof input !== 'object' || input === null) return true
  const [first, second] = issue.path
  // The request itself: of the wrong type (an object for a list), or a list of the wrong length.
  if (first === undefined)
    return !isPlain(input) || ['type', 'length', 'mismatch', 'duplicate'].includes(issue.type)
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

/** Whether an issue names a field of the parameters or of the call options. */
function namesAField(
  issue: { type: string; path: readonly (string | number)[] },
  input: unknown,
  extra: unknown,
): boolean {
  const [first] = issue.path
  const option =
    typeof first === 'string' &&
    typeof extra === 'object' &&
    extra !== null &&
    Object.hasOwn(extra, first)
  return option || namesItsField(issue, input)
}

const isPlain = (value: object) =>
  [Object.prototype, null].includes(Object.getPrototypeOf(value)) || Array.isArray(value)

describe('the unified client, fuzzed method by method against a sandbox', () => {
  const methods = () => methodsOf(client, ['transport', 'config', 'symbols', 'loaded'])

  test('every method of every group is found', () => {
    const names = methods().map(([name]) => name)
    expect(names).toContain('orders.place')
    expect(names).toContain('strategy.place')
    expect(names).toContain('countdown.keep')
    expect(names.length).toBeGreaterThanOrEqual(33)
  })

  test.prop([fc.nat(), parameters, options], fuzzParameters(ciRuns * 38))(
    'no invalid request reaches the network, no untyped throw, every refusal names its field',
    async (pick, input, extra) => {
      const all = methods()
      const [name, method] = all[pick % all.length]!
      const before = sandbox.requests.length
      const outcome = await settle(method, [input, extra])
      tally.calls++
      const sent = sandbox.requests.slice(before).filter((r) => !loadPaths.has(r.path))
      if (outcome.ok) {
        tally.resolved++
        if (name === 'countdown.keep') keepers.push(outcome.value as DeadManSwitch)
        return
      }
      const { error } = outcome
      expect(BaseError.isInstance(error), `${name}: ${String(error)}`).toBe(true)
      if (ValidationError.isInstance(error)) {
        tally.refusedBeforeSending++
        expect(sent, `${name} sent a request it refused`).toEqual([])
        for (const issue of error.issues)
          expect(namesAField(issue, input, extra), `${name}: ${JSON.stringify(issue)}`).toBe(true)
      } else if (ApiError.isInstance(error)) {
        tally.apiErrors++
        // 40017: the sandbox's rules (the same as the client's) refused what was sent.
        expect(error.code, `${name}: ${error.message}`).not.toBe('40017')
      } else tally.otherTyped++
    },
  )

  test('the fuzzed calls were refused before sending, answered and refused by the exchange', () => {
    expect(tally.calls).toBe(fuzzParameters(ciRuns * 38).numRuns)
    expect(tally.refusedBeforeSending).toBeGreaterThan(0)
    expect(tally.resolved + tally.apiErrors).toBeGreaterThan(0)
  })
})

describe('counterexamples the fuzzing found (issue 15), as plain tests', () => {
  const refusal = async (run: () => Promise<unknown>) => {
    const before = sandbox.requests.length
    const error = await run().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(sandbox.requests.slice(before).filter((r) => !loadPaths.has(r.path))).toEqual([])
    return (error as ValidationError).issues.map((i) => [i.path, i.message])
  }

  test('a call signal that is not an AbortSignal: a ValidationError naming `signal` (was a TypeError)', async () => {
    expect(await refusal(() => client.orders.getFills({}, { signal: 0 as never }))).toEqual([
      [['signal'], 'signal: expected an AbortSignal, received 0'],
    ])
  })

  test('null call options count as none (was a TypeError reading `signal` of null)', async () => {
    await expect(client.market.getStates(null as never)).resolves.toBeDefined()
    await expect(client.orders.getOpen({}, null as never)).resolves.toBeDefined()
  })

  test('a batch item that is not an object is refused as such (was spread into `{ 0: " " }`)', async () => {
    expect(await refusal(() => client.batch.place([' '] as never))).toEqual([
      [[0], '[0]: expected Object, received " "'],
    ])
  })

  test('countdown.arm of what is neither a number nor a string (was a TypeError from String())', async () => {
    const issues = await refusal(() => client.countdown.arm(Object.create(null)))
    expect(issues.map(([path]) => path)).toEqual([['countdown']])
  })
})
