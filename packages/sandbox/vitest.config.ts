import { fileURLToPath } from 'node:url'
import { definePackageConfig } from '@tradeline/vitest-config'

const rules = (file: string) => fileURLToPath(new URL(`../rules/src/${file}`, import.meta.url))

// Tests read the rules from source, so they do not depend on a fresh build of the rules.
export default definePackageConfig({
  resolve: {
    alias: [
      { find: /^@tradeline\/rules$/, replacement: rules('index.ts') },
      { find: /^@tradeline\/rules\/big$/, replacement: rules('big.ts') },
    ],
  },
})
