/**
 * The writes of a client whose request carries no client id (a securities placement, a savings
 * subscription or redemption): an unknown outcome of one is settled by finding the records that
 * show the fields it sent, and a record that matches may be another call's of the same client
 * with the same fields, sent at the same time. The registry keeps, per client, the writes whose
 * outcome is not settled, under a key of what they sent (the fields a lookup matches on), and the
 * records its writes were answered with or claimed:
 *
 * - a record answered to a write (its acknowledgement) or claimed by one (a lookup's single match)
 *   is that write's, never another's; a claim is checked and recorded at once, when the lookup is
 *   judged, so that one record is claimed at most once;
 * - while another write of the same key is in flight (sent, its outcome not settled), a match may
 *   be that write's: the lookup waits (its answer may claim it), and when the lookups end so the
 *   matches are ambiguous;
 * - a write of the same key that ended with its outcome unknown may still have made a record: a
 *   match within its reach is ambiguous. It stays in the registry while a record of it can fall in
 *   another write's lookup window: its request is valid for `clockTolerance` after it was sent,
 *   and a lookup reaches `clockTolerance` back, so two writes sent more than twice that apart
 *   cannot meet.
 */
import { answeredIds } from './answered.js'
import { clockTolerance } from './change.js'

/** How many writes that ended unknown a client keeps (the newest), beside those in flight. */
export const idlessMax = 2000

/**
 * How a write's lookup is judged ({@link IdlessWrite.judge}): `none` (no record not already
 * another write's), `one` (the record's id, now claimed by this write), `wait` (matches, with
 * another write of the same key in flight: its answer may tell whose they are) or `ambiguous`
 * (several matches, or one that another write of the same key may have made).
 */
export type IdlessJudgement =
  | { readonly kind: 'none' }
  | { readonly kind: 'one'; readonly id: string }
  | { readonly kind: 'wait' | 'ambiguous'; readonly ids: readonly string[] }

/** One write in the registry, from just before it is sent until its outcome ends. */
export type IdlessWrite = {
  /**
   * Judges the ids of the records a lookup found (call it after the lookup's last await: the
   * claim of a single match is recorded here, synchronously). `one` settles the write.
   */
  judge(ids: readonly string[]): IdlessJudgement
  /** The exchange answered the write with the record `id` (ignored unless a non-empty string): it is claimed, and the write settled. */
  answered(id: unknown): void
  /** The write's outcome is known without a record of it (refused, proven not applied): settled. */
  settled(): void
  /** The write ended with its outcome unknown: it may still have made a record another write's lookup finds. */
  unknown(): void
}

/** The registry of the writes without a client id, per client. */
export type IdlessWrites = {
  /**
   * Registers a write of `client` (any object standing for the client: its transport) just
   * before it is sent: `key` names what it sent (two writes whose records a lookup cannot tell
   * apart have the same key), `sentAt` its first attempt's time on the client's clock.
   */
  begin(client: object, key: string, sentAt: number): IdlessWrite
  /** Whether the record `id` was answered to, or claimed by, a write of `client`. */
  has(client: object, id: string): boolean
}

type Entry = { readonly key: string; readonly sentAt: number; state: 'flight' | 'unknown' | 'done' }

/**
 * A new registry of writes without a client id (see the module).
 *
 * @example
 * import { idlessWrites } from '@tradeline/core/internal'
 * const writes = idlessWrites()
 * const client = {}
 * const a = writes.begin(client, 'subscribe|100', Date.now())
 * const b = writes.begin(client, 'subscribe|100', Date.now())
 * b.judge(['7']).kind // 'wait': a may have made it
 * a.answered('7')
 * b.judge(['7']).kind // 'none': it is a's
 */
export function idlessWrites(max = idlessMax): IdlessWrites {
  const answered = answeredIds()
  const byClient = new WeakMap<object, Set<Entry>>()
  /**
   * Drops the writes ended unknown that no write in flight can meet any more (sent more than
   * twice the clock tolerance before the earliest in flight, `now` a write just begun), and the
   * oldest past `max`.
   */
  const prune = (entries: Set<Entry>, now: number) => {
    let earliest = now
    for (const entry of entries)
      if (entry.state === 'flight') earliest = Math.min(earliest, entry.sentAt)
    const ended = [...entries].filter((entry) => entry.state === 'unknown')
    for (const [index, entry] of ended.entries())
      if (entry.sentAt < earliest - 2 * clockTolerance || index < ended.length - max)
        entries.delete(entry)
  }
  return {
    begin(client, key, sentAt) {
      let entries = byClient.get(client)
      if (entries === undefined) {
        entries = new Set()
        byClient.set(client, entries)
      }
      const own = entries
      const entry: Entry = { key, sentAt, state: 'flight' }
      own.add(entry)
      prune(own, sentAt)
      const settle = () => {
        if (entry.state !== 'flight') return
        entry.state = 'done'
        own.delete(entry)
      }
      return {
        judge(ids) {
          const fresh = [...new Set(ids)].filter((id) => !answered.has(client, id))
          if (fresh.length === 0) return { kind: 'none' }
          let inFlight = false
          let ended = false
          for (const other of own) {
            if (other === entry || other.key !== key) continue
            if (other.state === 'flight') inFlight = true
            else if (Math.abs(other.sentAt - sentAt) <= 2 * clockTolerance) ended = true
          }
          if (inFlight) return { kind: 'wait', ids: fresh }
          const [only] = fresh
          if (only === undefined || fresh.length > 1 || ended)
            return { kind: 'ambiguous', ids: fresh }
          answered.remember(client, only)
          settle()
          return { kind: 'one', id: only }
        },
        answered(id) {
          answered.remember(client, id)
          settle()
        },
        settled: settle,
        unknown() {
          if (entry.state !== 'flight') return
          entry.state = 'unknown'
        },
      }
    },
    has: (client, id) => answered.has(client, id),
  }
}
