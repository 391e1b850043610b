import { describe, expect, test } from 'vitest'
import { type Category, categories } from './Category.js'
import * as StrategySupport from './StrategySupport.js'

// The exchange documentation's "Support by category" table, row by row, as written there.
const table = [
  '| tpsl | yes | yes | yes | yes | yes |',
  '| trigger | yes | yes | yes | yes | yes |',
  '| oco | yes | yes | no | no | no |',
  '| trailing_stop | yes | no | yes | no | yes |',
  '| iceberg | yes | no | yes | no | yes |',
  '| twap | yes | no | yes | no | yes |',
] as const
const header = '| type | SPOT | MARGIN | USDT-FUTURES | COIN-FUTURES | USDC-FUTURES |'

const cells = table.flatMap((row) => {
  const [type, ...answers] = row
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
  const columns = header
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
    .slice(1)
  return answers.map((answer, i) => ({
    row,
    type: type as StrategySupport.Type,
    category: columns[i] as Category,
    supported: answer === 'yes',
  }))
})

describe('matrix', () => {
  test('the table has 30 cells, one per type and category', () => {
    expect(cells).toHaveLength(30)
    expect(new Set(cells.map((cell) => cell.type))).toEqual(new Set(StrategySupport.types))
    expect(new Set(cells.map((cell) => cell.category))).toEqual(new Set(categories))
  })

  test.each(cells)('$row -> $type on $category: $supported', (cell) => {
    expect(StrategySupport.matrix[cell.type][cell.category]).toBe(cell.supported)
  })
})

describe('isSupported', () => {
  test.each(cells)('$row -> isSupported($type, $category) is $supported', (cell) => {
    expect(StrategySupport.isSupported(cell.type, cell.category)).toBe(cell.supported)
  })
})

describe('supportedCategories', () => {
  test.each([
    ['tpsl', ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']],
    ['trigger', ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']],
    ['oco', ['SPOT', 'MARGIN']],
    ['trailing_stop', ['SPOT', 'USDT-FUTURES', 'USDC-FUTURES']],
    ['iceberg', ['SPOT', 'USDT-FUTURES', 'USDC-FUTURES']],
    ['twap', ['SPOT', 'USDT-FUTURES', 'USDC-FUTURES']],
  ] as const)('support by category of %s', (type, expected) => {
    expect(StrategySupport.supportedCategories(type)).toEqual(expected)
  })
})

describe('supportedTypes', () => {
  test.each([
    ['SPOT', ['tpsl', 'trigger', 'oco', 'trailing_stop', 'iceberg', 'twap']],
    ['MARGIN', ['tpsl', 'trigger', 'oco']],
    ['USDT-FUTURES', ['tpsl', 'trigger', 'trailing_stop', 'iceberg', 'twap']],
    ['COIN-FUTURES', ['tpsl', 'trigger']],
    ['USDC-FUTURES', ['tpsl', 'trigger', 'trailing_stop', 'iceberg', 'twap']],
  ] as const)('the column %s of the support table', (category, expected) => {
    expect(StrategySupport.supportedTypes(category)).toEqual(expected)
  })
})

describe('reason', () => {
  test.each(cells)('$row -> a reason for $type on $category only when "no"', (cell) => {
    const text = StrategySupport.reason(cell.type, cell.category)
    if (cell.supported) expect(text).toBeUndefined()
    else
      expect(text).toMatch(
        new RegExp(`^${cell.type} orders are not supported for ${cell.category} \\(supported: `),
      )
  })

  test('the sentence names the supported categories', () => {
    expect(StrategySupport.reason('oco', 'USDT-FUTURES')).toMatchInlineSnapshot(
      `"oco orders are not supported for USDT-FUTURES (supported: SPOT, MARGIN)"`,
    )
    expect(StrategySupport.reason('twap', 'MARGIN')).toMatchInlineSnapshot(
      `"twap orders are not supported for MARGIN (supported: SPOT, USDT-FUTURES, USDC-FUTURES)"`,
    )
  })
})
