/**
 * The `User-Agent` the transport sends in Node: the client package, then core and Node, e.g.
 * `tradeline-unified/0.1.0 (+core 0.1.0; node 20.20.2)`. Nothing elsewhere: browsers forbid or
 * ignore the header, and Bun and Deno send their own.
 */

import type { Product } from '../Product.js'
import { version } from '../version.js'
import { isNode } from './send.js'

export type { Product } from '../Product.js'

/** The `User-Agent` for `product` in Node, else `undefined` (send none). */
export function userAgent(product: Product | undefined): string | undefined {
  if (!isNode()) return undefined
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions
    ?.node
  return product === undefined
    ? `tradeline-core/${version} (node ${node})`
    : `tradeline-${product.name}/${product.version} (+core ${version}; node ${node})`
}
