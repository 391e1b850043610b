// The shared build (tooling/tsdown-config): one bundled ESM file and .d.ts per `exports` entry,
// and the CLI that bin/tradeline-sandbox.js runs. Node only, so no dist/modules for bundlers.
// Hono and its Node server are bundled in (the public types name neither: `SandboxHttpApp`), so
// installing the sandbox beside a client adds one package, not three. The `ws` server is bundled
// in the same way (its optional native helpers, bufferutil and utf-8-validate, stay out).
import { packageConfig } from '@tradeline/tsdown-config'

const config = packageConfig(process.cwd(), {
  modules: false,
  bundled: ['hono', '@hono/node-server', 'ws'],
})
export default {
  ...config,
  platform: 'node',
  // ws loads these optional native speed-ups in a try/catch and falls back to plain JS.
  external: ['bufferutil', 'utf-8-validate'],
  entry: { ...config.entry, cli: 'src/cli.ts' },
}
