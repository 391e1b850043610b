/**
 * The securities (stockplus) part of the sandbox admin handle: numbers mode, cash, positions,
 * executions, the fee rate and fills of open orders, on the exact state of `stockplusBook.ts`.
 */
import { Big } from '@tradeline/rules/big'
import { AdminInputError, adminBounds, refuse } from './adminInput.js'
import { settle } from './exchange/settle.js'
import { type NumbersAs, priceOf } from './exchange/stockplus.js'
import { execute, multiplierOf, stockAccountOf, stockplusOf } from './exchange/stockplusBook.js'
import type { SandboxState } from './state.js'

/** The securities operations of the admin handle. */
export type StockplusAdmin = {
  /** Answers the numeric fields of stockplus records as JSON strings or JSON numbers. */
  setNumbersAs(as: NumbersAs): void
  /** Sets the available USD cash of an account's securities account (the first account by default). */
  setStockCash(amount: string, uid?: string | undefined): void
  /**
   * Sets a position of the securities account (`quantity` 0 removes it; all of it available);
   * its cost is `costPrice` x quantity x multiplier.
   */
  setStockPosition(position: {
    symbol: string
    quantity: number | string
    costPrice?: number | string | undefined
    uid?: string | undefined
  }): void
  /**
   * Seeds `count` executions of the securities account spread evenly over `[from, to]` (Unix
   * ms), for history-executions tests (`hasMore` past 1000); each its own order.
   */
  seedExecutions(seed: {
    count: number
    from: number
    to: number
    symbol?: string | undefined
    price?: number | undefined
    quantity?: number | undefined
    uid?: string | undefined
  }): number
  /**
   * The executions of a securities account (the first account's by default), oldest first: the
   * sandbox's own records, quantity and price as JSON numbers (the state keeps exact strings).
   */
  stockExecutions(uid?: string | undefined): {
    orderId: string
    tradeId: string
    symbol: string
    time: number
    quantity: number
    price: number
  }[]
  /**
   * Sets the commission of a securities execution, a fraction of its notional (`'0'`, the
   * default, charges none): each execution then writes a fee to the cash flow.
   */
  setStockFeeRate(rate: string): void
  /**
   * Executes `quantity` (the whole remainder by default) of an open securities order at `price`
   * (its limit price, else the current price, by default): a partial fill leaves it open.
   */
  fillStockOrder(fill: {
    orderId: string
    quantity?: string | undefined
    price?: string | undefined
  }): { tradeId: string; quantity: string; price: string }
}

const decimal = /^\d+(\.\d+)?$/

/** A whole number >= 0 given as a number or a decimal string, exactly; `undefined` otherwise. */
function wholeDecimal(value: number | string): Big | undefined {
  const text = String(value)
  if (!decimal.test(text) || (typeof value === 'number' && !Number.isSafeInteger(value))) return
  const whole = new Big(text)
  return whole.isInteger() ? whole : undefined
}

/** The securities operations of the admin handle of a sandbox. */
export function stockplusAdmin(state: SandboxState, firstUid: () => string): StockplusAdmin {
  return {
    setNumbersAs(as) {
      if (as !== 'string' && as !== 'number')
        throw refuse(new TypeError('numbersAs is string or number'))
      stockplusOf(state).numbersAs = as
    },
    setStockCash(amount, uid) {
      if (typeof amount !== 'string' || !decimal.test(amount))
        throw refuse(new TypeError('amount must be a decimal string'))
      stockAccountOf(state, uid ?? firstUid()).cash = new Big(amount).toFixed()
    },
    setStockPosition({ symbol, quantity, costPrice, uid }) {
      const count = wholeDecimal(quantity)
      if (count === undefined) throw refuse(new TypeError('quantity is a whole number >= 0'))
      const { positions } = stockAccountOf(state, uid ?? firstUid())
      if (count.isZero()) positions.delete(symbol)
      else {
        const cost = new Big(costPrice ?? 0).times(count).times(multiplierOf(symbol)).toFixed()
        positions.set(symbol, { quantity: count.toFixed(), available: count.toFixed(), cost })
      }
    },
    seedExecutions({ count, from, to, symbol = 'AAPL.US', price = 100, quantity = 1, uid }) {
      if (!Number.isInteger(count) || count < 0)
        throw refuse(new TypeError('count is a whole number >= 0'))
      if (!(to >= from)) throw refuse(new TypeError('to must not be before from'))
      const sp = stockplusOf(state)
      if (count > adminBounds.executions || sp.executions.length + count > adminBounds.executions)
        throw new AdminInputError(
          `count: expected at most ${adminBounds.executions - sp.executions.length} more executions (${adminBounds.executions} in all), received ${count}`,
        )
      const owner = uid ?? firstUid()
      for (let i = 0; i < count; i++) {
        const time = count === 1 ? from : Math.round(from + ((to - from) * i) / (count - 1))
        sp.executions.push({
          uid: owner,
          orderId: state.ids.orderId(),
          tradeId: String(5_000_000_000 + ++sp.sequence),
          symbol,
          time,
          quantity: String(quantity),
          price: String(price),
        })
      }
      return count
    },
    stockExecutions(uid) {
      const owner = uid ?? firstUid()
      return stockplusOf(state)
        .executions.filter((execution) => execution.uid === owner)
        .map(({ orderId, tradeId, symbol, time, quantity, price }) => ({
          orderId,
          tradeId,
          symbol,
          time,
          quantity: Number(quantity),
          price: Number(price),
        }))
        .sort((a, b) => a.time - b.time)
    },
    setStockFeeRate(rate) {
      if (typeof rate !== 'string' || !decimal.test(rate) || new Big(rate).gte(1))
        throw refuse(new TypeError('rate is a decimal string from 0 to below 1'))
      stockplusOf(state).feeRate = new Big(rate).toFixed()
    },
    fillStockOrder({ orderId, quantity, price }) {
      // An order past its time in force lapsed before this fill (stockplusSessions.ts).
      settle(state)
      const order = stockplusOf(state).orders.find((o) => o.orderId === orderId)
      if (order?.status !== 'open') throw refuse(new TypeError(`no open order ${orderId}`))
      const remaining = new Big(order.quantity).minus(order.filled)
      const count = quantity === undefined ? remaining : wholeDecimal(quantity)
      if (count === undefined || count.isZero() || count.gt(remaining))
        throw refuse(new TypeError(`quantity is a whole number from 1 to ${remaining.toFixed()}`))
      const at = price ?? order.price ?? priceOf(state, order.symbol)
      if (at === undefined || !decimal.test(at))
        throw refuse(new TypeError('price is a decimal string'))
      const done = execute(state, order, at, state.clock.now(), count.toFixed())
      return { tradeId: done.tradeId, quantity: done.quantity, price: done.price }
    },
  }
}
