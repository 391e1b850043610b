import { createOrderBook } from '@tradeline/core'

const book = createOrderBook() // every level; createOrderBook({ depth: 50 }) keeps 50 per side
book.snapshot(
  [
    ['43231.1', '4'],
    ['43231', '6'],
  ], // bids
  [
    ['43232.8', '9'],
    ['43232.9', '8'],
  ], // asks
)
book.update([['43231.1', '0']], [['43232.85', '1.50']]) // a size of 0 removes the level
console.log('best bid', book.bestBid())
console.log('asks', JSON.stringify(book.asks(2)))
console.log('checksum text', book.checksumText())
console.log('checksum', book.checksum()) // the exchange's signed CRC-32 of that text
