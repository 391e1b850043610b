/** The small world a fresh sandbox starts with: its instruments, each account's balances, the prices. */
import type { SandboxInstrument } from './state.js'

/** Instruments of a fresh sandbox. */
export const defaultInstruments: readonly SandboxInstrument[] = [
  {
    symbol: 'BTCUSDT',
    category: 'USDT-FUTURES',
    priceMultiplier: '0.1',
    pricePrecision: 1,
    sizeMultiplier: '0.001',
    minOrderAmount: '0.001',
    minTradeUSDT: '5',
  },
  {
    symbol: 'ETHUSDT',
    category: 'SPOT',
    priceMultiplier: '0.01',
    pricePrecision: 2,
    sizeMultiplier: '0.0001',
    minOrderAmount: '0.0001',
    minTradeUSDT: '1',
  },
  {
    symbol: 'rAAPLUSDT',
    category: 'SPOT',
    priceMultiplier: '0.01',
    pricePrecision: 2,
    sizeMultiplier: '0.01',
    minOrderAmount: '0.01',
    minTradeUSDT: '1',
  },
  {
    symbol: 'BTCUSD_CM',
    category: 'COIN-FUTURES',
    priceMultiplier: '0.1',
    pricePrecision: 1,
    sizeMultiplier: '1',
    minOrderAmount: '1',
    minTradeUSDT: '5',
  },
  {
    symbol: 'ETHPERP',
    category: 'USDC-FUTURES',
    priceMultiplier: '0.01',
    pricePrecision: 2,
    sizeMultiplier: '0.01',
    minOrderAmount: '0.01',
    minTradeUSDT: '5',
  },
]

/** Balances of every fresh account, per coin. */
export const defaultBalances: Readonly<Record<string, string>> = {
  USDT: '100000',
  USDC: '100000',
  BTC: '10',
  ETH: '100',
  rAAPL: '100',
}

/** Prices of a fresh sandbox. */
export const defaultPrices: Readonly<Record<string, string>> = {
  BTCUSDT: '65000.0',
  ETHUSDT: '3200.00',
  rAAPLUSDT: '230.00',
  BTCUSD_CM: '65000.0',
  ETHPERP: '3200.00',
}
