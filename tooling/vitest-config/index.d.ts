import type { ViteUserConfig } from 'vitest/config'

/** The shared vitest preset of tradeline packages, with optional overrides. */
export declare function definePackageConfig(overrides?: ViteUserConfig): ViteUserConfig
/** The `from './internal/…'` specifiers of a package's index module (a test expects none). */
export declare function exportsFromInternal(indexUrl: URL): string[]
