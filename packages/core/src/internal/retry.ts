/** Backoff, `Retry-After` and the wait between attempts of a read. */

/** Retry settings with their defaults filled in. */
export type RetryPolicy = {
  limit: number
  baseDelayMs: number
  maxDelayMs: number
  maxRetryAfterMs: number
  random: () => number
  wait: (ms: number, signal: AbortSignal | undefined) => Promise<void>
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so clients that
 * failed together spread out without retrying at once.
 */
export function backoff(retry: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
  return Math.round(step / 2 + policy.random() * (step / 2))
}

/**
 * Reads `Retry-After` as seconds or as an HTTP date; `undefined` when absent or unreadable.
 * Never negative.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000))
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * Waits `ms` milliseconds unless `signal` aborts. The timer is not unref'd: it belongs to a call
 * someone is awaiting, and letting the process exit in the middle of it would lose the result.
 */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** One signal that aborts when any of the given ones does. */
export function anySignal(
  first: AbortSignal | undefined,
  second: AbortSignal | undefined,
): AbortSignal | undefined {
  // Neither or one of them: no array, no combined signal (the path of nearly every call).
  if (first === undefined) return second
  if (second === undefined) return first
  return AbortSignal.any([first, second])
}
