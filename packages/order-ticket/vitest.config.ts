import { definePackageConfig } from '@tradeline/vitest-config'

// Chromium starts slowly on a busy machine: generous timeouts; the page is built once per run.
export default definePackageConfig({
  test: { globalSetup: ['src/test/globalSetup.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
})
