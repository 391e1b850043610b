import { fileURLToPath } from 'node:url'
import { definePackageConfig } from '@tradeline/vitest-config'

// Tests read the rules from source, so they do not depend on a fresh build of the rules.
export default definePackageConfig({
  resolve: {
    alias: {
      '@tradeline/rules': fileURLToPath(new URL('../rules/src/index.ts', import.meta.url)),
    },
  },
})
