/**
 * From state events to pushes: each change goes to every connection of its uid (or of its
 * symbol, on the public path) subscribed to its topic, in the order the changes happened; the
 * `account` topic is pushed when the account's numbers changed since the connection's last one.
 */
import type { SandboxEvent } from '../events.js'
import type { Position } from '../exchange/types.js'
import { positionsClosedBy } from '../records/account.js'
import type { SandboxInstrument, SandboxState } from '../state.js'
import {
  wsAccountRecord,
  wsFastFillRecord,
  wsFillRecord,
  wsOrderRecord,
  wsPositionRecord,
  wsStrategyRecord,
  wsTickerRecord,
  wsTradeRecord,
} from './records.js'

/** What the push side needs of a connection. */
export type Subscriber = {
  readonly kind: 'private' | 'public'
  /** The uid logged in (private path). */
  uid: string | undefined
  /** Subscriptions by {@link subscriptionKey}, each with its arg as sent. */
  readonly subscriptions: Map<string, Readonly<Record<string, unknown>>>
  /** The last `account` data sent (as JSON), to push only what changed. */
  lastAccount: string | undefined
  send(text: string): void
}

/** The key of a subscription: instType (lower-case), topic and symbol. */
export function subscriptionKey(instType: string, topic: string, symbol = ''): string {
  return `${instType.toLowerCase()}|${topic}|${symbol}`
}

/** The text of a push. */
export function pushText(
  state: SandboxState,
  action: 'snapshot' | 'update',
  arg: Readonly<Record<string, unknown>>,
  data: unknown,
): string {
  return JSON.stringify({ action, arg, data, ts: state.clock.now() })
}

/** The key of a position among the events of one change: uid, symbol and side. */
const positionKey = (position: Position) => `${position.uid}|${position.symbol}|${position.side}`

/**
 * Delivers the events of one change to the subscribers: fills, orders and positions of the
 * unified account to the private connections of their uid, then the positions a closing order
 * of the change holds (placing, modifying or cancelling it changes their `frozen` and
 * `available`, and the exchange's Positions-Channel page pushes them for it), then the account
 * of each uid they touched; trades and prices to the public connections of the symbol.
 */
export function deliver(
  state: SandboxState,
  subscribers: Iterable<Subscriber>,
  events: readonly SandboxEvent[],
): void {
  const all = [...subscribers]
  if (all.length === 0) return
  const touched = new Set<string>()
  // The positions the change pushes anyway, and those its closing orders hold, pushed after.
  const changed = new Set<string>()
  for (const event of events)
    if (event.type === 'position' && event.position.line === undefined)
      changed.add(positionKey(event.position))
  const held = new Map<string, Position>()
  const toUid = (uid: string, topic: string, record: () => unknown, single = false) => {
    let data: unknown
    for (const subscriber of all) {
      if (subscriber.kind !== 'private' || subscriber.uid !== uid) continue
      const arg = subscriber.subscriptions.get(subscriptionKey('UTA', topic))
      if (!arg) continue
      data ??= record()
      // `fast-fill` pushes its record as an object, the other topics a list.
      subscriber.send(pushText(state, 'update', arg, single ? data : [data]))
    }
  }
  const toSymbol = (
    instrument: SandboxInstrument | undefined,
    topic: string,
    record: () => unknown,
  ) => {
    if (!instrument) return
    const key = subscriptionKey(instrument.category, topic, instrument.symbol)
    let data: unknown
    for (const subscriber of all) {
      if (subscriber.kind !== 'public') continue
      const arg = subscriber.subscriptions.get(key)
      if (!arg) continue
      data ??= record()
      subscriber.send(pushText(state, 'update', arg, [data]))
    }
  }
  for (const event of events) {
    if (event.type === 'fill') {
      const { fill } = event
      toSymbol(state.instruments.get(fill.category, fill.symbol), 'publicTrade', () =>
        wsTradeRecord(fill),
      )
      if (fill.line !== undefined) continue
      touched.add(fill.uid)
      toUid(fill.uid, 'fast-fill', () => wsFastFillRecord(state, fill), true)
      toUid(fill.uid, 'fill', () => wsFillRecord(state, fill))
    } else if (event.type === 'order') {
      const { order } = event
      if (order.line !== undefined) continue
      touched.add(order.uid)
      toUid(order.uid, 'order', () => wsOrderRecord(state, order))
      for (const position of positionsClosedBy(state, order))
        if (!changed.has(positionKey(position))) held.set(positionKey(position), position)
    } else if (event.type === 'position') {
      const { position } = event
      if (position.line !== undefined) continue
      touched.add(position.uid)
      toUid(position.uid, 'position', () => wsPositionRecord(state, position))
    } else if (event.type === 'strategy') {
      const { strategy } = event
      toUid(strategy.uid, 'strategy-order', () => wsStrategyRecord(strategy))
    } else if (event.type === 'balance') {
      touched.add(event.uid)
    } else if (event.type === 'price') {
      const { symbol, price } = event
      // One price per symbol: the ticker of each category that lists it.
      for (const instrument of state.instruments.ofSymbol(symbol))
        toSymbol(instrument, 'ticker', () => wsTickerRecord(state, instrument, price))
    }
  }
  for (const position of held.values())
    toUid(position.uid, 'position', () => wsPositionRecord(state, position))
  for (const uid of touched) pushAccount(state, all, uid)
}

/** Pushes the account of `uid` to each of its `account` subscribers whose last push differs. */
function pushAccount(state: SandboxState, subscribers: readonly Subscriber[], uid: string): void {
  let record: Record<string, unknown> | undefined
  let text: string | undefined
  for (const subscriber of subscribers) {
    if (subscriber.kind !== 'private' || subscriber.uid !== uid) continue
    const arg = subscriber.subscriptions.get(subscriptionKey('UTA', 'account'))
    if (!arg) continue
    record ??= wsAccountRecord(state, uid)
    text ??= JSON.stringify(record)
    if (subscriber.lastAccount === text) continue
    subscriber.lastAccount = text
    subscriber.send(pushText(state, 'update', arg, [record]))
  }
}
