#!/usr/bin/env node
// The `tradeline-sandbox` command. A committed file rather than dist/cli.js itself, so that pnpm
// links the command in a fresh clone before anything is built; it runs the built CLI.
import('../dist/cli.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    process.stderr.write(
      'tradeline-sandbox: dist/cli.js is not built yet: run `bash scripts/setup.sh` or `pnpm build` at the repository root.\n',
    )
    process.exit(1)
  }
  throw error
})
