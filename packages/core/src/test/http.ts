// The HTTP client the network tests run on: the suite runs once per client (vitest projects
// `undici` and `fetch`, vitest.config.ts), so both senders pass the same tests.
import { createTransport as create } from '../createTransport.js'

/** The client of this run: `TRADELINE_TEST_HTTP`, undici unless it says `fetch`. */
export const testHttp: 'undici' | 'fetch' =
  process.env.TRADELINE_TEST_HTTP === 'fetch' ? 'fetch' : 'undici'

/** `createTransport` on this run's HTTP client (a test that gives `fetch` keeps it). */
export function createTransport(options: create.Parameters = {}): ReturnType<typeof create> {
  return create(options.fetch || options.http ? options : { ...options, http: testHttp })
}
