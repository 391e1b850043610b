import { definePackageConfig } from '@tradeline/vitest-config'

// Every request a test checks is also validated against its generated JSON Schema
// (src/test/agreement.ts); the counts are printed at the end of the run. Benchmarks measure
// `Endpoint.check` itself, so they run without it.
export default ({ mode }: { mode: string }) =>
  mode === 'benchmark'
    ? definePackageConfig()
    : definePackageConfig({
        test: {
          setupFiles: ['./src/test/agreement.setup.ts'],
          globalSetup: ['./src/test/agreement.global.ts'],
        },
      })
