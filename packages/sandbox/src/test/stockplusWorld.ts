/**
 * A random walk over the securities account's money for the conservation property: a step
 * table (transfers in and out with edge amounts, market and limit orders, partial and full
 * fills, cancels, price and fee-rate changes) played through a driver (the routes' handlers
 * called directly, or HTTP), and a checker that keeps its own totals from the executions and
 * compares them with the sandbox's state after every step. The savings rows (subscribe, redeem,
 * days passing with their interest) join the table for the sandbox-wide walk, with their own
 * checker ({@link savingsConservation}).
 */
import { Big } from '@tradeline/rules/big'
import { savingsOf, savingsTotals } from '../exchange/savings.js'
import { applySavingsStep } from '../exchange/savingsSteps.js'
import { multiplierOf, type StockOrder, stockplusOf } from '../exchange/stockplusBook.js'
import type { SandboxState } from '../state.js'

/** A seeded generator (mulberry32): the same seed, the same walk. */
export function generator(seed: number) {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <item>(items: readonly item[]): item => items[int(items.length)] as item
  return { next, int, pick }
}
export type Generator = ReturnType<typeof generator>

/** What a walk does to the sandbox: the same operations over HTTP or through the handlers. */
export type Driver = {
  transfer(direction: 'in' | 'out', amount: string): Promise<string>
  place(params: Record<string, string>): Promise<string>
  /** Executes `quantity` of an open order at `price`. */
  fill(orderId: string, quantity: string, price: string): Promise<void>
  /** Cancels an open order; absent where the driver cannot. */
  cancel?: ((orderId: string) => Promise<void>) | undefined
  setPrice(symbol: string, price: string): void
  setFeeRate(rate: string): void
}

/** Amounts a transfer tries: the measured edge amounts, a refused one and random ones. */
export const edgeAmounts = [
  '0.00004',
  '0.00005',
  '0.0001',
  '0.12345678',
  '0.123456789',
  '1000000000000000.07',
  '9007199254740993',
] as const

/** Prices a symbol is set to: sub-dollar (one off the 0.0001 tick), cents, large. */
export const edgePrices = ['0.0001', '0.00004', '0.37', '1.23', '230.45', '99999.99'] as const
const quantities = ['1', '2', '3', '7', '100', '123456789012345678'] as const
const feeRates = ['0', '0.001', '0.00025'] as const
const symbols = ['AAPL.US', 'TSLA.US', 'AAPL260918C00230000.US'] as const

/** A random amount with 0 to 8 decimals. */
function randomAmount(rand: Generator): string {
  const whole = rand.pick(['0', '1', '37', '5000', '123456789'])
  const places = rand.int(9)
  const fraction = Array.from({ length: places }, () => rand.int(10)).join('')
  return places === 0 ? whole : `${whole}.${fraction}`
}

/** The open orders of `uid`. */
export function openOrders(state: SandboxState, uid: string): StockOrder[] {
  return stockplusOf(state).orders.filter((o) => o.uid === uid && o.status === 'open')
}

/** The current price of a symbol: the price the walk set, else the seeded one. */
type Prices = Map<string, string>

/** A row of the step table: its weight and what it does. */
export type Step = {
  readonly name: string
  readonly weight: number
  run(world: {
    driver: Driver
    state: SandboxState
    uid: string
    rand: Generator
    prices: Prices
  }): Promise<unknown>
}

/** An on-tick limit price near `price`: 0.01 from 1 USD, 0.0001 below. */
function near(rand: Generator, price: string, symbol: string): string {
  const option = symbol.endsWith('.US') && /\d{6}[CP]\d{8}\.US$/.test(symbol)
  const tick = option || new Big(price).gte(1) ? new Big('0.01') : new Big('0.0001')
  const steps = rand.int(21) - 10
  const moved = new Big(price).div(tick).floor().plus(steps).times(tick)
  return (moved.lte(0) ? tick : moved).toFixed()
}

/** An order of a random side and quantity; `outsideRth` for a stock, not an option. */
function orderOf(rand: Generator, symbol: string, fields: Record<string, string>) {
  return {
    symbol,
    side: rand.pick(['Buy', 'Sell']),
    submittedQuantity: rand.pick(quantities),
    timeInForce: 'Day',
    ...(symbol.length > 8 ? {} : { outsideRth: 'RTHOnly' }),
    ...fields,
  }
}

/** The step table. */
export const steps: readonly Step[] = [
  {
    name: 'transfer in',
    weight: 3,
    run: ({ driver, rand }) =>
      driver.transfer('in', rand.next() < 0.5 ? rand.pick(edgeAmounts) : randomAmount(rand)),
  },
  {
    name: 'transfer out',
    weight: 2,
    run: ({ driver, rand }) =>
      driver.transfer('out', rand.next() < 0.5 ? rand.pick(edgeAmounts) : randomAmount(rand)),
  },
  {
    name: 'market order',
    weight: 3,
    run: ({ driver, rand }) => driver.place(orderOf(rand, rand.pick(symbols), { orderType: 'MO' })),
  },
  {
    name: 'limit order',
    weight: 4,
    run: ({ driver, rand, prices }) => {
      const symbol = rand.pick(symbols)
      const submittedPrice = near(rand, prices.get(symbol) ?? '1', symbol)
      return driver.place(orderOf(rand, symbol, { orderType: 'LO', submittedPrice }))
    },
  },
  {
    name: 'fill (partial or full)',
    weight: 4,
    run: async ({ driver, state, uid, rand }) => {
      const open = openOrders(state, uid)
      if (open.length === 0) return
      const order = rand.pick(open)
      const remaining = new Big(order.quantity).minus(order.filled)
      const quantity =
        rand.next() < 0.5 ? remaining : Big.max(1, remaining.times(rand.next()).floor())
      const limit = order.price ?? order.reservePrice
      // A buy fills at its limit or better (lower), a sell at its limit or better (higher).
      const better = new Big(limit).times(rand.pick(['1', '0.5', '0.9999'])).toDecimalPlaces(4)
      const price =
        order.side === 'Buy' ? Big.max('0.0001', better) : new Big(limit).plus(rand.int(3))
      await driver.fill(order.orderId, quantity.toFixed(), price.toFixed())
    },
  },
  {
    name: 'cancel',
    weight: 2,
    run: async ({ driver, state, uid, rand }) => {
      const open = openOrders(state, uid)
      if (open.length === 0 || !driver.cancel) return
      await driver.cancel(rand.pick(open).orderId)
    },
  },
  {
    name: 'set price',
    weight: 1,
    run: async ({ driver, rand, prices }) => {
      const symbol = rand.pick(symbols)
      const price = rand.pick(edgePrices)
      prices.set(symbol, price)
      driver.setPrice(symbol, price)
    },
  },
  {
    name: 'set fee rate',
    weight: 1,
    run: async ({ driver, rand }) => driver.setFeeRate(rand.pick(feeRates)),
  },
]

/** A step drawn by weight. */
export function drawStep(rand: Generator, table: readonly Step[] = steps): Step {
  const total = table.reduce((sum, step) => sum + step.weight, 0)
  let at = rand.next() * total
  for (const step of table) {
    at -= step.weight
    if (at < 0) return step
  }
  return table[table.length - 1] as Step
}

/**
 * The checker: its own totals (fees, net cost and quantity per symbol) from the executions the
 * sandbox recorded, at the fee rate the walk set, compared with the sandbox's state.
 */
export function conservation(state: SandboxState, uid: string, deposits: string) {
  const sp = stockplusOf(state)
  let seen = 0
  let orders = 0
  let flowsSeen = 0
  let flows = new Big(0)
  let fees = new Big(0)
  let feeRate = '0'
  const netCost = new Map<string, Big>()
  const held = new Map<string, Big>()
  const sideOf = new Map<string, 'Buy' | 'Sell'>()
  const add = (map: Map<string, Big>, key: string, value: Big) =>
    map.set(key, (map.get(key) ?? new Big(0)).plus(value))
  return {
    /** The fee rate the walk set (the checker's own copy). */
    setFeeRate(rate: string) {
      feeRate = rate
    },
    /** Throws, naming the difference, unless every total is exact. */
    check(label: string) {
      for (; orders < sp.orders.length; orders++) {
        const order = sp.orders[orders]!
        sideOf.set(order.orderId, order.side)
      }
      for (; seen < sp.executions.length; seen++) {
        const e = sp.executions[seen]!
        if (e.uid !== uid) continue
        const notional = new Big(e.price).times(e.quantity).times(multiplierOf(e.symbol))
        const sign = sideOf.get(e.orderId) === 'Buy' ? 1 : -1
        fees = fees.plus(notional.times(feeRate))
        add(netCost, e.symbol, notional.times(sign))
        add(held, e.symbol, new Big(e.quantity).times(sign))
      }
      const account = sp.accounts.get(uid) ?? { cash: '0', frozen: '0', positions: new Map() }
      const coins = state.balances.get(uid)
      const spot = new Big(coins?.get('USDC') ?? '0').plus(coins?.get('USD') ?? '0')
      let total = spot.plus(account.cash).plus(account.frozen)
      for (const cost of netCost.values()) total = total.plus(cost)
      const expected = new Big(deposits).minus(fees)
      const fail = (what: string) => {
        throw new Error(`${label}: ${what}`)
      }
      if (!total.eq(expected))
        fail(
          `spot + cash + frozen + net cost ${total.toFixed()} != deposits - fees ${expected.toFixed()}`,
        )
      if (new Big(account.cash).lt(0) || new Big(account.frozen).lt(0)) fail('negative cash')
      const open = openOrders(state, uid)
      const frozen = open.reduce((sum, o) => sum.plus(o.frozen), new Big(0))
      if (!frozen.eq(account.frozen))
        fail(`frozen ${account.frozen} != open buys ${frozen.toFixed()}`)
      for (const [symbol, quantity] of held) {
        const position = account.positions.get(symbol)
        if (!quantity.eq(position?.quantity ?? '0'))
          fail(`${symbol} quantity ${position?.quantity} != executions ${quantity.toFixed()}`)
        const selling = open
          .filter((o) => o.symbol === symbol && o.side === 'Sell')
          .reduce((sum, o) => sum.plus(o.quantity).minus(o.filled), new Big(0))
        if (!quantity.minus(selling).eq(position?.available ?? '0'))
          fail(`${symbol} available ${position?.available} != held - open sells`)
      }
      for (; flowsSeen < sp.cashFlows.length; flowsSeen++) {
        const flow = sp.cashFlows[flowsSeen]!
        if (flow.uid === uid) flows = flows.plus(flow.amount)
      }
      if (!flows.eq(new Big(account.cash).plus(account.frozen)))
        fail(`cash flows ${flows.toFixed()} != cash + frozen`)
      return { total: total.toFixed(), fees: fees.toFixed() }
    },
  }
}

/** The coins the savings rows move, with what the walk deposits of each on the spot balance. */
export const savingsDeposits = { USDT: '250000.5', BTC: '12.345678' } as const

/** An amount of `scale` units with up to `places` decimals (one more now and then: refused). */
export function savingsAmount(rand: Generator, scale: number, places: number): string {
  const digits = places + rand.int(2)
  const units = rand.int(scale * 10 ** digits) + 1
  return new Big(units).div(new Big(10).pow(digits)).toFixed()
}

/**
 * The savings rows: a subscription to one of the sandbox's products (USDT flexible and fixed,
 * BTC flexible), a redemption of a holding (with nothing held, one the book refuses), and time
 * passing (interest, maturities, payouts; 30 s stays inside the one-minute redeem interval).
 */
export const savingsSteps: readonly Step[] = [
  {
    name: 'savings subscribe',
    weight: 2,
    run: async ({ state, uid, rand }) => {
      const productId = rand.pick(['1001', '1002', '1003'])
      const amount =
        productId === '1003'
          ? savingsAmount(rand, 2, 6)
          : savingsAmount(rand, 3000, productId === '1001' ? 2 : 0)
      return applySavingsStep(state, { kind: 'subscribe', uid, productId, amount })
    },
  },
  {
    name: 'savings redeem',
    weight: 2,
    run: async ({ state, uid, rand }) => {
      const held = savingsOf(state).holdings.filter((h) => h.uid === uid && !h.settled)
      const holding = held.length > 0 ? rand.pick(held) : undefined
      const product = holding?.product
      return applySavingsStep(state, {
        kind: 'redeem',
        uid,
        productId: product?.productId ?? '1001',
        periodType: product?.periodType ?? 'flexible',
        orderId: holding?.id,
        amount: product?.coin === 'BTC' ? savingsAmount(rand, 1, 6) : savingsAmount(rand, 500, 2),
      })
    },
  },
  {
    name: 'time passes (interest)',
    weight: 1,
    run: async ({ state, rand }) =>
      applySavingsStep(state, {
        kind: 'advance',
        ms: rand.pick([30_000, 61_000, 3_600_000, 86_400_000, 5 * 86_400_000]),
      }),
  },
]

/**
 * The savings checker: for each coin of {@link savingsDeposits}, spot + held + pending
 * redemptions = deposits + interest, exactly, and no part negative.
 */
export function savingsConservation(state: SandboxState, uid: string) {
  return {
    check(label: string) {
      for (const [coin, deposit] of Object.entries(savingsDeposits)) {
        const { spot, held, pending, interest } = savingsTotals(state, uid, coin)
        const total = new Big(spot).plus(held).plus(pending)
        const expected = new Big(deposit).plus(interest)
        if (!total.eq(expected))
          throw new Error(
            `${label}: ${coin} spot + held + pending ${total.toFixed()} != deposits + interest ${expected.toFixed()}`,
          )
        for (const part of [spot, held, pending, interest])
          if (new Big(part).lt(0)) throw new Error(`${label}: ${coin} negative part ${part}`)
      }
    },
  }
}
