import { definePackageConfig } from '@tradeline/vitest-config'

/** The tests that send over a real socket: they run once per HTTP client. */
const network = [
  'src/createTransport.test.ts',
  'src/createTransport.sandbox.test.ts',
  'src/createTransport.retries.test.ts',
  'src/redaction.test.ts',
]

// Projects, not `extends: true`: vitest concatenates an extended `include`, and the fetch run
// takes only the network tests.
const project = { restoreMocks: true, testTimeout: 20_000 }

export default definePackageConfig({
  test: {
    projects: [
      {
        test: {
          ...project,
          name: 'undici',
          include: ['src/**/*.test.ts'],
          typecheck: {
            enabled: true,
            include: ['src/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
          env: { TRADELINE_TEST_HTTP: 'undici' },
        },
      },
      {
        test: {
          ...project,
          name: 'fetch',
          include: network,
          env: { TRADELINE_TEST_HTTP: 'fetch' },
        },
      },
    ],
  },
})
