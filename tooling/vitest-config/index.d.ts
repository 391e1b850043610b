import type { ViteUserConfig } from 'vitest/config'

/** The shared vitest preset of tradeline packages, with optional overrides. */
export declare function definePackageConfig(overrides?: ViteUserConfig): ViteUserConfig
