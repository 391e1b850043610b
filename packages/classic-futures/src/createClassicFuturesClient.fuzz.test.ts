// Fuzzing of every method of the classic futures client against a real sandbox on 127.0.0.1
// (the fault campaign): no invalid request reaches the network (the sandbox counts what it received, and,
// strict, it would answer 40017 to a request its rules refuse), no untyped throw, every
// rejection names its field. A fixed seed and run count in CI; `FUZZ_RUNS=2000 pnpm --filter
// @tradeline/classic-futures test createClassicFuturesClient.fuzz` for a larger run.
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
import { ClassicFutures, Public } from '@tradeline/rules'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import {
  type ClassicFuturesClient,
  createClassicFuturesClient,
} from './createClassicFuturesClient.js'
import { restingBuy } from './test/sandbox.js'

/** Calls in CI: about 40 per method (56 methods). */
const ciRuns = 40 * 56

const endpoints = endpointsOf(ClassicFutures, Public)
/** Every request the line knows, valid-looking or broken, a list of orders, and garbage. */
const parameters = fc.oneof(
  ...endpoints.map((e) => inputOf(schemaOf(e))),
  inputOf({ type: 'array', item: schemaOf(ClassicFutures.placeOrder) }),
  garbage,
)
const vocabulary = vocabularyOf(endpoints.map(schemaOf))
for (const e of [ClassicFutures.batchPlaceOrder, ClassicFutures.batchCancelOrders]) {
  const list = schemaOf(e).entries?.orderList ?? schemaOf(e).entries?.orderIdList
  for (const key of Object.keys(list?.wrapped?.item?.entries ?? list?.item?.entries ?? {}))
    vocabulary.add(key)
}

/** The paths of the loads the client makes for its checks: the contracts and the account's position mode. */
const loadPaths = new Set([ClassicFutures.getContracts.path, ClassicFutures.getAccount.path])

const judge = errorJudge({ BaseError, ValidationError, ApiError })

let sandbox: RunningSandbox
let client: ClassicFuturesClient

beforeAll(async () => {
  sandbox = await startSandbox({
    rateLimits: false,
    strict: true,
    recordRequests: true,
    accountMode: 'classic',
  })
  client = createClassicFuturesClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    timeout: 5000,
    reconcile: false,
    // The sandbox enforces no limit here; the client's own pacing would only slow the run down.
    rateLimiter: false,
  })
  await client.instruments.load()
})
afterAll(() => sandbox.close())

describe('the classic futures client, fuzzed method by method against a sandbox', () => {
  const methods = () => methodsOf(client, ['transport', 'config', 'contracts', 'accountModes'])

  test('every method of every group is found', () => {
    const names = methods().map(([name]) => name)
    expect(names).toContain('orders.place')
    expect(names).toContain('batch.place')
    expect(names.length).toBeGreaterThanOrEqual(17)
    // Positions are read under account, as in the other clients; the deprecated positions group
    // holds the same functions and is not listed, so nothing is fuzzed twice.
    expect(names).toContain('account.getPositions')
    expect(names.some((name) => name.startsWith('positions.'))).toBe(false)
    expect(client.positions.getAll).toBe(client.account.getPositions)
  })

  fuzzEveryMethod({
    ciRuns: ciRuns,
    input: parameters,
    methods,
    sandbox: () => sandbox,
    ignore: (r) => loadPaths.has(r.path),
    judge,
    vocabulary,
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
    return (error as ValidationError).issues.map((i) => i.path)
  }

  test('instruments.load of what is not a list of product types (was a TypeError from .map)', async () => {
    expect(await refusal(() => client.instruments.load('USDT-FUTURES' as never))).toEqual([[]])
    expect(await refusal(() => client.instruments.load([7] as never))).toEqual([['productType']])
  })

  test('a batch order that is not an object is refused as such (was spread into `{ 0: " " }`)', async () => {
    const paths = await refusal(() => client.batch.place([' '] as never))
    // The item is refused whole ("[0]: expected Object"); the fields the orders of a batch share
    // are missing; no issue names a character of the string.
    expect(paths).toContainEqual([0])
    expect(paths.filter((path) => path.includes('0'))).toEqual([])
  })

  test('batch orders with BigInt or prototype-less fields are refused by name (was a TypeError building the group key)', async () => {
    const paths = await refusal(() =>
      client.batch.place([{ symbol: 0n, productType: 0n, marginCoin: 0n, size: '1' }] as never),
    )
    expect(paths).toContainEqual(['symbol'])
    const cancel = await refusal(() =>
      client.batch.cancel([
        { symbol: 'BTCUSDT', productType: Object.create(null), orderId: 1n },
      ] as never),
    )
    expect(cancel).toContainEqual(['productType'])
    // A prototype-less clientOid (was a TypeError in core's duplicate check).
    const oid = await refusal(() =>
      client.batch.place([{ ...restingBuy, clientOid: Object.create(null) }] as never),
    )
    expect(oid.map((path) => path.at(-1))).toContain('clientOid')
  })

  test("FUZZ_SEED=12: a margin coin that is not the contract's is refused before sending (was sent, and refused with 40017)", async () => {
    const reversal = {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'BTC',
      size: '0.01',
      side: 'buy',
      orderType: 'market',
    } as const
    for (const run of [
      () => client.orders.place({ ...restingBuy, marginCoin: 'BTC' }),
      () => client.orders.reverse(reversal),
      () => client.batch.place([{ ...restingBuy, marginCoin: 'BTC' }]),
    ])
      expect((await refusal(run)).map((path) => path.at(-1))).toEqual(['marginCoin'])
    // Its case is the rules' business, not this check's: a lower-case coin is not named here.
    const lower = await client.orders
      .place({ ...restingBuy, marginCoin: 'usdt' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(lower)).toBe(true)
    expect((lower as ValidationError).issues.map((i) => i.message).join()).not.toContain('takes')
  })

  test('null call options count as none (was a TypeError reading `signal` of null)', async () => {
    await expect(
      client.market.getContracts({ productType: 'USDT-FUTURES' }, null as never),
    ).resolves.toBeDefined()
  })

  test('seed 20261124: plans.modify and plans.modifyTpsl of null are refused as such, nothing sent (was a TypeError reading planType of null)', async () => {
    const before = sandbox.admin.requests().length
    for (const run of [
      () => client.plans.modify(null as never),
      () => client.plans.modifyTpsl(null as never),
    ]) {
      const error = await run().catch((e: unknown) => e)
      expect(BaseError.isInstance(error), String(error)).toBe(true)
    }
    expect(sandbox.admin.requests().length).toBe(before)
  })
})
