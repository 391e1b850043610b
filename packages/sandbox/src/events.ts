/**
 * What changed in the sandbox's state, as a small typed list of events that the exchange code
 * emits (orders, fills, positions, balances, prices) and the WebSocket endpoints push. Events
 * happen whether or not anyone listens; with no listener they cost one check.
 */

import type { PlanOrder } from './exchange/plans.js'
import type { Fill, Position, StrategyOrder } from './exchange/types.js'
import type { Order } from './orders.js'

/** One change of the state. Records are the immutable values of that moment. */
export type SandboxEvent =
  | { readonly type: 'fill'; readonly fill: Fill }
  | { readonly type: 'order'; readonly order: Order }
  | { readonly type: 'position'; readonly position: Position }
  | { readonly type: 'strategy'; readonly strategy: StrategyOrder }
  | { readonly type: 'plan'; readonly plan: PlanOrder }
  | { readonly type: 'balance'; readonly uid: string }
  | { readonly type: 'price'; readonly symbol: string; readonly price: string }

/** Receives the events of one change, in order (one event, or those of one fill). */
export type SandboxEventListener = (events: readonly SandboxEvent[]) => void

/** The state's event list: emit, group the events of one fill, listen. */
export type SandboxEvents = {
  /** Delivers an event to every listener (after the group when inside {@link group}). */
  emit(event: SandboxEvent): void
  /**
   * Runs `fn` and delivers the events it emitted as one list, in the order a fill is pushed:
   * fills, then orders, then positions (the last of each position), then balances (one per
   * uid), then prices. A group inside a group joins the outer one.
   */
  group<T>(fn: () => T): T
  /** Adds a listener; the function returned removes it. */
  listen(listener: SandboxEventListener): () => void
}

const rank: Readonly<Record<SandboxEvent['type'], number>> = {
  fill: 0,
  order: 1,
  strategy: 2,
  plan: 2,
  position: 3,
  balance: 4,
  price: 5,
}

/**
 * Creates an empty event list. A listener that throws is skipped for that delivery: a push
 * never breaks the REST call that caused it.
 *
 * @example
 * import { createEvents } from '@tradeline/sandbox'
 * const events = createEvents()
 * const seen: string[] = []
 * events.listen((list) => seen.push(...list.map((e) => e.type)))
 * events.group(() => { events.emit({ type: 'balance', uid: 'u' }); events.emit({ type: 'price', symbol: 'BTCUSDT', price: '1' }) })
 * seen // ['balance', 'price']
 */
export function createEvents(): SandboxEvents {
  const listeners = new Set<SandboxEventListener>()
  let buffer: SandboxEvent[] | undefined
  const deliver = (events: readonly SandboxEvent[]) => {
    for (const listener of [...listeners]) {
      try {
        listener(events)
      } catch {
        // A listener's failure is its own; the state change has happened.
      }
    }
  }
  return {
    emit(event) {
      if (listeners.size === 0) return
      if (buffer) buffer.push(event)
      else deliver([event])
    },
    group(fn) {
      if (buffer) return fn()
      buffer = []
      try {
        return fn()
      } finally {
        const events = ordered(buffer)
        buffer = undefined
        if (events.length > 0) deliver(events)
      }
    },
    listen(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** The events of a group in push order; a position and a uid's balance keep their last event. */
function ordered(events: readonly SandboxEvent[]): SandboxEvent[] {
  const seen = new Set<string>()
  const kept: SandboxEvent[] = []
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    const id =
      event.type === 'position'
        ? `p|${event.position.uid}|${event.position.line ?? ''}|${event.position.symbol}|${event.position.side}`
        : event.type === 'balance'
          ? `b|${event.uid}`
          : undefined
    if (id !== undefined) {
      if (seen.has(id)) continue
      seen.add(id)
    }
    kept.unshift(event)
  }
  return kept
    .map((event, index) => ({ event, index }))
    .sort((a, b) => rank[a.event.type] - rank[b.event.type] || a.index - b.index)
    .map(({ event }) => event)
}
