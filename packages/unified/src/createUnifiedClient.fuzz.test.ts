// Fuzzing of every method of the unified client against a real sandbox on 127.0.0.1 (the fault campaign):
// no invalid request reaches the network (the sandbox counts what it received, and, strict, it
// would answer 40017 to a request its rules refuse), no untyped throw, every rejection names its
// field. A fixed seed and run count in CI; `FUZZ_RUNS=2000 pnpm --filter @tradeline/unified
// test createUnifiedClient.fuzz` for a larger run.
import { fc, test } from '@fast-check/vitest'
import { ApiError, BaseError, ValidationError } from '@tradeline/core'
import {
  endpointsOf,
  errorJudge,
  fuzzEveryMethod,
  garbage,
  inputOf,
  methodsOf,
  type SchemaLike,
  schemaOf,
  vocabularyOf,
} from '@tradeline/fuzz'
import { Market, Public, Strategy, Unified } from '@tradeline/rules'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { createUnifiedClient, type UnifiedClient } from './createUnifiedClient.js'
import type { DeadManSwitch } from './DeadManSwitch.js'

/** Runs per method in CI. */
const ciRuns = 40

const endpoints = endpointsOf(Unified, Strategy, Public, Market)
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
/** Every field name of the line: an issue of a field not sent must name one of these. */
const vocabulary = vocabularyOf(endpoints.map(schemaOf))

/** The paths of the loads a client makes for its checks (instruments, account settings). */
const loadPaths = new Set([Market.getInstruments.path, Unified.getAccountSettings.path])

const judge = errorJudge({ BaseError, ValidationError, ApiError })

let sandbox: RunningSandbox
let client: UnifiedClient
const keepers: DeadManSwitch[] = []

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

describe('the unified client, fuzzed method by method against a sandbox', () => {
  const methods = () => methodsOf(client, ['transport', 'config', 'symbols', 'loaded'])

  test('every method of every group is found', () => {
    const names = methods().map(([name]) => name)
    expect(names).toContain('orders.place')
    expect(names).toContain('strategy.place')
    expect(names).toContain('countdown.keep')
    expect(names.length).toBeGreaterThanOrEqual(33)
  })

  fuzzEveryMethod({
    ciRuns: ciRuns * 48,
    input: parameters,
    methods,
    sandbox: () => sandbox,
    ignore: (r) => loadPaths.has(r.path),
    judge,
    vocabulary,
    onOutcome: (outcome) => {
      if (outcome.ok && outcome.name === 'countdown.keep')
        keepers.push(outcome.value as DeadManSwitch)
    },
  })
})

describe('counterexamples the fuzzing found (the fault campaign), as plain tests', () => {
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

  test('a batch item whose category is an object without a prototype is refused by name (was a TypeError building the group key)', async () => {
    const category = Object.assign(Object.create(null), { polluted: 'yes' })
    const issues = await refusal(() => client.batch.place([{ category }] as never))
    expect(issues.map(([path]) => path)).toContainEqual([0, 'category'])
  })

  test('countdown.arm of what is neither a number nor a string (was a TypeError from String())', async () => {
    const issues = await refusal(() => client.countdown.arm(Object.create(null)))
    expect(issues.map(([path]) => path)).toEqual([['countdown']])
  })
})
