/**
 * Calling the listeners of a stream, each isolated: what one throws never keeps an event from
 * the others, nor breaks the stream's own work (a catch-up, a flush of held pushes). Shared by
 * the private streams and the market streams.
 */
import { StreamListenerError } from './errors.js'
import type { StreamEvent } from './types.js'

/** Tells each listener of the stream's own events; a throw of one is dropped (it only observes). */
export function tellEach(
  listeners: Iterable<(event: StreamEvent) => void>,
  event: StreamEvent,
): void {
  for (const listener of listeners)
    try {
      listener(event)
    } catch {
      // A listener of the stream's events only observes: its own failure cannot be told.
    }
}

/** Runs one listener of `topic`; a throw becomes a `StreamListenerError` passed to `report`. */
export function callListener(
  topic: string,
  run: () => void,
  report: (error: unknown) => void,
): void {
  try {
    run()
  } catch (cause) {
    report(new StreamListenerError({ topic, cause }))
  }
}
