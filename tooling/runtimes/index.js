// The Bun and Deno binaries of the npm registry, held as optional dependencies of this private
// package: pnpm installs them on linux x64 (glibc) only and skips them elsewhere. A path given in
// BUN_PATH or DENO_PATH wins (another platform, another version).
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** `file` inside the installed package `name`, or `undefined` when it is not installed. */
function binary(name, file) {
  try {
    const path = join(dirname(require.resolve(`${name}/package.json`)), file)
    return existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

/** The runtimes: name, the binary's path (or `undefined`), and where it comes from. */
export const runtimes = {
  bun: {
    name: 'bun',
    path: process.env.BUN_PATH || binary('@oven/bun-linux-x64', 'bin/bun'),
    from: '@oven/bun-linux-x64 (linux x64 only) or BUN_PATH',
  },
  deno: {
    name: 'deno',
    path: process.env.DENO_PATH || binary('@deno/linux-x64-glibc', 'deno'),
    from: '@deno/linux-x64-glibc (linux x64 only) or DENO_PATH',
  },
}
