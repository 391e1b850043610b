/** The errors of a stream. None carries the API key, passphrase, secret or signature. */
import { BaseError } from '@tradeline/rules/shared'

/**
 * The exchange refused the stream's login (`{"event":"error","code":…}`): a wrong key, passphrase
 * or signature does not get better by trying again, so the stream stops and every consumer gets
 * this error.
 *
 * @example
 * import { StreamLoginError } from '@tradeline/core'
 * const error = new StreamLoginError({ code: 30015, msg: 'Invalid sign' })
 * error.shortMessage // 'The exchange refused the stream login with 30015: Invalid sign'
 */
export class StreamLoginError extends BaseError {
  static override readonly kind: string = 'StreamLoginError'
  override name = 'StreamLoginError'
  /** The exchange's code, e.g. `30015`. */
  readonly code: number
  /** The exchange's message. */
  readonly msg: string

  /**
   * `retrying`: a refusal that does not fail the stream (a code not of the credentials, such as
   * `30006` too many requests): told as a connection `error` event, the login tried again.
   */
  constructor(parameters: { code: number; msg: string; retrying?: boolean | undefined }) {
    super(`The exchange refused the stream login with ${parameters.code}: ${parameters.msg}`, {
      metaMessages: [
        parameters.retrying
          ? 'Logged in again after the backoff.'
          : (loginHints[parameters.code] ?? 'Check the API key, secret and passphrase.'),
      ],
    })
    this.code = parameters.code
    this.msg = parameters.msg
  }
}

const loginHints: Record<number, string> = {
  30011: 'The API key is not known (a demo key needs the demo endpoint).',
  30012: 'The passphrase does not match the API key.',
  30013: 'The login timestamp is not a valid Unix time in seconds.',
  30014:
    'The login timestamp is more than 30 s off the server clock (tried again after a clock sync).',
  30015: 'The signature does not match: check the secret.',
}

/**
 * The exchange refused a subscription (`{"event":"error","arg":…}`), e.g. `30001` for a topic
 * it does not have; the consumers of that topic get this error.
 *
 * @example
 * import { StreamSubscribeError } from '@tradeline/core'
 * const error = new StreamSubscribeError({ code: 30001, msg: 'channel does not exist', arg: { instType: 'UTA', topic: 'nope' } })
 * error.shortMessage // 'The exchange refused the subscription to nope with 30001: channel does not exist'
 */
export class StreamSubscribeError extends BaseError {
  static override readonly kind: string = 'StreamSubscribeError'
  override name = 'StreamSubscribeError'
  /** The exchange's code. */
  readonly code: number
  /** The exchange's message. */
  readonly msg: string
  /** The subscription as sent. */
  readonly arg: Readonly<Record<string, unknown>>

  constructor(parameters: { code: number; msg: string; arg: Readonly<Record<string, unknown>> }) {
    super(
      `The exchange refused the subscription to ${String(parameters.arg.topic ?? parameters.arg.channel)} with ${parameters.code}: ${parameters.msg}`,
    )
    this.code = parameters.code
    this.msg = parameters.msg
    this.arg = parameters.arg
  }
}

/**
 * The exchange did not answer a subscribe within `answerTimeoutMs` (or answered with an arg that
 * names none of the subscriptions sent): the connection is dropped and the subscriptions are
 * sent again on the next one. Told as a connection error before that drop, naming what went
 * unanswered, so a subscription that is never acknowledged does not only show as reconnects.
 *
 * @example
 * import { StreamSubscribeTimeoutError } from '@tradeline/core'
 * new StreamSubscribeTimeoutError({ args: [{ instType: 'UTA', topic: 'order' }], timeoutMs: 10000 }).shortMessage // 'The exchange did not acknowledge the subscription to {"instType":"UTA","topic":"order"} within 10000 ms; the connection is dropped and subscribes again.'
 */
export class StreamSubscribeTimeoutError extends BaseError {
  static override readonly kind: string = 'StreamSubscribeTimeoutError'
  override name = 'StreamSubscribeTimeoutError'
  /** The subscriptions unanswered, as sent. */
  readonly args: readonly Readonly<Record<string, unknown>>[]
  /** The deadline of an answer (`answerTimeoutMs`). */
  readonly timeoutMs: number
  constructor(parameters: {
    args: readonly Readonly<Record<string, unknown>>[]
    timeoutMs: number
  }) {
    const { args } = parameters
    // A subscribe message carries up to 50 args: the first three named, the rest counted.
    const named = args.slice(0, 3).map((arg) => JSON.stringify(arg))
    const more = args.length > 3 ? ` and ${args.length - 3} more` : ''
    const what = args.length === 1 ? 'the subscription to' : 'the subscriptions to'
    super(
      `The exchange did not acknowledge ${what} ${named.join(', ')}${more} within ${parameters.timeoutMs} ms; the connection is dropped and subscribes again.`,
      {
        metaMessages: [
          'An acknowledgement whose arg names another channel (or disagrees on a field) answers nothing.',
        ],
      },
    )
    this.args = args
    this.timeoutMs = parameters.timeoutMs
  }
}

/**
 * Subscriptions wait at the connection's subscription gate: the exchange takes 240 subscriptions
 * an hour per connection (a reconnect subscribes everything again), so a connection of more
 * channels than that subscribes the rest as the budget allows. Told as a connection error when
 * the connection becomes ready with some waiting, and again when a later subscription waits; the
 * channels already acknowledged deliver meanwhile, and `ready()` does not wait for these.
 *
 * @example
 * import { StreamSubscriptionsWaitingError } from '@tradeline/core'
 * new StreamSubscriptionsWaitingError({ waiting: 60, until: 0 }).shortMessage // '60 subscriptions wait for the subscription budget of the connection until 1970-01-01T00:00:00.000Z; the others deliver.'
 */
export class StreamSubscriptionsWaitingError extends BaseError {
  static override readonly kind: string = 'StreamSubscriptionsWaitingError'
  override name = 'StreamSubscriptionsWaitingError'
  /** How many subscriptions wait (their args). */
  readonly waiting: number
  /** When the gate expects to let the first of them through (Unix ms), when it told. */
  readonly until: number | undefined
  constructor(parameters: { waiting: number; until?: number | undefined }) {
    const until =
      parameters.until === undefined ? '' : ` until ${new Date(parameters.until).toISOString()}`
    super(
      `${parameters.waiting} subscriptions wait for the subscription budget of the connection${until}; the others deliver.`,
      {
        metaMessages: [
          'The exchange takes 240 subscriptions an hour per connection: split the channels over more streams to have them all at once.',
        ],
      },
    )
    this.waiting = parameters.waiting
    this.until = parameters.until
  }
}

/**
 * A pushed record the stream could not read (it lacks what its topic's record needs): the
 * stream reports it as a connection error and goes on. The problem names the first field that
 * does not fit; what the upstream sent in it is shown with the login and the secret redacted,
 * and the record itself is not kept.
 *
 * @example
 * import { StreamPushError } from '@tradeline/core'
 * new StreamPushError({ topic: 'order', problem: 'orderId: Invalid type' }).shortMessage // 'A pushed record of order could not be read: orderId: Invalid type.'
 */
export class StreamPushError extends BaseError {
  static override readonly kind: string = 'StreamPushError'
  override name = 'StreamPushError'
  /** The topic of the push. */
  readonly topic: string
  /** What is wrong with the record (redacted). */
  readonly problem: string
  constructor(parameters: { topic: string; problem: string }) {
    super(`A pushed record of ${parameters.topic} could not be read: ${parameters.problem}.`)
    this.topic = parameters.topic
    this.problem = parameters.problem
  }
}

/**
 * A state topic (positions) reached the most keys the stream keeps for it: a server pushed more
 * distinct keys than an account holds. The stream keeps the newest record and drops the least
 * recently updated key; a later snapshot that no longer lists that key reports nothing for it.
 * Told once per topic, as a connection error; the stream goes on.
 *
 * @example
 * import { StreamStateCappedError } from '@tradeline/core'
 * new StreamStateCappedError({ topic: 'position', cap: 10000 }).shortMessage // 'The state of position reached its 10000 keys; the least recently updated are dropped.'
 */
export class StreamStateCappedError extends BaseError {
  static override readonly kind: string = 'StreamStateCappedError'
  override name = 'StreamStateCappedError'
  /** The topic whose state is full. */
  readonly topic: string
  /** The most keys it keeps. */
  readonly cap: number
  constructor(parameters: { topic: string; cap: number }) {
    super(
      `The state of ${parameters.topic} reached its ${parameters.cap} keys; the least recently updated are dropped.`,
    )
    this.topic = parameters.topic
    this.cap = parameters.cap
  }
}

/**
 * A listener of a stream topic threw. The stream went on: the other listeners and readers got
 * the event, and a catch-up under way was not disturbed. The listener's error is the `cause`.
 *
 * @example
 * import { StreamListenerError } from '@tradeline/core'
 * new StreamListenerError({ topic: 'order', cause: new Error('bug') }).shortMessage // 'A listener of order threw; the stream went on without it.'
 */
export class StreamListenerError extends BaseError {
  static override readonly kind: string = 'StreamListenerError'
  override name = 'StreamListenerError'
  /** The topic whose listener threw. */
  readonly topic: string
  constructor(parameters: { topic: string; cause: unknown }) {
    super(`A listener of ${parameters.topic} threw; the stream went on without it.`, {
      cause: parameters.cause,
    })
    this.topic = parameters.topic
  }
}

/**
 * The problem of a record a reader refused: the first issue's field and message of a valibot
 * error, else the error's message (the texts an upstream filled, before redaction).
 */
export function readProblem(error: unknown): string {
  const issues = (error as { issues?: unknown }).issues
  const issue = Array.isArray(issues)
    ? (issues[0] as { message?: unknown; path?: { key?: unknown }[] } | undefined)
    : undefined
  if (issue !== undefined && typeof issue.message === 'string') {
    const where = issue.path?.map((item) => String(item.key)).join('.') || 'record'
    return `${where}: ${issue.message}`
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * The stream was closed (`close()`), so waiting for it ended.
 *
 * @example
 * import { StreamClosedError } from '@tradeline/core'
 * new StreamClosedError().shortMessage // 'The stream is closed.'
 */
export class StreamClosedError extends BaseError {
  static override readonly kind: string = 'StreamClosedError'
  override name = 'StreamClosedError'
  constructor() {
    super('The stream is closed.')
  }
}

/**
 * A consumer fell behind by more events than its buffer holds: rather than drop an event, the
 * stream ends that consumer with this error.
 *
 * @example
 * import { StreamOverflowError } from '@tradeline/core'
 * new StreamOverflowError({ limit: 10000 }).shortMessage // 'A stream consumer fell 10000 events behind.'
 */
export class StreamOverflowError extends BaseError {
  static override readonly kind: string = 'StreamOverflowError'
  override name = 'StreamOverflowError'
  /** The buffer size that was exceeded. */
  readonly limit: number
  constructor(parameters: { limit: number }) {
    super(`A stream consumer fell ${parameters.limit} events behind.`, {
      metaMessages: ['Read events faster, or raise `highWaterMark`; none was dropped silently.'],
    })
    this.limit = parameters.limit
  }
}

/**
 * After a gap the stream could not read everything that was missed (a read had more pages than
 * it may follow): rather than deliver part of it as if complete, the consumers of the topic get
 * this error naming the read; the stream goes on with what comes after.
 *
 * @example
 * import { StreamGapError } from '@tradeline/core'
 * new StreamGapError({ what: 'fills', pages: 1000, read: 100000 }).shortMessage // 'The stream could not read every record of fills missed in a gap: more than 1000 pages (100000 records read).'
 */
export class StreamGapError extends BaseError {
  static override readonly kind: string = 'StreamGapError'
  override name = 'StreamGapError'
  /** The read that had more pages, e.g. `fills`. */
  readonly what: string
  /** The pages followed. */
  readonly pages: number
  /** The records read before it stopped. */
  readonly read: number
  constructor(parameters: { what: string; pages: number; read: number }) {
    super(
      `The stream could not read every record of ${parameters.what} missed in a gap: more than ${parameters.pages} pages (${parameters.read} records read).`,
      { metaMessages: ['Read the history of that time through REST; later events are delivered.'] },
    )
    this.what = parameters.what
    this.pages = parameters.pages
    this.read = parameters.read
  }
}

/**
 * The server sent a message larger than the connection takes (`maxMessageBytes`): it was not
 * read (a frame that size is a broken or hostile server, and parsing it could exhaust memory),
 * the connection was dropped and is opened again like after any other drop.
 *
 * @example
 * import { StreamMessageTooLargeError } from '@tradeline/core'
 * new StreamMessageTooLargeError({ limit: 4194304, size: 5000000 }).shortMessage // 'The server sent a message of 5000000 bytes, over the limit of 4194304 bytes (maxMessageBytes); it was not read and the connection was dropped.'
 */
export class StreamMessageTooLargeError extends BaseError {
  static override readonly kind: string = 'StreamMessageTooLargeError'
  override name = 'StreamMessageTooLargeError'
  /** The most bytes a message may have (`maxMessageBytes`). */
  readonly limit: number
  /** The message's size in bytes, when known (the `ws` package refuses a frame by its header, before it is whole). */
  readonly size: number | undefined
  constructor(parameters: { limit: number; size?: number | undefined }) {
    const size = parameters.size === undefined ? '' : ` of ${parameters.size} bytes`
    super(
      `The server sent a message${size}, over the limit of ${parameters.limit} bytes (maxMessageBytes); it was not read and the connection was dropped.`,
      {
        metaMessages: ['Raise `maxMessageBytes` if the server is trusted and sends such messages.'],
      },
    )
    this.limit = parameters.limit
    this.size = parameters.size
  }
}
