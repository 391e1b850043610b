import { definePackageConfig } from '@tradeline/vitest-config'

// Every request a test checks is also validated against its generated JSON Schema
// (src/test/agreement.ts); the counts are printed at the end of the run.
export default definePackageConfig({
  test: {
    setupFiles: ['./src/test/agreement.setup.ts'],
    globalSetup: ['./src/test/agreement.global.ts'],
  },
})
