/** One mistake, one message: issues of one field merged into one. */
import type { Issue } from '../Issue.js'

/**
 * Merges two issues of the same field into one: `primary` keeps its type (the more useful one,
 * e.g. `tick` over `precision`, whose fix fixes both) and its message, which then says once
 * what `secondary` expected too.
 */
export function merge(primary: Issue, secondary: Issue): Issue {
  return {
    ...primary,
    expected: `${primary.expected} and ${secondary.expected}`,
    message: `${primary.message}; also expected ${secondary.expected}`,
  }
}
