import type { UserConfig } from 'tsdown'

/** The build of the package in `dir` (default: the working directory), from its package.json. */
export function packageConfig(
  dir?: string,
  options?: { modules?: boolean; bundled?: readonly string[] },
): UserConfig
/** The entries of a package.json: `dist/x.js` of every `exports` and `bin` entry to `src/x.ts`. */
export function entries(manifest: {
  exports?: Record<string, unknown>
  bin?: string | Record<string, string>
}): Record<string, string>
declare const config: UserConfig
export default config
