/**
 * The two lines a stream connection sends in: every message in order through the message gate
 * (pings and the login too), and subscribes and unsubscribes in order among themselves, a
 * subscribe first waiting at the subscription gate in its own line, so that a ping never waits
 * behind it (a subscribe held for an hour by the per-hour budget held every ping behind it, and
 * the pong deadline dropped the connection). A subscribe's answer is awaited from when it was
 * sent: unanswered after `answerTimeoutMs`, `onUnanswered` drops the connection. The lines
 * know which subscriptions wait at the subscription gate (the per-hour budget of a connection
 * used up): the connection does not wait for those to be ready (see `waiting`).
 */
import type { WebSocketLike } from './socket.js'
import type { StreamGate } from './types.js'

/** What the lines read of their connection. */
export type SendContext = {
  readonly gate: StreamGate
  readonly answerTimeoutMs: number
  /** A timer of the connection (cleared when it is left). */
  later(ms: number, callback: () => void): unknown
  cancel(handle: unknown): void
  /** The connection's generation now (a text is sent on the one it was meant for only). */
  generation(): number
  connectionId(): number
  socket(): WebSocketLike | undefined
  /** The subscriptions sent and not answered yet. */
  readonly inFlight: ReadonlyMap<string, number>
  /** A subscribe message unanswered past its deadline: `keys`, its subscriptions still unanswered. */
  onUnanswered(keys: readonly string[]): void
  onError(error: unknown): void
  /** The subscription gate said it holds a subscribe this long (ms). */
  onWait(ms: number): void
}

/** The sending of one connection. */
export type SendLines = {
  /**
   * Sends one text; `kind` a subscribe (`keys`: its subscriptions, `count`: its args) or an
   * unsubscribe goes in the subscriptions' line.
   */
  send(
    text: string,
    count?: number,
    kind?: 'message' | 'subscribe' | 'unsubscribe',
    keys?: readonly string[],
  ): Promise<void>
  /** Cancels the deadlines of the subscribe messages answered in full. */
  answered(): void
  /**
   * How many subscribe messages of `key` wait at the subscription gate now (0 unless the line
   * is held there: one let through at once is not waiting).
   */
  waiting(key: string): number
  /** How many subscription args wait at the subscription gate now. */
  waitingArgs(): number
  /**
   * Forgets every deadline and what waits (the connection cleared its timers and left its
   * socket): the next connection's texts do not queue behind the old one's, held at its gate.
   */
  reset(): void
}

/** Creates the send lines of a connection. */
export function createSendLines(context: SendContext): SendLines {
  let messages: Promise<void> = Promise.resolve()
  let subscriptions: Promise<void> = Promise.resolve()
  /** The subscribe messages sent, numbered: an answer deadline belongs to the latest of its args. */
  let seq = 0
  const lastSent = new Map<string, number>()
  const due = new Map<number, { handle: unknown; keys: readonly string[] }>()
  const open = (n: number, key: string) => context.inFlight.has(key) && lastSent.get(key) === n
  const unanswered = (n: number, keys: readonly string[]) => keys.some((key) => open(n, key))
  /** The subscribe messages of this connection not past the subscription gate, by subscription. */
  const unsent = new Map<string, number>()
  /** Whether the subscriptions' line waits at the subscription gate. */
  let atGate = false
  const passed = (keys: readonly string[]) => {
    for (const key of keys) {
      const left = (unsent.get(key) ?? 0) - 1
      if (left > 0) unsent.set(key, left)
      else unsent.delete(key)
    }
  }

  /** Sends one text through the message gate, in order; whether it went out. */
  const transmit = (mine: number, text: string): Promise<boolean> => {
    const sent = messages.then(async () => {
      if (mine !== context.generation()) return false
      await context.gate('message', 1, context.connectionId())
      const socket = context.socket()
      if (mine !== context.generation() || socket?.readyState !== 1) return false
      socket.send(text)
      return true
    })
    messages = sent.then(
      () => {},
      (error: unknown) => {
        if (mine === context.generation()) context.onError(error)
      },
    )
    return sent.catch(() => false)
  }

  return {
    send(text, count = 1, kind = 'message', keys = []) {
      const mine = context.generation()
      if (kind === 'message') return transmit(mine, text).then(() => {})
      if (kind === 'subscribe') for (const key of keys) unsent.set(key, (unsent.get(key) ?? 0) + 1)
      const current = () => mine === context.generation()
      subscriptions = subscriptions
        .then(async () => {
          if (!current()) return
          if (kind === 'subscribe') {
            atGate = true
            try {
              await context.gate('subscribe', count, context.connectionId(), (ms) => {
                if (current() && atGate) context.onWait(ms)
              })
            } finally {
              if (current()) {
                atGate = false
                passed(keys)
              }
            }
          }
          if (!current()) return
          const n = ++seq
          for (const key of keys) lastSent.set(key, n)
          if (!(await transmit(mine, text)) || kind !== 'subscribe' || !unanswered(n, keys)) return
          const handle = context.later(context.answerTimeoutMs, () => {
            due.delete(n)
            const still = keys.filter((key) => open(n, key))
            if (current() && still.length > 0) context.onUnanswered(still)
          })
          due.set(n, { handle, keys })
        })
        .catch((error: unknown) => {
          // One of a connection left (a gate closed with it) is no news.
          if (current()) context.onError(error)
        })
      return subscriptions
    },
    answered() {
      for (const [n, { handle, keys }] of due)
        if (!unanswered(n, keys)) {
          context.cancel(handle)
          due.delete(n)
        }
    },
    waiting(key) {
      return atGate ? (unsent.get(key) ?? 0) : 0
    },
    waitingArgs() {
      if (!atGate) return 0
      let args = 0
      for (const count of unsent.values()) args += count
      return args
    },
    reset() {
      due.clear()
      unsent.clear()
      atGate = false
      messages = Promise.resolve()
      subscriptions = Promise.resolve()
    },
  }
}
