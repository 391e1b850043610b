import type { BundleSize } from '../../../scripts/lib/bundle-size.mjs'

/**
 * One measured bundle: gzipped bytes (level 9, each chunk on its own) of the minified browser
 * bundle a page loads at start (the entry chunk and its static imports), and of the chunks it
 * imports dynamically (`...LazyGz`).
 */
export type SizeRow = {
  /** The entry's key in `budgets`. */
  key: keyof typeof budgets
  name: string
  rolldownGz: number
  rolldownLazyGz: number
  esbuildGz: number
  esbuildLazyGz: number
  /** The budget of the size goals, in gzipped bytes. */
  budgetGz: number
  /** The Node built-ins the bundles import (none expected). */
  builtins: string[]
}

/** The gzipped budgets of the size goals, in bytes. */
export declare const budgets: {
  rulesPlaceOrder: number
  rulesEverything: number
  unifiedPlaceOrder: number
  unifiedClient: number
  unifiedStream: number
}

/** esbuild's budget of createUnifiedBaseClient + placeOrder, in gzipped bytes. */
export declare const esbuildPlaceOrderBudget: number

/** The bundles measured. */
export declare const entries: { key: keyof typeof budgets; name: string; source: string }[]

/** Measures every entry with rolldown and esbuild. */
export declare function measureSizes(): Promise<SizeRow[]>
export declare function bundleEsbuild(source: string): Promise<BundleSize>
export declare function bundleRolldown(source: string): Promise<BundleSize>
