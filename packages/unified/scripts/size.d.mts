/** One measured bundle: gzipped bytes (level 9) of the minified browser bundle. */
export type SizeRow = {
  name: string
  rolldownGz: number
  esbuildGz: number
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
export declare function bundleEsbuild(
  source: string,
): Promise<{ code: Uint8Array; builtins: string[] }>
export declare function bundleRolldown(
  source: string,
): Promise<{ code: Uint8Array; builtins: string[] }>
