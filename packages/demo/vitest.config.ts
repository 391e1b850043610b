import { definePackageConfig } from '@tradeline/vitest-config'

export default definePackageConfig()
