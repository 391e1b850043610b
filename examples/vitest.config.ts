import { definePackageConfig } from '@tradeline/vitest-config'

export default definePackageConfig({ test: { include: ['test/**/*.test.ts'] } })
