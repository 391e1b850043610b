import {
  bindActions,
  createClientBase,
  extendClient,
  type BoundAction as Fn,
} from '@tradeline/core'
import { assertFactoryOptions, requireArgument } from '@tradeline/core/internal'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import { Endpoint, type Instrument, Options, RateLimits } from '@tradeline/rules/shared'
import { cancelAllOrders } from './actions/cancelAllOrders.js'
import { cancelBatch } from './actions/cancelBatch.js'
import { cancelOrder } from './actions/cancelOrder.js'
import { cancelOrders } from './actions/cancelOrders.js'
// classic plan (trigger) and take-profit/stop-loss orders
import { cancelPlanOrder } from './actions/cancelPlanOrder.js'
import { closePositions } from './actions/closePositions.js'
// account settings and margin
import { getAccount } from './actions/getAccount.js'
// Ledger: bills, fill history, single and historical positions, funding rates.
import { getAccountBills } from './actions/getAccountBills.js'
import { getAccountLongShort } from './actions/getAccountLongShort.js'
import { getAccounts } from './actions/getAccounts.js'
import { getAdlRank } from './actions/getAdlRank.js'
import { getCandles } from './actions/getCandles.js'
import { getContracts } from './actions/getContracts.js'
import { getDepth } from './actions/getDepth.js'
import { getFillHistory } from './actions/getFillHistory.js'
import { getFills } from './actions/getFills.js'
import { getFundingRate } from './actions/getFundingRate.js'
import { getFundingRateHistory } from './actions/getFundingRateHistory.js'
import { getFundingTime } from './actions/getFundingTime.js'
import { getHistoryCandles } from './actions/getHistoryCandles.js'
import { getHistoryIndexCandles } from './actions/getHistoryIndexCandles.js'
import { getHistoryMarkCandles } from './actions/getHistoryMarkCandles.js'
import { getHistoryTrades } from './actions/getHistoryTrades.js'
import { getLiquidationPrice } from './actions/getLiquidationPrice.js'
import { getLongShort } from './actions/getLongShort.js'
import { getMaxOpen } from './actions/getMaxOpen.js'
import { getOpenCount } from './actions/getOpenCount.js'
import { getOpenInterest } from './actions/getOpenInterest.js'
import { getOrder } from './actions/getOrder.js'
import { getOrderHistory } from './actions/getOrderHistory.js'
import { getPendingOrders } from './actions/getPendingOrders.js'
import { getPendingPlanOrders } from './actions/getPendingPlanOrders.js'
import { getPlanOrderHistory } from './actions/getPlanOrderHistory.js'
import { getPlanSubOrders } from './actions/getPlanSubOrders.js'
import { getPosition } from './actions/getPosition.js'
import { getPositionHistory } from './actions/getPositionHistory.js'
import { getPositionLongShort } from './actions/getPositionLongShort.js'
import { getPositions } from './actions/getPositions.js'
import { getPositionTier } from './actions/getPositionTier.js'
import { getPrices } from './actions/getPrices.js'
import { getTakerBuySell } from './actions/getTakerBuySell.js'
import { getTicker } from './actions/getTicker.js'
// Market data reads.
import { getTickers } from './actions/getTickers.js'
import { getTradeRate } from './actions/getTradeRate.js'
import { getTrades } from './actions/getTrades.js'
import { getTransferRecords } from './actions/getTransferRecords.js'
import { getVipFeeRates } from './actions/getVipFeeRates.js'
import { modifyOrder } from './actions/modifyOrder.js'
import { modifyPlanOrder } from './actions/modifyPlanOrder.js'
import { modifyTpslOrder } from './actions/modifyTpslOrder.js'
import { placeBatch } from './actions/placeBatch.js'
import { placeOrder } from './actions/placeOrder.js'
import { placeOrders } from './actions/placeOrders.js'
import { placePlanOrder } from './actions/placePlanOrder.js'
import { placePositionTpsl } from './actions/placePositionTpsl.js'
import { placeTpslOrder } from './actions/placeTpslOrder.js'
import { reverseOrder } from './actions/reverseOrder.js'
import { setAutoMargin } from './actions/setAutoMargin.js'
import { setLeverage } from './actions/setLeverage.js'
import { setMargin } from './actions/setMargin.js'
import { setMarginMode } from './actions/setMarginMode.js'
import { setPositionMode } from './actions/setPositionMode.js'
import { transfer } from './actions/transfer.js'
import {
  type ClientBase,
  type ClientConfig,
  createAccountModes,
  createContracts,
  type Instruments,
  instrumentOf,
  type PositionModes,
} from './internal/client.js'
import { version } from './version.js'

/** The classic-account futures client: actions grouped by resource, over one transport. */
export type ClassicFuturesClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** Single orders and order reads. */
  readonly orders: {
    /** {@link placeOrder} */ place: Fn<typeof placeOrder>
    /** {@link reverseOrder} (click-backhand) */ reverse: Fn<typeof reverseOrder>
    /** {@link modifyOrder} */ modify: modifyOrder.Bound
    /** {@link cancelOrder} */ cancel: Fn<typeof cancelOrder>
    /** {@link getOrder} (order detail) */ get: Fn<typeof getOrder>
    /** {@link getPendingOrders} */ getPending: Fn<typeof getPendingOrders>
    /** {@link getOrderHistory} (filled and canceled orders) */ getHistory: Fn<
      typeof getOrderHistory
    >
    /** {@link getFills} */ getFills: Fn<typeof getFills>
    /** {@link cancelAllOrders} */ cancelAll: Fn<typeof cancelAllOrders>
    /** {@link closePositions} (flash close) */ closePositions: Fn<typeof closePositions>
    /** {@link getFillHistory} */ getFillHistory: Fn<typeof getFillHistory>
  }
  /** Many orders at once. */
  readonly batch: {
    /** {@link placeOrders}: any number, in batches of 50. */ place: Fn<typeof placeOrders>
    /** {@link placeBatch}: one batch. */ placeOne: Fn<typeof placeBatch>
    /** {@link cancelOrders}: any number, in batches of 50. */ cancel: Fn<typeof cancelOrders>
    /** {@link cancelBatch}: one batch. */ cancelOne: Fn<typeof cancelBatch>
  }
  /** @deprecated The positions moved to `account` (`getPositions`, `getPosition`, `getPositionHistory`), as in the other clients; this group goes in the next minor version. */
  readonly positions: {
    /** @deprecated Use `account.getPositions` (the same function); `positions` goes in the next minor version. */
    getAll: Fn<typeof getPositions>
    /** @deprecated Use `account.getPosition` (the same function). */
    get: Fn<typeof getPosition>
    /** @deprecated Use `account.getPositionHistory` (the same function). */
    getHistory: Fn<typeof getPositionHistory>
  }
  /** Market data. */
  readonly market: {
    /** {@link getContracts} */ getContracts: Fn<typeof getContracts>
    // Market data reads.
    /** {@link getTickers} (every symbol of a product type) */ getTickers: Fn<typeof getTickers>
    /** {@link getTicker} */ getTicker: Fn<typeof getTicker>
    /** {@link getCandles} */ getCandles: Fn<typeof getCandles>
    /** {@link getHistoryCandles} */ getHistoryCandles: Fn<typeof getHistoryCandles>
    /** {@link getDepth} (merged depth) */ getDepth: Fn<typeof getDepth>
    /** {@link getTrades} (recent public trades) */ getTrades: Fn<typeof getTrades>
    /** {@link getHistoryTrades} */ getHistoryTrades: Fn<typeof getHistoryTrades>
    /** {@link getOpenInterest} */ getOpenInterest: Fn<typeof getOpenInterest>
    /** {@link getPrices} (last, index, mark) */ getPrices: Fn<typeof getPrices>
    /** {@link getHistoryMarkCandles} */ getHistoryMarkCandles: Fn<typeof getHistoryMarkCandles>
    /** {@link getHistoryIndexCandles} */ getHistoryIndexCandles: Fn<typeof getHistoryIndexCandles>
    /** {@link getFundingTime} (next funding time) */ getFundingTime: Fn<typeof getFundingTime>
    /** {@link getFundingRate} */ getFundingRate: Fn<typeof getFundingRate>
    /** {@link getFundingRateHistory} */ getFundingRateHistory: Fn<typeof getFundingRateHistory>
    /** {@link getPositionTier} (leverage and maintenance margin rate per bracket) */ getPositionTier: Fn<
      typeof getPositionTier
    >
    // Market analytics.
    /** {@link getLongShort} (long/short ratio) */ getLongShort: Fn<typeof getLongShort>
    /** {@link getAccountLongShort} (accounts long and short) */ getAccountLongShort: Fn<
      typeof getAccountLongShort
    >
    /** {@link getPositionLongShort} (positions long and short) */ getPositionLongShort: Fn<
      typeof getPositionLongShort
    >
    /** {@link getTakerBuySell} (taker buy and sell volume) */ getTakerBuySell: Fn<
      typeof getTakerBuySell
    >
    /** {@link getVipFeeRates} (VIP fee schedule) */ getVipFeeRates: Fn<typeof getVipFeeRates>
  }
  /** The account's money. */
  /** Plan orders: trigger orders, trailing stops, take-profit/stop-loss. */
  readonly plans: {
    /** {@link placePlanOrder} */ place: Fn<typeof placePlanOrder>
    /** {@link placeTpslOrder} */ placeTpsl: Fn<typeof placeTpslOrder>
    /** {@link placePositionTpsl} */ placePositionTpsl: Fn<typeof placePositionTpsl>
    /** {@link modifyPlanOrder} */ modify: Fn<typeof modifyPlanOrder>
    /** {@link modifyTpslOrder} */ modifyTpsl: Fn<typeof modifyTpslOrder>
    /** {@link cancelPlanOrder} */ cancel: Fn<typeof cancelPlanOrder>
    /** {@link getPendingPlanOrders} */ getPending: Fn<typeof getPendingPlanOrders>
    /** {@link getPlanOrderHistory} */ getHistory: Fn<typeof getPlanOrderHistory>
    /** {@link getPlanSubOrders} */ getSubOrders: Fn<typeof getPlanSubOrders>
  }
  /** The account: its bills, transfers, balances, leverage, margin mode, position mode, openable size. */
  readonly account: {
    /** {@link getAccountBills} */ getBills: Fn<typeof getAccountBills>
    /** {@link transfer} (between the account's own accounts) */ transfer: Fn<typeof transfer>
    /** {@link getTransferRecords} */ getTransfers: Fn<typeof getTransferRecords>
    /** {@link getAccount} */ get: Fn<typeof getAccount>
    /** {@link getAccounts} */ getAll: Fn<typeof getAccounts>
    /** {@link setLeverage} */ setLeverage: Fn<typeof setLeverage>
    /** {@link setMarginMode} */ setMarginMode: Fn<typeof setMarginMode>
    /** {@link setPositionMode} */ setPositionMode: Fn<typeof setPositionMode>
    /** {@link getMaxOpen} */ getMaxOpen: Fn<typeof getMaxOpen>
    /** {@link getOpenCount} */ getOpenCount: Fn<typeof getOpenCount>
    /** {@link setMargin} (isolated positions) */ setMargin: Fn<typeof setMargin>
    /** {@link getLiquidationPrice} */ getLiquidationPrice: Fn<typeof getLiquidationPrice>
    /** {@link setAutoMargin} (isolated positions) */ setAutoMargin: Fn<typeof setAutoMargin>
    /** {@link getTradeRate} (maker and taker fee rates) */ getTradeRate: Fn<typeof getTradeRate>
    // Positions, named as in the other clients (account.getPositions).
    /** {@link getPositions} */ getPositions: Fn<typeof getPositions>
    /** {@link getPosition} (one symbol) */ getPosition: Fn<typeof getPosition>
    /** {@link getPositionHistory} (closed positions) */ getPositionHistory: Fn<
      typeof getPositionHistory
    >
    /** {@link getAdlRank} (the open positions' auto-deleveraging ranks) */ getAdlRank: Fn<
      typeof getAdlRank
    >
  }
  /** The contracts the client loads for its checks. */
  readonly instruments: {
    /** Loads the contracts of `productTypes` (every product type when absent) now, instead of on first use. */
    load(productTypes?: readonly string[] | undefined): Promise<void>
    /** The instrument of `symbol` as the client checks it (loading its list when needed). */
    get(symbol: string, productType: string): Promise<Instrument | undefined>
    /** Forgets what was loaded; the next check loads again. */
    clear(): void
  }
}

const productTypes = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/** The grouped methods the client adds to its transport, config and contracts. */
type Groups = Omit<ClassicFuturesClient, keyof ClientBase | 'positions'>

/**
 * Creates a client of the classic account's futures: orders, reversal, modify,
 * cancel, batches, pending orders, cancel all, flash close, contracts, account settings.
 *
 * @param options The client's options, each listed below with its default.
 * @example
 * import { createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials: { apiKey, secret, passphrase } })
 * await client.orders.getPending({ productType: 'USDT-FUTURES' }) // { entrustedList: [], endId: null }
 */
export function createClassicFuturesClient(
  options: createClassicFuturesClient.Parameters = {},
): createClassicFuturesClient.ReturnType {
  // Every numeric option (timeout, retry, cacheTtlMs, reconcile) before anything is created.
  assertFactoryOptions('createClassicFuturesClient', Options.tradingClient, options)
  const { instruments, positionMode, eliteTraderPairs, cacheTtlMs, ...rest } = options
  const base = createClientBase(rest, {
    name: 'classic-futures',
    version,
    rateLimits: RateLimits.classicTable,
    createRateLimiter: createRateLimiterFor,
    config: { instruments, positionMode, eliteTraderPairs },
  })
  const cache = { ttlMs: cacheTtlMs, clock: options.clock }
  const contracts = createContracts(base.transport, cache)
  const accountModes = createAccountModes(base.transport, cache)
  const client = extendClient(
    { ...base, contracts, accountModes },
    (c): Groups => ({
      orders: bindActions(c, {
        place: placeOrder,
        reverse: reverseOrder,
        // Typed by `modifyOrder.Bound` in `Groups`: binding's inference keeps only the last
        // overload and would drop the one of `waitForNew: true`.
        modify: modifyOrder as never,
        cancel: cancelOrder,
        get: getOrder,
        getPending: getPendingOrders,
        getHistory: getOrderHistory,
        getFills,
        cancelAll: cancelAllOrders,
        closePositions,
        getFillHistory,
      }),
      batch: bindActions(c, {
        place: placeOrders,
        placeOne: placeBatch,
        cancel: cancelOrders,
        cancelOne: cancelBatch,
      }),
      market: bindActions(c, {
        getContracts,
        // Market data reads.
        getTickers,
        getTicker,
        getCandles,
        getHistoryCandles,
        getDepth,
        getTrades,
        getHistoryTrades,
        getOpenInterest,
        getPrices,
        getHistoryMarkCandles,
        getHistoryIndexCandles,
        getFundingTime,
        getFundingRate,
        getFundingRateHistory,
        getPositionTier,
        // Market analytics.
        getLongShort,
        getAccountLongShort,
        getPositionLongShort,
        getTakerBuySell,
        getVipFeeRates,
      }),
      account: bindActions(c, {
        getBills: getAccountBills,
        transfer,
        getTransfers: getTransferRecords,
        // account settings and margin
        get: getAccount,
        getAll: getAccounts,
        setLeverage,
        setMarginMode,
        setPositionMode,
        getMaxOpen,
        getOpenCount,
        setMargin,
        getLiquidationPrice,
        setAutoMargin,
        getTradeRate,
        // Positions, named as in the other clients.
        getPositions,
        getPosition,
        getPositionHistory,
        getAdlRank,
      }),
      plans: bindActions(c, {
        place: placePlanOrder,
        placeTpsl: placeTpslOrder,
        placePositionTpsl,
        modify: modifyPlanOrder,
        modifyTpsl: modifyTpslOrder,
        cancel: cancelPlanOrder,
        getPending: getPendingPlanOrders,
        getHistory: getPlanOrderHistory,
        getSubOrders: getPlanSubOrders,
      }),
      instruments: {
        load: async (types = productTypes) => {
          // A caller without types may pass anything: refused by name before anything is sent.
          requireArgument(ClassicFutures.getContracts, types, 'array', 'productTypes')
          for (const productType of types as readonly unknown[])
            Endpoint.assert(ClassicFutures.getContracts, { productType })
          await Promise.all(types.map((type) => contracts.get(type.toUpperCase())))
        },
        get: (symbol, productType) => instrumentOf(c, symbol, productType),
        clear: () => contracts.clear(),
      },
    }),
  )
  // The deprecated positions group (one minor version): the same functions, not enumerable.
  Object.defineProperty(client, 'positions', {
    value: {
      getAll: client.account.getPositions,
      get: client.account.getPosition,
      getHistory: client.account.getPositionHistory,
    },
    enumerable: false,
  })
  return client as typeof client & Pick<ClassicFuturesClient, 'positions'>
}

export declare namespace createClassicFuturesClient {
  /**
   * The client's options, each documented here: where it connects and with which key, its
   * transport, limiter and retries, and the checks before an order is sent.
   * @interface
   * @expand
   */
  type Parameters = createClientBase.OrderParameters & {
    /**
     * Instruments for the tick, lot and minimum checks before sending: by default the product
     * type's contracts are loaded on first use (GET /api/v2/mix/market/contracts; tick =
     * `priceEndStep` x 10^-`pricePlace`, lot `sizeMultiplier`, minimum `minTradeNum`) and cached
     * for `cacheTtlMs`; a record by symbol or a loader `(symbol, productType) => Instrument`
     * replaces it; `false` turns the checks off.
     * @default loaded from the exchange
     */
    instruments?: Instruments | false | undefined
    /**
     * The classic account's position mode for the `tradeSide`/`reduceOnly` checks (classic order rule
     * 1): hedge mode needs `tradeSide` on place-order and click-backhand, one-way mode refuses it.
     * By default the mode of each product type is read from the account (`posMode` of
     * GET /api/v2/mix/account/account, with the order's symbol and margin coin) on first use,
     * cached for `cacheTtlMs` and replaced when this client's `setPositionMode` succeeds, read
     * again after a 40774 and when this client's own check refuses an order on its fields with a
     * mode more than a second old (switched elsewhere); a read that fails leaves the order
     * unchecked (the exchange still refuses a mismatch, 40774).
     * `'hedge'` or `'one_way'` for every product type, a record by product type, or a loader
     * `(productType) => mode` overrides it; `false` turns the checks off.
     * @default read from the account
     */
    positionMode?: PositionModes | false | undefined
    /**
     * The pairs an elite trader's copy-trading key may trade on the classic account (the
     * exchange's published list): with it, an order, batch item or reversal of another symbol
     * is refused before sending (a `ValidationError` naming `symbol`; the exchange would answer
     * 40017). The list is not in any read, so the client does not load it.
     * @default none (not checked)
     */
    eliteTraderPairs?: readonly string[] | undefined
    /** How long loaded contracts are kept, in milliseconds. @default 300000 */
    cacheTtlMs?: number | undefined
  }
  type ReturnType = ClassicFuturesClient
  type ErrorType = import('@tradeline/core').BaseError
}
