import { createTransport, type RateLimiter, type Transport } from '@tradeline/core'
import { createRateLimiter } from '@tradeline/rate-limit'
import { Options } from '@tradeline/rules'
import { getDepth } from './actions/getDepth.js'
import { getExecutions } from './actions/getExecutions.js'
import { getFunds } from './actions/getFunds.js'
import { getIntraday } from './actions/getIntraday.js'
import { getOptionQuote } from './actions/getOptionQuote.js'
import { getPositions } from './actions/getPositions.js'
import { getStatic } from './actions/getStatic.js'
import { getTrades } from './actions/getTrades.js'
import { iterateExecutions } from './actions/iterateExecutions.js'
import { placeOrder } from './actions/placeOrder.js'
import { transfer } from './actions/transfer.js'
import type { ClientBase, ClientConfig } from './internal/client.js'
import { version } from './version.js'

type Fn<f extends (client: ClientBase, ...rest: any[]) => unknown> = f extends (
  client: ClientBase,
  ...rest: infer rest
) => infer result
  ? (...rest: rest) => result
  : never

/** The securities and options client: actions grouped by resource, over one transport. */
export type SecuritiesClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** Stock and option orders. */
  readonly orders: {
    /** {@link placeOrder} */ place: Fn<typeof placeOrder>
  }
  /** Market data (one shared budget: 10 per second, 5 in flight). */
  readonly market: {
    /** {@link getDepth} */ depth: Fn<typeof getDepth>
    /** {@link getTrades} */ trades: Fn<typeof getTrades>
    /** {@link getIntraday} */ intraday: Fn<typeof getIntraday>
    /** {@link getStatic}: any number of symbols. */ static: Fn<typeof getStatic>
    /** {@link getOptionQuote}: any number of option symbols. */ optionQuote: Fn<
      typeof getOptionQuote
    >
  }
  /** The securities account. */
  readonly account: {
    /** {@link getFunds} */ funds: Fn<typeof getFunds>
    /** {@link getPositions} */ positions: Fn<typeof getPositions>
  }
  /** Historical executions. */
  readonly executions: {
    /** {@link getExecutions}: one page. */ history: Fn<typeof getExecutions>
    /** {@link iterateExecutions}: any range, each execution once. */ iterate: Fn<
      typeof iterateExecutions
    >
  }
  /** {@link transfer}: between the spot account and the securities account. */
  readonly transfer: Fn<typeof transfer>
}

/**
 * Creates a client of the securities and options brokerage (spec Part B, `/api/v3/stockplus`):
 * orders, market data, option quotes, funds, positions, executions and transfers.
 *
 * @example
 * import { createSecuritiesClient } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials: { apiKey, secret, passphrase } })
 * await client.market.depth({ symbol: 'AAPL.US' }) // { asks: [...], bids: [...] }
 */
export function createSecuritiesClient(
  options: createSecuritiesClient.Parameters = {},
): createSecuritiesClient.ReturnType {
  // Every numeric option (timeout, retry) before anything is created.
  Options.assert('createSecuritiesClient', Options.transport, options)
  const { transport: given, rateLimiter, ...transportOptions } = options
  const transport =
    given ??
    createTransport({
      product: { name: 'securities', version },
      ...transportOptions,
      ...(rateLimiter !== false && { rateLimiter: rateLimiter ?? createRateLimiter() }),
    })
  const config: ClientConfig = Object.freeze({
    ...(options.signal !== undefined && { signal: options.signal }),
    ...(options.clock !== undefined && { clock: options.clock }),
  })
  const c: ClientBase = { transport, config }
  return {
    transport,
    config,
    orders: { place: (p, o) => placeOrder(c, p, o ?? {}) },
    market: {
      depth: (p, o) => getDepth(c, p, o ?? {}),
      trades: (p, o) => getTrades(c, p, o ?? {}),
      intraday: (p, o) => getIntraday(c, p, o ?? {}),
      static: (p, o) => getStatic(c, p, o ?? {}),
      optionQuote: (p, o) => getOptionQuote(c, p, o ?? {}),
    },
    account: {
      funds: (p, o) => getFunds(c, p, o ?? {}),
      positions: (p, o) => getPositions(c, p, o ?? {}),
    },
    executions: {
      history: (p, o) => getExecutions(c, p, o ?? {}),
      iterate: (p, o) => iterateExecutions(c, p, o ?? {}),
    },
    transfer: (p, o) => transfer(c, p, o ?? {}),
  }
}

export declare namespace createSecuritiesClient {
  type Parameters = Omit<createTransport.Parameters, 'rateLimiter'> & {
    /** A transport to share with other clients; the transport options are then ignored. @default a new transport */
    transport?: Transport | undefined
    /**
     * Asked before every call for its endpoint's budgets (the rules' rate-limit table). Pass one
     * limiter to every client of an account, or `false` for none.
     * @default a new in-memory `createRateLimiter()` of `@tradeline/rate-limit`
     */
    rateLimiter?: RateLimiter | false | undefined
  }
  type ReturnType = SecuritiesClient
  type ErrorType = import('@tradeline/core').BaseError
}
