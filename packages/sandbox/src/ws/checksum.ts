/**
 * The exchange's order-book checksum: the signed CRC-32 (zlib's) of the first 25 bids and asks
 * written `bid1Price:bid1Size:ask1Price:ask1Size:…` with the price and size texts as pushed (a
 * side with fewer levels simply runs out).
 */

let table: Int32Array | undefined

/** The signed CRC-32 of the UTF-8 bytes of `text`. */
export function crc32(text: string): number {
  if (!table) {
    table = new Int32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      table[n] = c
    }
  }
  const bytes = Buffer.from(text, 'utf8')
  let crc = -1
  for (const byte of bytes) crc = (crc >>> 8) ^ (table[(crc ^ byte) & 0xff] as number)
  return (crc ^ -1) | 0
}

/** The checksum of a book whose sides are sorted best first. */
export function bookChecksum(
  bids: readonly (readonly [string, string])[],
  asks: readonly (readonly [string, string])[],
  levels = 25,
): number {
  const parts: string[] = []
  for (let i = 0; i < levels; i++) {
    const bid = bids[i]
    const ask = asks[i]
    if (bid) parts.push(bid[0], bid[1])
    if (ask) parts.push(ask[0], ask[1])
  }
  return crc32(parts.join(':'))
}
