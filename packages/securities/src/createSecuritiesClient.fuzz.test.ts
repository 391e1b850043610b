// Fuzzing of every method of the securities client against a real sandbox on 127.0.0.1
// (the fault campaign): no invalid request reaches the network (the sandbox counts what it received, and,
// strict, it would answer 40017 to a request its rules refuse), no untyped throw, every
// rejection names its field. A fixed seed and run count in CI; `FUZZ_RUNS=2000 pnpm --filter
// @tradeline/securities test createSecuritiesClient.fuzz` for a larger run.
import { fc, test } from '@fast-check/vitest'
import { ApiError, BaseError, ValidationError } from '@tradeline/core'
import {
  endpointsOf,
  errorJudge,
  fuzzEveryMethod,
  garbage,
  inputOf,
  methodsOf,
  schemaOf,
  vocabularyOf,
} from '@tradeline/fuzz'
import { Securities } from '@tradeline/rules'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import type { SecuritiesClient } from './createSecuritiesClient.js'
import { setup } from './test/sandbox.js'

/** Calls in CI: about 40 per method. */
const ciRuns = 40 * 25

const endpoints = endpointsOf(Securities)
/** Every request the line knows, valid-looking or broken, and garbage. */
const parameters = fc.oneof(...endpoints.map((e) => inputOf(schemaOf(e))), garbage)
const vocabulary = vocabularyOf(endpoints.map(schemaOf))

const judge = errorJudge({ BaseError, ValidationError, ApiError })

let sandbox: RunningSandbox
let client: SecuritiesClient

beforeAll(async () => {
  const made = await setup({ recordRequests: true })
  sandbox = made.sandbox
  // The sandbox enforces no limit here; the client's own pacing would only slow the run down.
  client = made.client(['trade_rw', 'optionQuote'], { rateLimiter: false, timeout: 5000 })
})
afterAll(() => sandbox.close())

describe('the securities client, fuzzed method by method against a sandbox', () => {
  const methods = () =>
    methodsOf(client, ['transport', 'config', 'uid', 'sent', 'lotSizes', 'knownOrders'])

  test('every method of every group is found', () => {
    const names = methods().map(([name]) => name)
    expect(names).toContain('orders.place')
    expect(names).toContain('executions.iterate')
    expect(names).toContain('transfer')
    expect(names).toContain('account.getCashFlow')
    expect(names).toContain('account.getTransfers')
    expect(names).toContain('market.getOptionChain')
    // securities order management
    for (const name of ['orders.cancel', 'orders.modify', 'orders.get', 'orders.getToday'])
      expect(names).toContain(name)
    expect(names).toContain('executions.getToday')
    expect(names.length).toBeGreaterThanOrEqual(25)
    // The deprecated names are the same functions, not listed, so not fuzzed twice.
    for (const old of ['market.depth', 'orders.detail', 'account.positions', 'executions.today'])
      expect(names).not.toContain(old)
    expect(client.market.depth).toBe(client.market.getDepth)
    expect(client.account.positions).toBe(client.account.getPositions)
  })

  fuzzEveryMethod({
    ciRuns: ciRuns,
    input: parameters,
    methods,
    sandbox: () => sandbox,
    // A placement loads the symbol's lot size (market/static) before its last check.
    ignore: (r) => r.path === Securities.getStatic.path,
    judge,
    vocabulary,
  })
})
