// The recorded exchange documents of fixtures/exchange (see its SOURCES.md), read by the tests of
// every client: one reader instead of a path climbing out of each test's folder.
import { readFileSync } from 'node:fs'

/** The JSON of `fixtures/exchange/<name>`, as `JSON.parse` gives it. */
export function exchangeFixture(name: string): ReturnType<typeof JSON.parse> {
  return JSON.parse(
    readFileSync(new URL(`../../fixtures/exchange/${name}`, import.meta.url), 'utf8'),
  )
}
