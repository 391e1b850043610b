// The shared build: one bundled ESM file and .d.ts per `exports` entry (tooling/tsdown-config).
export { default } from '@tradeline/tsdown-config'
