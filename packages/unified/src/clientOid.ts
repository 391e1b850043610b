/** Generated order ids: every order-changing call carries a `clientOid` so it can be found again. */

/** The characters of a generated id: those both published clientOid patterns accept (DESIGN.md). */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

/**
 * Makes a random `clientOid`: 24 characters of `[A-Za-z0-9_-]` (144 random bits from
 * `crypto.getRandomValues`), so both published patterns accept it and no two collide in practice.
 *
 * @example
 * import { createClientOid } from '@tradeline/unified'
 * createClientOid() // 'Jc3m_0q9ZyXb-4TtUu1wQe8K'
 */
export function createClientOid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  let id = ''
  for (const byte of bytes) id += alphabet[byte & 63]
  return id
}
