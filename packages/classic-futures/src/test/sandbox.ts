/** Test helpers: a sandbox on loopback and classic clients of it. Never part of the build. */
import { startSandbox } from '@tradeline/sandbox'
import { createClassicFuturesClient } from '../createClassicFuturesClient.js'

/** The reads a client makes for its checks. */
const loadIds = new Set(['classic.getContracts', 'classic.getAccount'])

/** Starts a strict sandbox without rate limits (unless asked) and returns it with a client factory. */
export async function setup(options: Parameters<typeof startSandbox>[0] = {}) {
  // A classic account: a unified one's key gets 40085 from every classic private endpoint.
  const sandbox = await startSandbox({
    port: 0,
    rateLimits: false,
    strict: true,
    accountMode: 'classic',
    ...options,
  })
  /**
   * A client of the sandbox's first key; `sent` lists the calls it sends, `loads` the reads it
   * makes for its checks (contracts, and the account for the position mode).
   */
  const client = (extra: createClassicFuturesClient.Parameters = {}) => {
    const sent: string[] = []
    const loads: string[] = []
    const made = createClassicFuturesClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      hooks: {
        request: (view) => void (loadIds.has(view.endpoint) ? loads : sent).push(view.endpoint),
      },
      ...extra,
    })
    return Object.assign(made, { sent, loads })
  }
  return { sandbox, client }
}

/** A resting limit buy of BTCUSDT far below the market. */
export const restingBuy = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  side: 'buy',
  orderType: 'limit',
  price: '30000',
} as const

/** A trigger order (normal_plan) buying 0.01 BTCUSDT at market when the last price reaches 66000. */
export const triggerBuy = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  planType: 'normal_plan',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  triggerPrice: '66000',
  triggerType: 'fill_price',
  side: 'buy',
  orderType: 'market',
} as const
