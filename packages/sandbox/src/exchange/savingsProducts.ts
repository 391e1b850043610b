/**
 * The savings products every sandbox serves (the exchange's product fields, values chosen by the
 * sandbox): a flexible ladder product in USDT, a 30-day fixed product in USDT and a flexible
 * product in BTC.
 */

/** A step rate (`apyList` item): all strings. */
export type ApyStep = {
  readonly rateLevel: string
  readonly minStepVal: string
  readonly maxStepVal: string
  readonly currentApy: string
}

/** A savings product of the sandbox. */
export type SavingsProduct = {
  readonly productId: string
  readonly coin: string
  readonly periodType: 'flexible' | 'fixed'
  /** Days of a fixed product; `''` for flexible. */
  readonly period: string
  readonly apyType: 'single' | 'ladder'
  readonly apyList: readonly ApyStep[]
  readonly singleMinAmount: string
  readonly singleMaxAmount: string
  readonly subscribePrecision: string
  readonly profitPrecision: string
  readonly settleMethod: 'daily' | 'maturity'
  readonly redeemDelay: string
}

/** The products of every sandbox. */
export const savingsProducts: readonly SavingsProduct[] = [
  {
    productId: '1001',
    coin: 'USDT',
    periodType: 'flexible',
    period: '',
    apyType: 'ladder',
    apyList: [
      { rateLevel: '1', minStepVal: '0', maxStepVal: '500', currentApy: '6.00' },
      { rateLevel: '2', minStepVal: '500', maxStepVal: '100000', currentApy: '2.00' },
    ],
    singleMinAmount: '10',
    singleMaxAmount: '100000',
    subscribePrecision: '2',
    profitPrecision: '8',
    settleMethod: 'daily',
    redeemDelay: 'D+0',
  },
  {
    productId: '1002',
    coin: 'USDT',
    periodType: 'fixed',
    period: '30',
    apyType: 'single',
    apyList: [{ rateLevel: '1', minStepVal: '0', maxStepVal: '50000', currentApy: '8.00' }],
    singleMinAmount: '100',
    singleMaxAmount: '50000',
    subscribePrecision: '0',
    profitPrecision: '8',
    settleMethod: 'maturity',
    redeemDelay: 'D+1',
  },
  {
    productId: '1003',
    coin: 'BTC',
    periodType: 'flexible',
    period: '',
    apyType: 'single',
    apyList: [{ rateLevel: '1', minStepVal: '0', maxStepVal: '10', currentApy: '1.50' }],
    singleMinAmount: '0.001',
    singleMaxAmount: '10',
    subscribePrecision: '6',
    profitPrecision: '8',
    settleMethod: 'daily',
    redeemDelay: 'D+1',
  },
]

/** The initial remaining quota of each product, decimal strings. */
export const initialQuota: Readonly<Record<string, string>> = {
  '1001': '5000000',
  '1002': '200000',
  '1003': '100',
}

/**
 * The product of an id (and period type when given); `undefined` when none.
 *
 * @example
 * import { savingsProduct } from '@tradeline/sandbox'
 * savingsProduct('1001')?.coin // 'USDT'
 */
export function savingsProduct(
  productId: string,
  periodType?: string | undefined,
): SavingsProduct | undefined {
  return savingsProducts.find(
    (p) => p.productId === productId && (periodType === undefined || p.periodType === periodType),
  )
}
