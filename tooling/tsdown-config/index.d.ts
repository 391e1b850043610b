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
/** Throws unless each typed subpath of `exports` has the same `.d.ts` in `typesVersions["*"]`. */
export function checkTypesVersions(manifest: {
  name?: string
  exports?: Record<string, unknown>
  typesVersions?: Record<string, Record<string, readonly string[]>>
}): void
declare const config: UserConfig
export default config
