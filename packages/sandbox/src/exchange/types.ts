/**
 * The exchange's records beyond orders: positions, fills, strategy orders, pending
 * modifications and countdown switches. Prices and quantities are decimal strings.
 */

/** A position: `long`/`short` in hedge mode, `net` (signed size) in one-way mode. */
export type Position = {
  readonly uid: string
  /** `classic` for a position of the classic futures account; absent for the unified account. */
  readonly line?: 'classic' | undefined
  readonly category: string
  readonly symbol: string
  readonly side: 'long' | 'short' | 'net'
  /** Size in the order unit; signed only for `net`. */
  readonly size: string
  readonly entryPrice: string
  /** Unix milliseconds (sandbox clock) of the first fill that opened it; absent when set by hand. */
  readonly createdTime?: number | undefined
  /** Unix milliseconds (sandbox clock) of the last change. */
  readonly updatedTime?: number | undefined
  /**
   * The margin mode of the order that opened it (classic: `crossed` when set by hand; unified:
   * absent when the order named none, then the symbol's setting applies).
   */
  readonly marginMode?: string | undefined
  /** The profit or loss closing fills realised since it opened, in the margin coin. */
  readonly realisedPnl?: string | undefined
  /** Classic: the position's take-profit and stop-loss prices and the ids of their orders. */
  readonly takeProfit?: string | undefined
  readonly stopLoss?: string | undefined
  readonly takeProfitId?: string | undefined
  readonly stopLossId?: string | undefined
}

/** One fill of an order. */
export type Fill = {
  readonly execId: string
  /** `classic` for a fill of a classic futures order; absent for the unified account. */
  readonly line?: 'classic' | undefined
  readonly orderId: string
  readonly clientOid: string
  readonly uid: string
  readonly category: string
  readonly symbol: string
  readonly side: 'buy' | 'sell'
  readonly price: string
  /** In the base coin. */
  readonly qty: string
  /** Unix milliseconds (sandbox clock). */
  readonly ts: number
  /** `taker` when the fill happened as the order arrived, `maker` when it rested first. */
  readonly tradeScope?: 'taker' | 'maker' | undefined
  /** The profit or loss the fill realised (futures closing fills), in the margin coin. */
  readonly pnl?: string | undefined
  /** The fee the fill paid in the margin coin, negative when paid (futures fills; `"0"` without fees). */
  readonly fee?: string | undefined
}

/** Strategy-order types. */
export type StrategyType = 'tpsl' | 'trigger' | 'oco' | 'trailing_stop' | 'iceberg' | 'twap'

/** A strategy order held by the sandbox; `params` keeps the request's type fields. */
export type StrategyOrder = {
  readonly orderId: string
  readonly clientOid: string | null
  readonly uid: string
  readonly category: string
  readonly symbol: string
  readonly type: StrategyType
  readonly status: 'live' | 'triggered' | 'cancelled'
  readonly side?: 'buy' | 'sell' | undefined
  readonly posSide?: 'long' | 'short' | undefined
  readonly qty?: string | undefined
  /** The type's fields as sent (takeProfit, triggerPrice, ocoParams, ...). */
  readonly params: Readonly<Record<string, unknown>>
  /** The price when it was placed: fixes the direction of each trigger. */
  readonly placedAt: string
  readonly triggeredLeg?: 'takeProfit' | 'stopLoss' | 'limit' | 'trigger' | undefined
  readonly orderIds?: readonly string[] | undefined
  readonly createdTime: number
  readonly updatedTime: number
}

/** A modification awaiting its result. */
export type Modification = {
  readonly orderId: string
  readonly changes: {
    readonly qty?: string | undefined
    readonly price?: string | undefined
    /** The take-profit/stop-loss fields sent with a value; absent when none was (`""` keeps). */
    readonly presets?: Readonly<Record<string, string>> | undefined
  }
  readonly autoCancel: boolean
  readonly pxAmendType: boolean
  readonly requestId?: string | undefined
  /** The batch-modify request it belongs to, when any. */
  readonly batch?: string | undefined
  /**
   * Classic modify-order: the order is cancelled and re-created under `newClientOid` with this
   * size and price (a new orderId), instead of being changed in place.
   */
  readonly replace?:
    | {
        readonly newClientOid: string
        readonly size: string
        readonly price?: string | undefined
      }
    | undefined
  /** Sandbox time at which it completes (unless held). */
  readonly dueAt: number
}

/** An armed countdown switch. */
export type Countdown = { readonly seconds: number; readonly deadline: number }

/** How modifications complete: held until released, or after a delay (0: at once). */
export type ModificationSettings = { hold: boolean; delayMs: number }
