/** A JavaScript runtime binary. */
export type Runtime = {
  readonly name: 'bun' | 'deno'
  /** The binary's absolute path, or `undefined` when it is not installed on this platform. */
  readonly path: string | undefined
  /** Where the binary comes from, for an error message. */
  readonly from: string
}

/** Bun (`@oven/bun-linux-x64`) and Deno (`@deno/linux-x64-glibc`), or `BUN_PATH` and `DENO_PATH`. */
export declare const runtimes: { readonly bun: Runtime; readonly deno: Runtime }
