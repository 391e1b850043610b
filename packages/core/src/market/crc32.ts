/**
 * CRC-32 (IEEE 802.3, the polynomial 0xEDB88320 reflected, as zlib computes it) over the UTF-8
 * bytes of a text, read as a signed 32-bit integer: the form the exchange's order-book
 * `checksum` takes. Written here (a 1 KiB table built on first use) so that the book needs no
 * dependency and runs in browsers as it does in Node.
 */

let table: Int32Array | undefined

function tableOf(): Int32Array {
  if (table) return table
  table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
}

/**
 * The signed CRC-32 of `text` (encoded as UTF-8).
 *
 * @example
 * import { crc32 } from '@tradeline/core'
 * crc32('123456789') // -873187034 (0xCBF43926 as a signed 32-bit integer)
 */
export function crc32(text: string): number {
  const t = tableOf()
  const bytes = new TextEncoder().encode(text)
  let crc = -1
  for (let i = 0; i < bytes.length; i++)
    crc = (crc >>> 8) ^ (t[(crc ^ (bytes[i] as number)) & 0xff] as number)
  return (crc ^ -1) | 0
}
