/**
 * The subscriptions of a stream connection: what it holds (sent again on every connection), the
 * subscribe messages sent on the current connection and not answered yet, and the callers
 * waiting for an answer. A subscribe waiting at the subscription gate (its per-hour budget used
 * up) is in flight but not sent: the connection's readiness does not wait for it (`settled`).
 */
import { redactValues } from '../internal/secrets.js'
import { StreamSubscribeError } from './errors.js'
import type { SendLines } from './sendLines.js'
import { overChannels } from './settings.js'
import { answerNames, subscriptionKey } from './types.js'

type Arg = Readonly<Record<string, unknown>>
type Waiter = { resolve: () => void; reject: (error: unknown) => void }

/** The most args one subscribe message carries (the exchange's documented batches). */
const argsPerMessage = 50

/** What the book reads of its connection. */
export type BookContext = {
  /** The connection's send lines (read when used: they are made after the book). */
  lines(): SendLines
  /** Whether the current connection is past its login: what is added is sent at once. */
  sending(): boolean
  /** Whether the current connection is ready. */
  ready(): boolean
}

/** Creates the subscriptions of a connection. */
export function createSubscriptionBook(context: BookContext) {
  const subscriptions = new Map<string, Arg>()
  /** Subscribe messages sent (or queued) on this connection and not answered yet, by subscription. */
  const inFlight = new Map<string, number>()
  /** Callers of `add` waiting for the acknowledgement, by subscription. */
  const awaiting = new Map<string, Waiter[]>()

  /**
   * The subscription an answer's arg names: its own key when written as sent, else the first in
   * flight (sent first: the exchange answers in order) that it names whole, else the first it
   * names in part (see `answerNames`). An answer naming none matches nothing: its subscription's
   * deadline tells (`StreamSubscribeTimeoutError`).
   */
  const keyOfAnswer = (arg: Arg): string => {
    const key = subscriptionKey(arg)
    if (inFlight.has(key)) return key
    let partial: string | undefined
    for (const sent of inFlight.keys()) {
      const names = answerNames(arg, argOf(sent))
      if (names === 'whole') return sent
      if (names === 'partial') partial ??= sent
    }
    return partial ?? key
  }

  /** A subscription's arg as sent (one removed while unanswered, read back from its key). */
  const argOf = (key: string): Arg =>
    subscriptions.get(key) ?? Object.fromEntries(JSON.parse(key) as [string, unknown][])

  const settle = (key: string, error?: unknown) => {
    const waiters = awaiting.get(key) ?? []
    awaiting.delete(key)
    for (const w of waiters) error === undefined ? w.resolve() : w.reject(error)
  }

  return {
    inFlight: inFlight as ReadonlyMap<string, number>,
    argOf,
    /** How many subscriptions it holds. */
    get size() {
      return subscriptions.size
    },
    /** Sends every subscription not in flight on this connection, in messages of 50; how many. */
    sendAll(): number {
      const entries = [...subscriptions.entries()].filter(([key]) => !inFlight.has(key))
      for (const [key] of entries) inFlight.set(key, 1)
      for (let i = 0; i < entries.length; i += argsPerMessage) {
        const part = entries.slice(i, i + argsPerMessage)
        const args = part.map(([, arg]) => arg)
        const keys = part.map(([key]) => key)
        void context
          .lines()
          .send(JSON.stringify({ op: 'subscribe', args }), args.length, 'subscribe', keys)
      }
      return entries.length
    },
    /**
     * Adds a subscription; resolves when acknowledged. Sent now when the connection is past its
     * login (again after a removal, even while the first is unanswered: the exchange reads them
     * in order), else with the others once it is.
     */
    add(arg: Arg): Promise<void> {
      const key = subscriptionKey(arg)
      const known = subscriptions.has(key)
      const full = known ? undefined : overChannels(subscriptions.size)
      if (full) return Promise.reject(full)
      subscriptions.set(key, arg)
      return new Promise<void>((resolve, reject) => {
        // One still waiting at the gate of this connection is not acknowledged yet.
        if (known && context.ready() && !inFlight.has(key) && !awaiting.has(key)) return resolve()
        const waiters = awaiting.get(key) ?? []
        waiters.push({ resolve, reject })
        awaiting.set(key, waiters)
        if (context.sending() && (!known || !inFlight.has(key))) {
          inFlight.set(key, (inFlight.get(key) ?? 0) + 1)
          void context
            .lines()
            .send(JSON.stringify({ op: 'subscribe', args: [arg] }), 1, 'subscribe', [key])
        }
      })
    },
    /**
     * Removes a subscription. Past its login the connection has sent (or queued) a subscribe for
     * every subscription: the unsubscribe follows it in the subscriptions' line, also while it is
     * unanswered and the connection not ready yet (sent only when ready, one removed during a
     * (re)subscription stayed subscribed for the rest of the connection).
     */
    async remove(arg: Arg): Promise<void> {
      if (!subscriptions.delete(subscriptionKey(arg)) || !context.sending()) return
      await context
        .lines()
        .send(JSON.stringify({ op: 'unsubscribe', args: [arg] }), 1, 'unsubscribe')
    },
    /** A subscription answered: its waiters resolve once every message sent for it is answered. */
    answered(arg: Arg): void {
      const key = keyOfAnswer(arg)
      const left = (inFlight.get(key) ?? 0) - 1
      if (left < 0) return
      if (left > 0) {
        inFlight.set(key, left)
        return
      }
      inFlight.delete(key)
      context.lines().answered()
      settle(key)
    },
    /**
     * An error naming an arg: the refusal of a subscription sent on this connection and not yet
     * answered removes it and rejects its waiters (`pending: true`); one whose every subscribe is
     * still held at the gate (unsent) refuses nothing (`pending: false`). One naming a subscription
     * already acknowledged refuses nothing at once: the subscription is sent again now, so that
     * the exchange acknowledges it again or refuses it while it waits (which then ends its
     * consumers); one naming none held changes nothing (`pending: false`; the caller tells it).
     * `redact` redacts an arg the exchange wrote otherwise than it was sent, like its message.
     */
    refused(
      arg: Arg,
      code: number,
      msg: string,
      redact: (text: string) => string,
    ): { error: StreamSubscribeError; pending: boolean } {
      const key = keyOfAnswer(arg)
      const sent = subscriptions.get(key) ?? redactValues(arg, redact)
      const error = new StreamSubscribeError({ code, msg, arg: sent })
      // Every subscribe of it still held at the gate: the exchange has not seen it, so the error
      // cannot be its answer; it is told, and the subscribe goes out when the gate lets it.
      const count = inFlight.get(key)
      if (count !== undefined && count <= context.lines().waiting(key))
        return { error, pending: false }
      if (!inFlight.has(key)) {
        const held = subscriptions.get(key)
        if (held !== undefined && context.sending()) {
          inFlight.set(key, 1)
          void context
            .lines()
            .send(JSON.stringify({ op: 'subscribe', args: [held] }), 1, 'subscribe', [key])
        }
        return { error, pending: false }
      }
      subscriptions.delete(key)
      inFlight.delete(key)
      context.lines().answered()
      settle(key, error)
      return { error, pending: true }
    },
    /** Whether every subscribe sent on this connection is answered (those held at the gate are not sent). */
    settled(): boolean {
      const lines = context.lines()
      for (const [key, count] of inFlight) if (count > lines.waiting(key)) return false
      return true
    },
    /** The connection was left: its answers will never come (the subscriptions are sent again). */
    leave(): void {
      inFlight.clear()
    },
    /** Rejects every waiting caller (the stream closed or failed). */
    rejectAll(error: unknown): void {
      for (const key of [...awaiting.keys()]) settle(key, error)
      inFlight.clear()
    },
  }
}

/** The subscriptions of a connection. */
export type SubscriptionBook = ReturnType<typeof createSubscriptionBook>
