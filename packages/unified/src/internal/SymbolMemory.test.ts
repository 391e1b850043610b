import { describe, expect, test } from 'vitest'
import { SymbolMemory } from './call.js'

describe('SymbolMemory', () => {
  test('keeps at least the newest `capacity` keys and forgets those two generations old', () => {
    const memory = new SymbolMemory(4)
    for (let i = 1; i <= 10; i++) memory.remember({ orderId: String(i) }, `S${i}`)
    const known = Array.from({ length: 10 }, (_, i) => memory.symbolOf({ orderId: String(i + 1) }))
    // Generations of 4: {9, 10} is the newer, {5..8} the older; 1..4 are gone.
    expect(known).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      'S5',
      'S6',
      'S7',
      'S8',
      'S9',
      'S10',
    ])
  })

  test('the newest symbol of a key wins; orderId is looked up before clientOid', () => {
    const memory = new SymbolMemory(2)
    memory.remember({ orderId: '1', clientOid: 'a' }, 'BTCUSDT')
    memory.remember({ orderId: '1' }, 'ETHUSDT')
    expect([
      memory.symbolOf({ orderId: '1' }),
      memory.symbolOf({ clientOid: 'a' }),
      memory.symbolOf({ orderId: '2', clientOid: 'a' }),
      memory.symbolOf({}),
    ]).toEqual(['ETHUSDT', 'BTCUSDT', 'BTCUSDT', undefined])
  })

  test('a memory told which symbols to keep (the client keeps rToken pairs only) ignores the others', () => {
    const memory = new SymbolMemory(4, (symbol) => symbol.startsWith('r'))
    memory.remember({ orderId: '1' }, 'rAAPLUSDT')
    memory.remember({ orderId: '2' }, 'BTCUSDT')
    expect([memory.symbolOf({ orderId: '1' }), memory.symbolOf({ orderId: '2' })]).toEqual([
      'rAAPLUSDT',
      undefined,
    ])
  })
})
