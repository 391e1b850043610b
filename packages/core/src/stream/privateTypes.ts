/**
 * The types of a private stream's readers and topics (see `createPrivateStream` in
 * ./privateStream.ts).
 */
import type { StreamEvent, StreamState } from './types.js'

/** How an event reached the stream: a push (`snapshot`/`update`) or the REST reconciliation after a gap (`replay`). */
export type StreamEventMeta<T = string> = {
  readonly topic: T
  readonly action: 'snapshot' | 'update' | 'replay'
  /** The push's server time, or the record's update time for a replay (Unix ms). */
  readonly ts: number | undefined
}

/** Options of one iterator. */
export type StreamReadOptions = {
  /** Ends the iterator. */
  signal?: AbortSignal | undefined
  /** Events a slow reader may fall behind before its next read throws a `StreamOverflowError`, a whole number from 1. @default 10000 */
  highWaterMark?: number | undefined
}

/**
 * One topic of a private stream: its subscription arg, how a pushed record is read, and what
 * kind of topic it is.
 * - `order`, `fill`: through the ledger (the line's `ledger` option describes the records).
 * - `state`: records keyed by `key`; a snapshot replaces them all and a record of the old
 *   state missing from it is emitted as `closed(record)` first; a record `isClosed` leaves
 *   the state. A record of a snapshot that does not read keeps its last state (by `rawKey`). A reader joining a running subscription gets the state as a snapshot.
 * - `latest`: one record, the last pushed; a joining reader gets it.
 * - `event`: each push as it comes (no state, no catch-up after a gap).
 */
export type PrivateTopic<R> = {
  readonly arg: Readonly<Record<string, unknown>>
  /** Reads one pushed record (`ts` the push's server time); throws when it lacks what the type needs. */
  read(raw: unknown, ts?: number | undefined): R
} & (
  | { readonly kind: 'order' | 'fill' | 'latest' | 'event' }
  | {
      readonly kind: 'state'
      key(record: R): string
      /**
       * The key of a pushed record that `read` refused, from its key fields alone (throws or
       * `undefined` when those do not read either): a snapshot with such a record still lists
       * its key, so the position is not taken for closed. Without it, a snapshot with a record
       * that did not read reports nothing closed.
       */
      rawKey?(raw: unknown): string | undefined
      isClosed(record: R): boolean
      closed(record: R): R
    }
)

/** A private stream; a product line names its readers over it. */
export type PrivateStream<T extends Record<string, unknown>> = {
  /** An iterator of `topic`'s events. */
  read<K extends keyof T & string>(
    topic: K,
    options?: StreamReadOptions,
  ): AsyncIterableIterator<T[K]>
  /** Calls `listener` for every event of `topic`; returns the function that stops it. */
  on<K extends keyof T & string>(
    topic: K,
    listener: (record: T[K], meta: StreamEventMeta<K>) => void,
  ): () => void
  /** Calls `listener` on connection events (open, ready, down with the reason, errors). */
  onConnection(listener: (event: StreamEvent) => void): () => void
  /** Resolves once connected, logged in, every current subscription acknowledged and the open orders read. */
  ready(): Promise<void>
  readonly state: StreamState
  /** Drops the connection now as a network failure would (it reconnects and reconciles). */
  reconnect(): void
  /** Closes the connection; every iterator ends and nothing is emitted after. */
  close(): Promise<void>
}

/** One reader (an iterator or a listener) of a private stream's topic. */
export type Consumer = {
  readonly deliver: (record: unknown, meta: StreamEventMeta) => void
  readonly fail: (error: unknown) => void
  /** How many events it holds unread before it overflows (a reader's `highWaterMark`). */
  readonly room?: number | undefined
  /**
   * When it joined (server ms): a replay older than that is not its. One that joined before its
   * topic's subscription was acknowledged joins at the topic's start (the clock, perhaps not
   * synchronised yet when it joined, may have read far ahead).
   */
  since: number
}
