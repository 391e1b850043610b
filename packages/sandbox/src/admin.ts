/**
 * The admin API: set prices, advance the clock, inject faults, read state, add keys and
 * instruments, seed orders. The same operations as a programmatic handle and as unsigned
 * routes under `/sandbox/`, which answer local callers only (`localGuard.ts`).
 */

import { Big } from '@tradeline/rules/big'
import { AdminInputError, parseAdmin, refuse } from './adminInput.js'
import * as schemas from './adminSchemas.js'
import { type StockplusAdmin, stockplusAdmin } from './adminStockplus.js'
import { onPrice } from './exchange/market.js'
import { fillOrder } from './exchange/matching.js'
import { positionKey } from './exchange/positions.js'
import { settle } from './exchange/settle.js'
import { recordPrice } from './exchange/tape.js'
import {
  seedTransfer,
  type Transfer,
  type TransferStatus,
  transferStatuses,
} from './exchange/transfers.js'
import type { Countdown, Fill, Modification, Position, StrategyOrder } from './exchange/types.js'
import {
  addDeposit,
  type DepositInput,
  seedWithdrawal,
  type WalletRecord,
  type WalletStatus,
  type WithdrawalInput,
  walletStatuses,
} from './exchange/wallet.js'
import type { ActiveFault, Fault, FaultStore } from './faults.js'
import type { OrderHistory, OrderHistoryQuery } from './history.js'
import { type Order, openStatuses } from './orders.js'
import type { RateLimiter } from './rateLimit.js'
import { type Subscription, subscribe } from './routes/savings.js'
import type {
  ApiKey,
  ClassicSettings,
  KeyInput,
  RecordedRequest,
  SandboxInstrument,
  SandboxState,
} from './state.js'
import type { WsAdmin } from './ws/server.js'

/** A snapshot of the sandbox state, as `GET /sandbox/state` answers it. */
export type StateSnapshot = {
  readonly now: number
  readonly clockOffset: number
  readonly seed: number
  readonly accounts: readonly {
    uid: string
    positionMode: string
    accountMode?: string | undefined
  }[]
  readonly keys: readonly ApiKey[]
  readonly instruments: readonly SandboxInstrument[]
  readonly prices: Readonly<Record<string, string>>
  readonly orders: readonly Order[]
  readonly faults: readonly ActiveFault[]
  /** Balances per uid and coin. */
  readonly balances: Readonly<Record<string, Readonly<Record<string, string>>>>
  readonly positions: readonly Position[]
  readonly fills: readonly Fill[]
  readonly strategies: readonly StrategyOrder[]
  /** Armed countdown switches per uid. */
  readonly countdowns: Readonly<Record<string, Countdown>>
  /** Modifications awaiting their result. */
  readonly modifications: readonly Modification[]
  /** The classic account's settings. */
  readonly classic: Readonly<ClassicSettings>
}

/** An order to seed: identity and times are generated when absent. */
export type OrderSeed = Omit<
  Order,
  'orderId' | 'clientOid' | 'uid' | 'createdTime' | 'updatedTime' | 'filledQty' | 'status'
> &
  Partial<Pick<Order, 'orderId' | 'clientOid' | 'uid' | 'filledQty' | 'status'>>

/** The admin operations of a sandbox. */
export type Admin = StockplusAdmin & {
  /** Sets the price of one symbol. */
  setPrice(symbol: string, price: string): void
  /** Sets several prices. */
  setPrices(prices: Readonly<Record<string, string>>): void
  /**
   * Sets mark prices apart from the last prices (what `mark_price` triggers of plan orders
   * watch); `""` clears a symbol's, which then marks at its last price again. Triggers run.
   */
  setMarkPrices(marks: Readonly<Record<string, string>>): void
  /** Moves the sandbox clock forward. */
  advanceClock(ms: number): number
  /** The sandbox clock, Unix milliseconds. */
  now(): number
  /** Injects a fault for the next calls of a path. */
  injectFault(fault: Fault): ActiveFault
  /** Removes faults (of one path when given). */
  clearFaults(path?: string | undefined): void
  /**
   * Adds an API key (and its account when new); given `publicKey` (an RSA public key PEM), its
   * requests are verified with RSA instead of HMAC. `accountMode` (`'unified'` or `'classic'`)
   * picks the account: without a `uid`, the first account of that mode (a new one when there is
   * none); every key of a uid shares the uid's mode.
   */
  addKey(key?: KeyInput | undefined): ApiKey
  /** Adds or replaces an instrument. */
  setInstrument(instrument: SandboxInstrument): void
  /** Puts an order in the store (an open order by default). */
  addOrder(order: OrderSeed): Order
  /** Fills `qty` (default: the rest) of an open order at its price (market: the admin price). */
  fill(orderId: string, qty?: string | undefined): Order
  /** Holds modifications until released (`false` applies every due one). */
  holdModifications(hold: boolean): void
  /** Delay (sandbox ms) before a modification completes; 0 completes it within the request. */
  setModificationDelay(ms: number): void
  /** Sets the balance of a coin of an account (the first account when `uid` is absent). */
  setBalance(coin: string, amount: string, uid?: string | undefined): void
  /** Sets the position mode of an account, for one futures category or all of them. */
  setPositionMode(
    mode: 'one_way' | 'hedge',
    options?: { uid?: string | undefined; category?: string | undefined },
  ): void
  /**
   * Sets the position mode of an account's classic futures line, for one product type or all
   * of them (apart from the unified account's mode).
   */
  setClassicPositionMode(
    mode: 'one_way' | 'hedge',
    options?: { uid?: string | undefined; productType?: string | undefined },
  ): void
  /**
   * Changes the classic account's settings: classic order rule 3's behaviour (`hedgeClose`) and the
   * elite-trader pairs (rule 5).
   */
  setClassicSettings(settings: Partial<ClassicSettings>): Readonly<ClassicSettings>
  /**
   * Sets a position (`side` `net` in one-way mode, signed size); `line: 'classic'` for the
   * classic account's (with its `marginMode`, `takeProfit`, `stopLoss`).
   */
  setPosition(
    position: Omit<Position, 'uid' | 'entryPrice'> & {
      uid?: string | undefined
      entryPrice?: string | undefined
    },
  ): Position
  /** Adds a fill to the history (e.g. old rToken fills for reality-fills). */
  addFill(
    fill: Omit<Fill, 'execId' | 'uid' | 'orderId' | 'clientOid' | 'category'> & Partial<Fill>,
  ): Fill
  /**
   * Records a wallet transfer as the transfer records show it (`status` `Failed` or
   * `Processing` as well as `Successful`), moving nothing: a transfer the exchange did not
   * complete, which the sandbox's own transfers never are.
   */
  addTransfer(
    transfer: Pick<Transfer, 'coin' | 'fromType' | 'toType' | 'size' | 'clientOid'> & {
      status: TransferStatus
      uid?: string | undefined
    },
  ): Transfer
  /**
   * Records a deposit into an account's funding (`spot`) wallet, as the deposit records show
   * it, and credits the wallet by `size` when it is `success` (the default); on chain (the
   * default) to the account's deposit address of the coin and `chain`.
   */
  addDeposit(deposit: Omit<DepositInput, 'uid'> & { uid?: string | undefined }): WalletRecord
  /** Records a withdrawal with a status (`pending`, `fail`, `success`), moving nothing. */
  addWithdrawal(
    withdrawal: Omit<WithdrawalInput, 'uid'> & { status: WalletStatus; uid?: string | undefined },
  ): WalletRecord
  /** Forgets every rate-limit budget. */
  resetRateLimits(): void
  /**
   * Subscribes `amount` of a savings product (spot balance of its coin): the result (`success`,
   * or `fail` with `msg` by the product's limits) that subscribe-result answers for `orderId`.
   */
  subscribeSavings(subscription: {
    productId: string
    amount: string
    uid?: string | undefined
  }): Subscription
  /**
   * The WebSocket endpoints' faults and counts: `drop()` destroys every connection,
   * `stallPongs(on)` withholds the text `pong`, `refuse(on)` answers new upgrades HTTP 503,
   * `connections()` counts the open ones.
   */
  readonly ws: WsAdmin
  /** A snapshot of the state. */
  state(): StateSnapshot
  /**
   * The last 100 requests of the exchange routes (method, path, `User-Agent`,
   * `X-CHANNEL-API-CODE`), oldest first.
   */
  requests(): readonly RecordedRequest[]
  /**
   * The order history, oldest first: every order and strategy order added and every change of
   * one (fill, modification, replacement, cancel, trigger), each with its sequence number and
   * time; of one account, one order, or after a sequence number (a reader's last `seq`).
   * Modifications due are applied first.
   */
  orderHistory(query?: OrderHistoryQuery | undefined): OrderHistory
}

const decimal = /^\d+(\.\d+)?$/

/** Creates the admin handle of a sandbox. */
export function createAdmin(
  state: SandboxState,
  faults: FaultStore,
  limiter: RateLimiter | undefined,
  ws: WsAdmin,
): Admin {
  const setPrice = (symbol: string, price: string) => {
    if (typeof price !== 'string' || !decimal.test(price))
      throw refuse(new TypeError(`price of ${symbol} must be a decimal string`))
    settle(state)
    recordPrice(state, symbol, price)
    state.prices.set(symbol, price)
    state.events.emit({ type: 'price', symbol, price })
    onPrice(state, symbol)
  }
  const firstUid = () => [...state.accounts.keys()][0] ?? state.ids.uid()
  return {
    ...stockplusAdmin(state, firstUid),
    setPrice,
    setPrices: (prices) => {
      for (const [symbol, price] of Object.entries(prices)) setPrice(symbol, price)
    },
    setMarkPrices(marks) {
      for (const [symbol, mark] of Object.entries(marks))
        if (typeof mark !== 'string' || (mark !== '' && !decimal.test(mark)))
          throw refuse(new TypeError(`mark price of ${symbol} must be a decimal string or ""`))
      settle(state)
      for (const [symbol, mark] of Object.entries(marks)) {
        if (mark === '') state.marks.delete(symbol)
        else state.marks.set(symbol, mark)
        onPrice(state, symbol)
      }
    },
    advanceClock(ms) {
      parseAdmin(schemas.advance, { ms })
      state.clock.advance(ms)
      settle(state)
      return state.clock.now()
    },
    fill(orderId, qty) {
      settle(state)
      const order = state.orders.get(orderId)
      if (!order || !openStatuses.includes(order.status))
        throw refuse(new TypeError(`order ${orderId} is not open`))
      const rest = new Big(order.qty).minus(order.filledQty).toFixed()
      const price = order.price ?? state.prices.get(order.symbol)
      if (price === undefined) throw refuse(new TypeError(`no price for ${order.symbol}`))
      if (qty !== undefined && (!decimal.test(qty) || new Big(qty).gt(rest)))
        throw refuse(new TypeError(`qty must be a decimal string of at most ${rest}`))
      return fillOrder(state, orderId, qty ?? rest, price)
    },
    holdModifications(hold) {
      state.modificationSettings.hold = hold
      settle(state)
    },
    setModificationDelay(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw refuse(new RangeError('delay takes ms >= 0'))
      state.modificationSettings.delayMs = ms
    },
    setBalance(coin, amount, uid = firstUid()) {
      if (!/^-?\d+(\.\d+)?$/.test(amount))
        throw refuse(new TypeError('amount must be a decimal string'))
      state.fund(uid)
      state.balances.get(uid)?.set(coin, amount)
      state.events.emit({ type: 'balance', uid })
    },
    setPositionMode(mode, options = {}) {
      const uid = options.uid ?? firstUid()
      const account = state.accounts.get(uid) ?? { uid, positionMode: 'one_way' as const }
      state.accounts.set(
        uid,
        options.category === undefined
          ? { ...account, positionMode: mode, positionModes: {} }
          : {
              ...account,
              positionModes: { ...account.positionModes, [options.category.toUpperCase()]: mode },
            },
      )
    },
    setClassicPositionMode(mode, options = {}) {
      if (mode !== 'one_way' && mode !== 'hedge')
        throw refuse(new TypeError('mode is one_way or hedge'))
      const uid = options.uid ?? firstUid()
      const account = state.accounts.get(uid) ?? { uid, positionMode: 'one_way' as const }
      state.accounts.set(
        uid,
        options.productType === undefined
          ? { ...account, classicPositionMode: mode, classicPositionModes: {} }
          : {
              ...account,
              classicPositionModes: {
                ...account.classicPositionModes,
                [options.productType.toUpperCase()]: mode,
              },
            },
      )
    },
    subscribeSavings({ productId, amount, uid }) {
      settle(state)
      const made = subscribe(state, uid ?? firstUid(), String(productId), String(amount))
      if (!made) throw refuse(new TypeError(`no savings product ${productId}`))
      return made
    },
    setClassicSettings(settings) {
      if (
        settings.hedgeClose !== undefined &&
        settings.hedgeClose !== 'remainder' &&
        settings.hedgeClose !== 'error'
      )
        throw refuse(new TypeError('hedgeClose is remainder or error'))
      if (settings.hedgeClose !== undefined) state.classic.hedgeClose = settings.hedgeClose
      if (settings.eliteTraderPairs !== undefined) {
        if (!Array.isArray(settings.eliteTraderPairs))
          throw refuse(new TypeError('eliteTraderPairs is a list of symbols'))
        state.classic.eliteTraderPairs = [...settings.eliteTraderPairs].map(String)
      }
      return { ...state.classic }
    },
    setPosition(input) {
      const position = parseAdmin(schemas.position, input) as typeof input
      const uid = position.uid ?? firstUid()
      const saved: Position = {
        ...position,
        uid,
        category: position.category.toUpperCase(),
        entryPrice: position.entryPrice ?? state.prices.get(position.symbol) ?? '0',
        createdTime: position.createdTime ?? state.clock.now(),
        updatedTime: state.clock.now(),
      }
      state.positions.set(positionKey(uid, saved.symbol, saved.side, saved.line), saved)
      state.events.emit({ type: 'position', position: saved })
      return saved
    },
    addTransfer(transfer) {
      if (!transferStatuses.includes(transfer.status))
        throw refuse(new TypeError(`status must be one of ${transferStatuses.join(', ')}`))
      return seedTransfer(state, {
        ...transfer,
        transferId: state.ids.orderId(),
        uid: transfer.uid ?? firstUid(),
        symbol: undefined,
        ts: state.clock.now(),
      })
    },
    addDeposit(deposit) {
      if (typeof deposit.size !== 'string' || !decimal.test(deposit.size))
        throw refuse(new TypeError('size must be a decimal string'))
      if (deposit.status !== undefined && !walletStatuses.includes(deposit.status))
        throw refuse(new TypeError(`status must be one of ${walletStatuses.join(', ')}`))
      return addDeposit(state, { ...deposit, uid: deposit.uid ?? firstUid() })
    },
    addWithdrawal(withdrawal) {
      if (!walletStatuses.includes(withdrawal.status))
        throw refuse(new TypeError(`status must be one of ${walletStatuses.join(', ')}`))
      return seedWithdrawal(state, { ...withdrawal, uid: withdrawal.uid ?? firstUid() })
    },
    addFill(fill) {
      const execId = fill.execId ?? state.ids.orderId()
      const saved: Fill = {
        ...fill,
        execId,
        uid: fill.uid ?? firstUid(),
        orderId: fill.orderId ?? execId,
        clientOid: fill.clientOid ?? `sbx${execId}`,
        category: fill.category ?? state.instruments.ofSymbol(fill.symbol)[0]?.category ?? 'SPOT',
      }
      state.fills.push(saved)
      return saved
    },
    now: () => state.clock.now(),
    injectFault: (fault) => faults.inject(parseAdmin(schemas.fault, fault)),
    clearFaults: (path) => faults.clear(path),
    addKey: (key) => state.addKey(key),
    setInstrument(instrument) {
      const checked = parseAdmin(schemas.instrument, instrument) as SandboxInstrument
      // Replaces only the instrument of its category: the pair stays listed in the others.
      state.instruments.set(checked)
    },
    addOrder(input) {
      const seed = parseAdmin(schemas.order, input) as OrderSeed
      // Any category's symbol, as before instruments were kept per category (seeds name the
      // category the order records, not always the instrument's).
      if (state.instruments.ofSymbol(seed.symbol).length === 0)
        throw new AdminInputError(
          `symbol: expected an instrument of the sandbox, received ${seed.symbol}`,
        )
      if (new Big(seed.filledQty ?? '0').gt(seed.qty))
        throw new AdminInputError('filledQty: expected at most qty')
      const now = state.clock.now()
      const uid = seed.uid ?? [...state.accounts.keys()][0] ?? state.ids.uid()
      const orderId = seed.orderId ?? state.ids.orderId()
      return state.orders.add({
        ...seed,
        orderId,
        clientOid: seed.clientOid ?? `sbx${orderId}`,
        uid,
        filledQty: seed.filledQty ?? '0',
        status: seed.status ?? 'live',
        createdTime: now,
        updatedTime: now,
      })
    },
    resetRateLimits: () => limiter?.reset(),
    ws: {
      drop: () => ws.drop(),
      stallPongs: (on) => ws.stallPongs(on),
      refuse: (on) => ws.refuse(on),
      connections: () => ws.connections(),
      market: ws.market,
    },
    requests: () => [...state.requests],
    orderHistory(query) {
      const afterSeq = query?.afterSeq
      if (afterSeq !== undefined && !(Number.isSafeInteger(afterSeq) && afterSeq >= 0))
        throw refuse(new TypeError('afterSeq must be an integer >= 0'))
      settle(state)
      return state.orderHistory.read(query)
    },
    state: () => {
      settle(state)
      return {
        now: state.clock.now(),
        clockOffset: state.clock.offset,
        seed: state.ids.seed,
        accounts: [...state.accounts.values()],
        keys: [...state.keys.values()],
        instruments: [...state.instruments.values()],
        prices: Object.fromEntries(state.prices),
        orders: state.orders.all(),
        faults: faults.list(),
        balances: Object.fromEntries(
          [...state.balances].map(([uid, coins]) => [uid, Object.fromEntries(coins)]),
        ),
        positions: [...state.positions.values()],
        fills: [...state.fills],
        strategies: [...state.strategies.values()],
        countdowns: Object.fromEntries(state.countdowns),
        modifications: [...state.modifications],
        classic: { ...state.classic, eliteTraderPairs: [...state.classic.eliteTraderPairs] },
      }
    },
  }
}
