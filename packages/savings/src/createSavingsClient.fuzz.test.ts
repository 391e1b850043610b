// Fuzzing of every method of the savings client against a real sandbox on 127.0.0.1 (the fault campaign):
// no invalid request reaches the network (the sandbox counts what it received, and, strict, it
// would answer 40017 to a request its rules refuse), no untyped throw, every rejection names its
// field. A fixed seed and run count in CI; `FUZZ_RUNS=2000 pnpm --filter @tradeline/savings test
// createSavingsClient.fuzz` for a larger run.
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
import { Savings } from '@tradeline/rules'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { createSavingsClient, type SavingsClient } from './createSavingsClient.js'

/** Calls in CI: about 60 per method. */
const ciRuns = 60 * 9

const endpoints = endpointsOf(Savings)
/** Every request the line knows, valid-looking or broken, and garbage. */
const parameters = fc.oneof(...endpoints.map((e) => inputOf(schemaOf(e))), garbage)
const vocabulary = vocabularyOf(endpoints.map(schemaOf))

const judge = errorJudge({ BaseError, ValidationError, ApiError })

let sandbox: RunningSandbox
let client: SavingsClient

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, strict: true, recordRequests: true })
  client = createSavingsClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    timeout: 5000,
    // The sandbox enforces no limit here; the client's own pacing would only slow the run down.
    rateLimiter: false,
  })
})
afterAll(() => sandbox.close())

describe('the savings client, fuzzed method by method against a sandbox', () => {
  const methods = () => methodsOf(client, ['transport', 'config', 'subscribeInfos'])

  test('every method is found', () => {
    expect(methods().map(([name]) => name)).toEqual([
      'getProducts',
      'getSubscribeInfo',
      'getSubscribeResult',
      'subscribe',
      'redeem',
      'getRedeemResult',
      'getAssets',
      'getRecords',
      'getAccount',
    ])
    // The deprecated names are the same functions, not listed, so not fuzzed twice.
    expect(client.subscribeInfo).toBe(client.getSubscribeInfo)
    expect(client.account).toBe(client.getAccount)
  })

  fuzzEveryMethod({
    ciRuns: ciRuns,
    input: parameters,
    methods,
    sandbox: () => sandbox,
    judge,
    vocabulary,
  })
})
