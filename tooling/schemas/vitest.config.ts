import { definePackageConfig } from '@tradeline/vitest-config'

export default definePackageConfig({ test: { testTimeout: 120_000 } })
