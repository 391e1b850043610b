/**
 * Money conservation of the securities account: any walk of transfers (edge amounts among
 * them), market and limit orders, partial and full fills, cancels, price and fee-rate changes
 * keeps spot + securities cash (available + frozen) + net cost of the executions equal to the
 * deposits minus the fees, to the last digit, after every step. 10,000 steps through the
 * routes' handlers and the book's functions, 300 over HTTP.
 */
import { Endpoint, Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOrderRoute, transferRoute } from '../routes/stockplus/account.js'
import { type ApiKey, createState, type SandboxState } from '../state.js'
import { fixedClock } from '../test/helpers.js'
import {
  conservation,
  type Driver,
  drawStep,
  generator,
  openOrders,
  type Step,
  savingsConservation,
  savingsDeposits,
  savingsSteps,
  steps,
} from '../test/stockplusWorld.js'
import { start, T0 } from '../test/unified.js'
import { savingsOf, savingsTotals } from './savings.js'
import { execute, release, stockplusOf } from './stockplusBook.js'

const deposits = '1000000000000000000000'

/** Plays `count` steps of a seeded walk, checking after each; answers what the walk did. */
async function walk(options: {
  state: SandboxState
  uid: string
  driver: Driver
  seed: number
  count: number
  table?: readonly Step[]
  /** Another checker run after every step (the savings book's). */
  also?: { check(label: string): void } | undefined
}) {
  const { state, uid, count } = options
  const rand = generator(options.seed)
  const checker = conservation(state, uid, deposits)
  const driver: Driver = {
    ...options.driver,
    setFeeRate(rate) {
      options.driver.setFeeRate(rate)
      checker.setFeeRate(rate)
    },
  }
  const prices = new Map<string, string>()
  const done = new Map<string, number>()
  let last = { total: deposits, fees: '0' }
  for (let i = 0; i < count; i++) {
    const step = drawStep(rand, options.table)
    await step.run({ driver, state, uid, rand, prices })
    done.set(step.name, (done.get(step.name) ?? 0) + 1)
    last = checker.check(`step ${i} (${step.name})`)
    options.also?.check(`step ${i} (${step.name})`)
  }
  return { done, last }
}

/** The routes' handlers and the book's functions, called directly. */
function directDriver(state: SandboxState, key: ApiKey, clock: { now(): number }): Driver {
  const call = async (
    endpoint: typeof Securities.transfer | typeof Securities.placeOrder,
    route: typeof transferRoute,
    params: Record<string, string>,
  ) => {
    const checked = Endpoint.check(endpoint, params)
    if (!checked.success) return 'refused by the rules'
    const outcome = await route.handle({
      state,
      key,
      params: checked.output as Record<string, unknown>,
      now: clock.now(),
    })
    return 'error' in outcome && outcome.error ? outcome.error.code : '00000'
  }
  const orderOf = (orderId: string) => stockplusOf(state).orders.find((o) => o.orderId === orderId)!
  return {
    transfer: (direction, amount) =>
      call(Securities.transfer, transferRoute, { coin: 'USDC', amount, direction }),
    place: (params) => call(Securities.placeOrder, placeOrderRoute, params),
    async fill(orderId, quantity, price) {
      execute(state, orderOf(orderId), price, clock.now(), quantity)
    },
    async cancel(orderId) {
      release(state, orderOf(orderId))
    },
    setPrice: (symbol, price) => state.prices.set(symbol, price),
    setFeeRate(rate) {
      stockplusOf(state).feeRate = rate
    },
  }
}

/** A state on a fixed clock with one account holding {@link deposits} USDC on its spot balance. */
function funded(uid: string) {
  const clock = fixedClock(T0)
  const state = createState({ clock, seed: 7 })
  const key = state.addKey({ uid, permissions: ['trade_rw'] })
  state.fund(key.uid)
  state.balances.get(key.uid)?.set('USDC', deposits)
  return { state, key, driver: directDriver(state, key, clock) }
}

describe('money conservation of the securities account', () => {
  it('10,000 random steps keep spot + cash + frozen + net cost = deposits - fees exactly', async () => {
    const { state, key, driver } = funded('6900000001')
    const { done, last } = await walk({
      state,
      uid: key.uid,
      driver,
      seed: 20_260_701,
      count: 10_000,
    })
    // Every row of the table ran, fees were charged, orders filled and rested.
    expect([...done.keys()].sort()).toEqual(steps.map((s) => s.name).sort())
    expect(last.fees).not.toBe('0')
    const orders = stockplusOf(state).orders
    expect(orders.some((o) => o.status === 'filled' && o.orderType === 'LO')).toBe(true)
    expect(orders.some((o) => o.status === 'cancelled')).toBe(true)
    expect(stockplusOf(state).executions.length).toBeGreaterThan(1000)
    expect(openOrders(state, key.uid).length).toBeGreaterThanOrEqual(0)
  })

  it('a walk whose checker misses a fee is caught: the property can fail', async () => {
    const { state, key, driver } = funded('6900000002')
    // The sandbox charges 0.1% but the checker is never told.
    driver.setFeeRate('0.001')
    const blind = steps.filter((s) => s.name !== 'set fee rate')
    await expect(
      walk({ state, uid: key.uid, driver, seed: 3, count: 500, table: blind }),
    ).rejects.toThrow(/deposits - fees/)
  })
})

describe('money conservation of the whole sandbox account: securities and savings', () => {
  it('10,000 random steps of transfers, orders, fills, cancels, subscriptions, redemptions and days of interest keep every total exact', async () => {
    const { state, key, driver } = funded('6900000004')
    for (const [coin, amount] of Object.entries(savingsDeposits))
      state.balances.get(key.uid)?.set(coin, amount)
    const table = [...steps, ...savingsSteps]
    const { done } = await walk({
      state,
      uid: key.uid,
      driver,
      seed: 20_261_126,
      count: 10_000,
      table,
      also: savingsConservation(state, key.uid),
    })
    expect([...done.keys()].sort()).toEqual(table.map((s) => s.name).sort())
    // The savings rows did move money: holdings were made and interest was paid.
    const holdings = savingsOf(state).holdings.filter((h) => h.uid === key.uid)
    expect(holdings.length).toBeGreaterThan(100)
    expect(new Big(savingsTotals(state, key.uid, 'USDT').interest).gt(0)).toBe(true)
    expect(stockplusOf(state).executions.length).toBeGreaterThan(500)
  })

  it('a savings checker that misses the interest is caught: the property can fail', async () => {
    const { state, key, driver } = funded('6900000005')
    for (const [coin, amount] of Object.entries(savingsDeposits))
      state.balances.get(key.uid)?.set(coin, amount)
    const blind = {
      check(label: string) {
        const { spot, held, pending } = savingsTotals(state, key.uid, 'USDT')
        const total = new Big(spot).plus(held).plus(pending)
        if (!total.eq(savingsDeposits.USDT)) throw new Error(`${label}: interest unaccounted`)
      },
    }
    await expect(
      walk({
        state,
        uid: key.uid,
        driver,
        seed: 5,
        count: 3000,
        table: savingsSteps,
        also: blind,
      }),
    ).rejects.toThrow(/interest unaccounted/)
  })
})

describe('money conservation over HTTP', () => {
  let ctx: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    ctx = await start()
  })
  afterAll(() => ctx.sandbox.close())

  it('300 random steps through the endpoints and the admin fills keep the totals exact', async () => {
    const uid = '6900000003'
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] }))
    ctx.sandbox.admin.setBalance('USDC', deposits, uid)
    const state = ctx.sandbox.sandbox.state
    const codes = new Set<string>()
    const driver: Driver = {
      async transfer(direction, amount) {
        const { body } = await api.post(Securities.transfer.path, {
          coin: 'USDC',
          amount,
          direction,
        })
        codes.add(body.code)
        return body.code
      },
      async place(params) {
        const { body } = await api.post(Securities.placeOrder.path, params)
        codes.add(body.code)
        return body.code
      },
      async fill(orderId, quantity, price) {
        ctx.sandbox.admin.fillStockOrder({ orderId, quantity, price })
      },
      setPrice: (symbol, price) => ctx.sandbox.admin.setPrice(symbol, price),
      setFeeRate: (rate) => ctx.sandbox.admin.setStockFeeRate(rate),
    }
    const { last } = await walk({ state, uid, driver, seed: 11, count: 300 })
    // Refusals happened (40808 beyond 8 decimals or off tick, 43012, 40757) and successes.
    expect(codes).toContain('00000')
    expect(codes).toContain('40808')
    // The account endpoint answers the state exactly.
    const funds = (await api.get(Securities.getAccount.path)).body.data.list[0]
    const account = stockplusOf(state).accounts.get(uid)!
    expect(funds.cashInfos[0].availableCash).toBe(account.cash)
    expect(funds.cashInfos[0].frozenCash).toBe(account.frozen)
    expect(last.total).not.toBe('')
  })
})
