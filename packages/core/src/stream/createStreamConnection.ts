/**
 * One WebSocket connection to the exchange that stays up: login first (private endpoints),
 * subscriptions sent again after every reconnect, a text `ping` every 30 s with the `pong`
 * awaited, reconnects with exponential backoff and jitter, and a planned reconnect before the
 * exchange's 24-hour cut. After a reconnect the product line's `onResume` runs (its REST
 * reconciliation) while the pushes that arrive meanwhile wait, so consumers see what was missed
 * first and then the live pushes, in order. Every timer runs on injectable timers.
 */

import { messageRedactor } from '../internal/secrets.js'
import {
  StreamClosedError,
  StreamLoginError,
  StreamMessageTooLargeError,
  StreamSubscribeTimeoutError,
  StreamSubscriptionsWaitingError,
} from './errors.js'
import { createHeldPushes, defaultDeliveryPart } from './heldPushes.js'
import { readServerMessage } from './messages.js'
import { assertStreamOptions } from './optionShapes.js'
import { createSendLines } from './sendLines.js'
import { connectionSettings } from './settings.js'
import {
  closeOf,
  closeSocket,
  leaveSocket,
  loadWebSocket,
  openSocket,
  readMessages,
  timerSet,
  type WebSocketConstructor,
  type WebSocketLike,
} from './socket.js'
import { createSubscriptionBook } from './subscriptionBook.js'
import type {
  StreamClose,
  StreamConnection,
  StreamConnectionParameters,
  StreamEvent,
  StreamState,
} from './types.js'

export declare namespace createStreamConnection {
  /** The connection's options: see {@link StreamConnectionParameters}. */
  type Parameters = StreamConnectionParameters
  type ReturnType = StreamConnection
}

const fatalLoginCodes = new Set([30005, 30011, 30012, 30013, 30015, 30016])

type Waiter = { resolve: () => void; reject: (error: unknown) => void }

/**
 * Opens and keeps one stream connection.
 *
 * @example
 * import { createStreamConnection } from '@tradeline/core'
 * const connection = createStreamConnection({ url: 'wss://ws.bitget.com/v3/ws/public', onPush: (push) => console.log(push.data) })
 * await connection.subscribe({ instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' })
 */
export function createStreamConnection(
  parameters: createStreamConnection.Parameters,
): createStreamConnection.ReturnType {
  assertStreamOptions('createStreamConnection', parameters, true)
  const settings = connectionSettings(parameters)
  const { timers, gate, answerTimeoutMs, maxMessageBytes } = settings

  const book = createSubscriptionBook({
    lines: () => lines,
    sending: () => loggedIn && (state === 'connecting' || state === 'ready'),
    ready: () => state === 'ready',
  })
  let readyWaiters: Waiter[] = []
  let state: StreamState = 'idle'
  let socket: WebSocketLike | undefined
  let generation = 0
  let failures = 0
  let everReady = false
  let resuming = false
  /** The ready hook called `live()`: pushes pass while it still runs. */
  let passing = false
  const pushes = createHeldPushes(
    (push) => parameters.onPush(push),
    () => parameters.deliveryPart?.() ?? defaultDeliveryPart,
  )
  /** When the subscription gate expects to let the subscriptions waiting at it through (Unix ms). */
  let waitingUntil: number | undefined
  let loggedIn = false
  let pongTimer: unknown
  let answerTimer: unknown
  let loginPending: { expired: boolean } | undefined
  /** Whether the current connection answered a ping or pushed since it became ready (see `prove`). */
  let proven = false
  let failure: unknown
  /** Counts connections: the exchange's message and subscription limits are per connection. */
  let connectionId = 0
  /** Aborted when the current connection is left. */
  let aborter = new AbortController()

  const event = (e: StreamEvent) => parameters.onEvent?.(e)
  const { later, cancel, clear } = timerSet(timers)
  const clearAll = () => {
    clear()
    lines.reset()
    pushes.clear()
    pongTimer = undefined
    answerTimer = undefined
  }
  const settleReady = (error?: unknown) => {
    const waiters = readyWaiters
    readyWaiters = []
    for (const w of waiters) error === undefined ? w.resolve() : w.reject(error)
  }
  const rejectAll = (error: unknown) => {
    settleReady(error)
    book.rejectAll(error)
  }

  const lines = createSendLines({
    gate,
    answerTimeoutMs,
    later: (ms, callback) => later(ms, callback),
    cancel: (handle) => cancel(handle),
    generation: () => generation,
    connectionId: () => connectionId,
    socket: () => socket,
    inFlight: book.inFlight,
    onUnanswered: (keys) => {
      // Told before the drop: a subscription never acknowledged must not show as reconnects only.
      const args = keys.map(book.argOf)
      event({
        type: 'error',
        error: new StreamSubscribeTimeoutError({ args, timeoutMs: answerTimeoutMs }),
      })
      down('closed')
    },
    onError: (error) => event({ type: 'error', error }),
    onWait: (ms) => {
      waitingUntil = timers.now() + ms
      if (state === 'ready') tellWaiting()
      else checkReady()
    },
  })
  const send = lines.send

  /** Stops listening to the current socket and closes it, without waiting for its close. */
  const leave = () => {
    const old = socket
    socket = undefined
    generation++
    clearAll()
    aborter.abort()
    aborter = new AbortController()
    if (old) leaveSocket(old)
  }

  /**
   * Leaves the current socket (without waiting for its close) and plans the next one; `close`,
   * how the server closed it when it did (told with the drop).
   */
  const down = (reason: 'closed' | 'pong' | 'age' | 'resume' | 'login', close?: StreamClose) => {
    if (state === 'closed' || state === 'failed') return
    leave()
    loginPending = undefined
    loggedIn = false
    resuming = false
    passing = false
    waitingUntil = undefined
    book.leave()
    if (reason !== 'age') failures++
    const wait = reason === 'age' ? 0 : settings.backoff(failures)
    state = 'reconnecting'
    event({ type: 'down', reason, retryInMs: wait, ...(close && { close }) })
    later(wait, () => void connect())
  }

  const fail = (error: unknown) => {
    if (state === 'closed' || state === 'failed') return
    state = 'failed'
    failure = error
    leave()
    rejectAll(error)
    parameters.onFail?.(error)
  }

  const armAnswerTimer = (reason: 'login' | 'closed') => {
    cancel(answerTimer)
    answerTimer = later(answerTimeoutMs, () => down(reason))
  }

  const ping = () => {
    void send('ping')
    // The deadline of the oldest unanswered ping stands: a pong answers every ping before it (a
    // new deadline per ping left the older one armed, and a pong slower than the ping interval
    // dropped a connection whose pongs kept coming).
    if (pongTimer === undefined) pongTimer = later(settings.pongTimeoutMs, () => down('pong'))
    later(settings.pingIntervalMs, ping)
  }

  const subscribeAll = () => {
    loggedIn = true
    // The login is answered: each subscribe's own deadline runs from when it is sent.
    cancel(answerTimer)
    answerTimer = undefined
    if (book.sendAll() === 0) becomeReady()
  }

  /** Tells how many subscriptions wait at the subscription gate, and until when if it said. */
  const tellWaiting = () => {
    const waiting = lines.waitingArgs()
    if (waiting > 0)
      event({
        type: 'error',
        error: new StreamSubscriptionsWaitingError({ waiting, until: waitingUntil }),
      })
  }

  /**
   * Ready once every subscribe sent on this connection is answered: those waiting at the
   * subscription gate (its per-hour budget used up) are not waited for, or a connection of more
   * channels than the budget took an hour to deliver anything.
   */
  const checkReady = () => {
    if (state === 'connecting' && loggedIn && book.settled()) becomeReady()
  }

  const becomeReady = () => {
    cancel(answerTimer)
    answerTimer = undefined
    if (state !== 'connecting') return
    const resumed = everReady
    everReady = true
    state = 'ready'
    tellWaiting()
    const hook = parameters.onReady ?? (resumed ? parameters.onResume : undefined)
    const mine = generation
    const current = () => mine === generation
    // The pushes held while connecting and while the hook ran are delivered in the order
    // received, in parts (see `heldPushes`); ready once they are.
    const live = () => {
      if (!current() || passing || !resuming) return
      passing = true
      pushes.deliver(current)
    }
    const release = () => {
      if (!current()) return
      resuming = false
      passing = false
      pushes.deliver(current, () => {
        event({ type: 'ready', resumed })
        settleReady()
      })
    }
    if (!hook) return release()
    resuming = true
    let work: Promise<void>
    try {
      work = hook({ resumed, signal: aborter.signal, live })
    } catch (error) {
      work = Promise.reject(error)
    }
    work.then(release, (error) => {
      if (mine !== generation) return
      event({ type: 'error', error })
      down('resume')
    })
  }

  /**
   * A connection that was ready and then answers a ping or delivers a push works: the backoff
   * starts over. Reset at ready, a server that acknowledged and closed at once was retried every
   * half second.
   */
  const prove = () => {
    if (state !== 'ready' || proven) return
    proven = true
    failures = 0
  }

  const onText = (text: string) => {
    const message = readServerMessage(text)
    switch (message.kind) {
      case 'pong':
        cancel(pongTimer)
        pongTimer = undefined
        prove()
        return
      case 'login':
        if (!loginPending) return
        if (message.ok) {
          loginPending = undefined
          subscribeAll()
        } else onError(message.code, message.msg, undefined)
        return
      case 'error':
        return onError(message.code, message.msg, message.arg)
      case 'subscribe':
        return onSubscribed(message.arg)
      case 'push':
        prove()
        if ((resuming && !passing) || state === 'connecting' || pushes.delivering)
          pushes.hold(message.push)
        else parameters.onPush(message.push)
        return
    }
  }

  /**
   * The exchange's message, with what the login sent (and the secret, when `streamLogin` built
   * the login) redacted: an upstream may quote them back in any spelling.
   */
  const redactor = messageRedactor(parameters.login)
  const redactMessage = redactor.redact

  /** A refused login, a refused subscription, or another error of the exchange. */
  const onError = (
    code: number,
    exchangeMsg: string,
    arg: Readonly<Record<string, unknown>> | undefined,
  ) => {
    const msg = redactMessage(exchangeMsg)
    if (loginPending && arg === undefined) {
      if (code === 30014 && !loginPending.expired) return loginSafely(true)
      if (fatalLoginCodes.has(code) || code === 30014) fail(new StreamLoginError({ code, msg }))
      else {
        // Tried again, but told: a login refused over and over must show why.
        event({ type: 'error', error: new StreamLoginError({ code, msg, retrying: true }) })
        down('login')
      }
      return
    }
    if (arg !== undefined) {
      // Refused first: an absent listener must not skip it (`f?.(x)` evaluates no `x`).
      const { error, pending } = book.refused(arg, code, msg, redactMessage)
      // An error naming a subscription acknowledged before is told, and the subscription sent
      // again (subscriptionBook.ts): acknowledged again, or refused while it waits.
      if (!pending) return event({ type: 'error', error })
      parameters.onSubscribeError?.(error)
      checkReady()
      return
    }
    event({ type: 'error', error: new Error(`The exchange answered ${code}: ${msg}`) })
  }

  const onSubscribed = (arg: Readonly<Record<string, unknown>>) => {
    book.answered(arg)
    checkReady()
  }

  const login = async (expired: boolean) => {
    if (!parameters.login) return subscribeAll()
    loginPending = { expired }
    armAnswerTimer('login')
    const mine = generation
    const arg = await parameters.login(expired)
    redactor.sent(arg)
    if (mine !== generation) return
    await send(JSON.stringify({ op: 'login', args: [arg] }))
  }
  /**
   * Logs in; a failure to build the login (a clock sync the server did not answer, a signer
   * that failed) is transient: reported, then the connection is dropped and tried again with
   * backoff. Only the exchange's refusal of a login fails the stream for good.
   */
  const loginSafely = (expired: boolean) => {
    const mine = generation
    login(expired).catch((error) => {
      if (mine !== generation) return
      event({ type: 'error', error })
      down('login')
    })
  }

  const connect = async () => {
    if (state === 'closed' || state === 'failed') return
    state = 'connecting'
    loggedIn = false
    proven = false
    connectionId++
    const mine = ++generation
    let WebSocket: WebSocketConstructor
    try {
      WebSocket = await loadWebSocket(parameters.WebSocket)
      await gate('connect', 1, connectionId)
    } catch (error) {
      fail(error)
      return
    }
    if (mine !== generation || state !== 'connecting') return
    let ws: WebSocketLike
    try {
      ws = openSocket(WebSocket, parameters.url, maxMessageBytes)
    } catch (error) {
      fail(error)
      return
    }
    socket = ws
    // A handshake that never completes (nor fails) must not leave the stream waiting for ever.
    armAnswerTimer('closed')
    ws.onopen = () => {
      cancel(answerTimer)
      answerTimer = undefined
      event({ type: 'open', attempt: failures + 1 })
      later(settings.pingIntervalMs, ping)
      later(settings.maxAgeMs, () => down('age'))
      loginSafely(false)
    }
    // A message over `maxMessageBytes` is not read: the connection is dropped.
    readMessages(ws, maxMessageBytes, onText, (size) => {
      event({
        type: 'error',
        error: new StreamMessageTooLargeError({ limit: maxMessageBytes, size }),
      })
      down('closed')
    })
    ws.onclose = (closing) => {
      if (mine === generation) down('closed', closeOf(closing, redactMessage))
    }
  }

  const start = () => {
    if (state === 'idle') void connect()
  }

  return {
    get state() {
      return state
    },
    subscribe(arg) {
      if (state === 'closed' || state === 'failed')
        return Promise.reject(state === 'closed' ? new StreamClosedError() : failure)
      const added = book.add(arg)
      start()
      return added
    },
    unsubscribe: (arg) => book.remove(arg),
    ready() {
      if (state === 'ready' && !resuming && !pushes.delivering) return Promise.resolve()
      if (state === 'closed') return Promise.reject(new StreamClosedError())
      if (state === 'failed') return Promise.reject(failure)
      return new Promise<void>((resolve, reject) => {
        readyWaiters.push({ resolve, reject })
        start()
      })
    },
    reconnect() {
      if (state === 'ready' || state === 'connecting') down('closed')
    },
    redact: redactMessage,
    async close() {
      if (state === 'closed') return
      const old = socket
      socket = undefined
      generation++
      state = 'closed'
      clearAll()
      aborter.abort()
      rejectAll(new StreamClosedError())
      if (old) await closeSocket(old, timers)
    },
  }
}
