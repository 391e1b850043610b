import { bindActions, extendClient, type BoundAction as Fn } from '@tradeline/core'
import { assertFactoryOptions } from '@tradeline/core/internal'
import { type Instrument, Options } from '@tradeline/rules/shared'
import { cancelAllOrders } from './actions/cancelAllOrders.js'
import { cancelBatch } from './actions/cancelBatch.js'
import { cancelOrder } from './actions/cancelOrder.js'
import { cancelOrders } from './actions/cancelOrders.js'
import { cancelStrategyOrder } from './actions/cancelStrategyOrder.js'
// Ledger: financial records, position history, close positions, funding rates.
import { closePositions } from './actions/closePositions.js'
import { getAccountAssets } from './actions/getAccountAssets.js'
import { getAccountInfo } from './actions/getAccountInfo.js'
import { getAccountSettings } from './actions/getAccountSettings.js'
import { getAdlRank } from './actions/getAdlRank.js'
// Market data reads.
import { getCandles } from './actions/getCandles.js'
import { getCurrentPosition } from './actions/getCurrentPosition.js'
import { getDepositAddress } from './actions/getDepositAddress.js'
import { getDepositRecords } from './actions/getDepositRecords.js'
import { getFeeRate } from './actions/getFeeRate.js'
import { getFills } from './actions/getFills.js'
import { getFinancialRecords } from './actions/getFinancialRecords.js'
import { getFundingAssets } from './actions/getFundingAssets.js'
import { getFundingRate } from './actions/getFundingRate.js'
import { getFundingRateHistory } from './actions/getFundingRateHistory.js'
import { getHistoryCandles } from './actions/getHistoryCandles.js'
import { getInstruments } from './actions/getInstruments.js'
import { getMarketStates } from './actions/getMarketStates.js'
// account settings and margin
import { getMaxOpenAvailable } from './actions/getMaxOpenAvailable.js'
import { getMaxTransferable } from './actions/getMaxTransferable.js'
import { getMaxWithdrawal } from './actions/getMaxWithdrawal.js'
import { getOpenInterest } from './actions/getOpenInterest.js'
import { getOpenInterestLimit } from './actions/getOpenInterestLimit.js'
import { getOpenOrders } from './actions/getOpenOrders.js'
import { getOpenStrategyOrders } from './actions/getOpenStrategyOrders.js'
import { getOrderBook } from './actions/getOrderBook.js'
import { getOrderHistory } from './actions/getOrderHistory.js'
import { getOrderInfo } from './actions/getOrderInfo.js'
import { getPositionHistory } from './actions/getPositionHistory.js'
import { getPositionTier } from './actions/getPositionTier.js'
import { getPublicFills } from './actions/getPublicFills.js'
import { getRealityFills } from './actions/getRealityFills.js'
import { getRiskReserve } from './actions/getRiskReserve.js'
import { getStrategyOrderHistory } from './actions/getStrategyOrderHistory.js'
import { getTickers } from './actions/getTickers.js'
import { getTransferableCoins } from './actions/getTransferableCoins.js'
import { getWithdrawalRecords } from './actions/getWithdrawalRecords.js'
import { modifyBatch } from './actions/modifyBatch.js'
import { modifyOrder } from './actions/modifyOrder.js'
import { modifyOrders } from './actions/modifyOrders.js'
import { modifyStrategyOrder } from './actions/modifyStrategyOrder.js'
import { placeBatch } from './actions/placeBatch.js'
import { placeOrder } from './actions/placeOrder.js'
import { placeOrders } from './actions/placeOrders.js'
import { placeStrategyOrder } from './actions/placeStrategyOrder.js'
import { armCountdown, disarmCountdown, setCountdown } from './actions/setCountdown.js'
import { setHoldMode } from './actions/setHoldMode.js'
import { setLeverage } from './actions/setLeverage.js'
import { setMargin } from './actions/setMargin.js'
import { transfer } from './actions/transfer.js'
import { withdraw } from './actions/withdraw.js'
import { createUnifiedBaseClient, type UnifiedBaseClient } from './createUnifiedBaseClient.js'
import { DeadManSwitch } from './DeadManSwitch.js'
import type { ClientConfig } from './internal/call.js'
import { instrumentOf } from './internal/context.js'

/**
 * The unified-account client: actions grouped by resource, over one transport. It brings
 * every action into a bundle; `createUnifiedBaseClient` and the standalone actions bring only
 * those an app imports.
 */
export type UnifiedClient = UnifiedBaseClient & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** Single orders and order reads. */
  readonly orders: {
    /** {@link placeOrder} */ place: Fn<typeof placeOrder>
    /** {@link modifyOrder} */ modify: Fn<typeof modifyOrder>
    /** {@link cancelOrder} */ cancel: Fn<typeof cancelOrder>
    /** {@link cancelAllOrders} */ cancelAll: Fn<typeof cancelAllOrders>
    /** {@link getOrderInfo} */ get: Fn<typeof getOrderInfo>
    /** {@link getOpenOrders} */ getOpen: Fn<typeof getOpenOrders>
    /** {@link getOrderHistory} */ getHistory: Fn<typeof getOrderHistory>
    /** {@link getFills} */ getFills: Fn<typeof getFills>
    /** {@link closePositions} (at the market) */ closePositions: Fn<typeof closePositions>
  }
  /** Many orders at once. */
  readonly batch: {
    /** {@link placeOrders}: any number, in batches of 20. */ place: Fn<typeof placeOrders>
    /** {@link modifyOrders}: any number, in batches of 20. */ modify: Fn<typeof modifyOrders>
    /** {@link cancelOrders}: any number, in batches of 20. */ cancel: Fn<typeof cancelOrders>
    /** {@link placeBatch}: one batch. */ placeOne: Fn<typeof placeBatch>
    /** {@link modifyBatch}: one batch. */ modifyOne: Fn<typeof modifyBatch>
    /** {@link cancelBatch}: one batch. */ cancelOne: Fn<typeof cancelBatch>
  }
  /** Strategy orders. */
  readonly strategy: {
    /** {@link placeStrategyOrder} */ place: Fn<typeof placeStrategyOrder>
    /** {@link modifyStrategyOrder} */ modify: Fn<typeof modifyStrategyOrder>
    /** {@link cancelStrategyOrder} */ cancel: Fn<typeof cancelStrategyOrder>
    /** {@link getOpenStrategyOrders} */ getOpen: Fn<typeof getOpenStrategyOrders>
    /** {@link getStrategyOrderHistory} */ getHistory: Fn<typeof getStrategyOrderHistory>
  }
  /** The countdown (dead-man) switch. */
  readonly countdown: {
    /** {@link setCountdown} */ set: Fn<typeof setCountdown>
    /** {@link armCountdown} */ arm: Fn<typeof armCountdown>
    /** {@link disarmCountdown} */ disarm: Fn<typeof disarmCountdown>
    /** Starts a {@link DeadManSwitch} keeper and resolves once the switch is armed. */
    keep(options?: DeadManSwitch.Options): Promise<DeadManSwitch>
  }
  /** The instruments (and account settings) the client loads for its checks. */
  readonly instruments: {
    /** Loads the instruments of `categories` (every category when absent) and the account settings now, instead of on first use. */
    load(categories?: readonly string[] | undefined): Promise<void>
    /** The instrument of `symbol` in `category` as the client checks it (loading its list when needed). */
    get(symbol: string, category: string): Promise<Instrument | undefined>
    /** Forgets what was loaded; the next check loads again. */
    clear(): void
  }
  /** Market data. */
  readonly market: {
    /** {@link getMarketStates} */ getStates: Fn<typeof getMarketStates>
    /** {@link getInstruments} */ getInstruments: Fn<typeof getInstruments>
    /** {@link getTickers} */ getTickers: Fn<typeof getTickers>
    /** {@link getFundingRate} */ getFundingRate: Fn<typeof getFundingRate>
    /** {@link getFundingRateHistory} */ getFundingRateHistory: Fn<typeof getFundingRateHistory>
    // Market data reads.
    /** {@link getCandles} */ getCandles: Fn<typeof getCandles>
    /** {@link getHistoryCandles} */ getHistoryCandles: Fn<typeof getHistoryCandles>
    /** {@link getOrderBook} */ getOrderBook: Fn<typeof getOrderBook>
    /** {@link getPublicFills} (recent public fills) */ getPublicFills: Fn<typeof getPublicFills>
    /** {@link getOpenInterest} */ getOpenInterest: Fn<typeof getOpenInterest>
    /** {@link getRiskReserve} */ getRiskReserve: Fn<typeof getRiskReserve>
    /** {@link getPositionTier} */ getPositionTier: Fn<typeof getPositionTier>
  }
  /** Account data. */
  readonly account: {
    /** {@link getRealityFills} */ getRealityFills: Fn<typeof getRealityFills>
    /** {@link getAccountSettings} */ getSettings: Fn<typeof getAccountSettings>
    /** {@link getAccountAssets} */ getAssets: Fn<typeof getAccountAssets>
    /** {@link getCurrentPosition} */ getPositions: Fn<typeof getCurrentPosition>
    /** {@link getAdlRank} */ getAdlRank: Fn<typeof getAdlRank>
    /** {@link getFinancialRecords} */ getFinancialRecords: Fn<typeof getFinancialRecords>
    /** {@link getPositionHistory} */ getPositionHistory: Fn<typeof getPositionHistory>
    /** {@link setLeverage} */ setLeverage: Fn<typeof setLeverage>
    /** {@link setHoldMode} */ setHoldMode: Fn<typeof setHoldMode>
    /** {@link getMaxOpenAvailable} */ getMaxOpenAvailable: Fn<typeof getMaxOpenAvailable>
    /** {@link setMargin} */ setMargin: Fn<typeof setMargin>
    /** {@link getFeeRate} */ getFeeRate: Fn<typeof getFeeRate>
    // Funds: transfers in and out of the unified account, the funding account, what may move.
    /** {@link transfer} (never resent: see its doc) */ transfer: Fn<typeof transfer>
    /** {@link getFundingAssets} */ getFundingAssets: Fn<typeof getFundingAssets>
    /** {@link getMaxTransferable} */ getMaxTransferable: Fn<typeof getMaxTransferable>
    /** {@link getTransferableCoins} */ getTransferableCoins: Fn<typeof getTransferableCoins>
    // The account itself: who it and the key are, how much may be withdrawn, the OI limits.
    /** {@link getAccountInfo} */ getInfo: Fn<typeof getAccountInfo>
    /** {@link getMaxWithdrawal} */ getMaxWithdrawal: Fn<typeof getMaxWithdrawal>
    /** {@link getOpenInterestLimit} */ getOpenInterestLimit: Fn<typeof getOpenInterestLimit>
    // Deposits and withdrawals: the deposit address and records, the withdrawal and its records.
    /** {@link getDepositAddress} */ getDepositAddress: Fn<typeof getDepositAddress>
    /** {@link getDepositRecords} */ getDepositRecords: Fn<typeof getDepositRecords>
    /** {@link withdraw} (never sent twice: see its doc) */ withdraw: Fn<typeof withdraw>
    /** {@link getWithdrawalRecords} */ getWithdrawalRecords: Fn<typeof getWithdrawalRecords>
  }
}

/** The grouped methods the client adds to the base client. */
type Groups = Omit<UnifiedClient, keyof UnifiedBaseClient>

/**
 * Creates a client of the unified account: orders, batches, strategy orders, the
 * countdown switch, market states and rToken fills.
 *
 * @param options The client's options, each listed below with its default.
 * @example
 * import { createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials: { apiKey, secret, passphrase } })
 * await client.orders.getOpen({ category: 'SPOT' }) // { list: [], cursor: '' }
 */
export function createUnifiedClient(
  options: createUnifiedClient.Parameters = {},
): createUnifiedClient.ReturnType {
  assertFactoryOptions('createUnifiedClient', Options.tradingClient, options)
  return extendClient(
    createUnifiedBaseClient(options),
    (c): Groups => ({
      orders: bindActions(c, {
        place: placeOrder,
        modify: modifyOrder,
        cancel: cancelOrder,
        cancelAll: cancelAllOrders,
        get: getOrderInfo,
        getOpen: getOpenOrders,
        getHistory: getOrderHistory,
        getFills,
        closePositions,
      }),
      batch: bindActions(c, {
        place: placeOrders,
        modify: modifyOrders,
        cancel: cancelOrders,
        placeOne: placeBatch,
        modifyOne: modifyBatch,
        cancelOne: cancelBatch,
      }),
      strategy: bindActions(c, {
        place: placeStrategyOrder,
        modify: modifyStrategyOrder,
        cancel: cancelStrategyOrder,
        getOpen: getOpenStrategyOrders,
        getHistory: getStrategyOrderHistory,
      }),
      countdown: {
        ...bindActions(c, { set: setCountdown, arm: armCountdown }),
        // Options only: bound by hand (a `null` is none, as everywhere).
        disarm: (o) => disarmCountdown(c, o ?? {}),
        keep: async (o) => {
          const keeper = new DeadManSwitch(c, o ?? {})
          await keeper.start()
          return keeper
        },
      },
      instruments: {
        load: (categories) => c.loaded.load(categories),
        get: (symbol, category) => instrumentOf(c, symbol, category),
        clear: () => c.loaded.clear(),
      },
      market: {
        getStates: (o) => getMarketStates(c, o ?? {}),
        ...bindActions(c, { getInstruments, getTickers, getFundingRate, getFundingRateHistory }),
        // Market data reads.
        ...bindActions(c, {
          getCandles,
          getHistoryCandles,
          getOrderBook,
          getPublicFills,
          getOpenInterest,
          getRiskReserve,
          getPositionTier,
        }),
      },
      account: bindActions(c, {
        getRealityFills,
        getSettings: getAccountSettings,
        getAssets: getAccountAssets,
        getPositions: getCurrentPosition,
        getAdlRank,
        getFinancialRecords,
        getPositionHistory,
        setLeverage,
        setHoldMode,
        getMaxOpenAvailable,
        setMargin,
        getFeeRate,
        transfer,
        getFundingAssets,
        getMaxTransferable,
        getTransferableCoins,
        getInfo: getAccountInfo,
        getMaxWithdrawal,
        getOpenInterestLimit,
        getDepositAddress,
        getDepositRecords,
        withdraw,
        getWithdrawalRecords,
      }),
    }),
  )
}

export declare namespace createUnifiedClient {
  type Parameters = createUnifiedBaseClient.Parameters
  type ReturnType = UnifiedClient
  type ErrorType = import('@tradeline/core').BaseError
}
