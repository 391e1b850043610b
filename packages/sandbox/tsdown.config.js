// The shared build (tooling/tsdown-config): one bundled ESM file and .d.ts per `exports` entry,
// and the CLI that bin/tradeline-sandbox.js runs. Node only, so no dist/modules for bundlers.
// Hono and its Node server are bundled in (the public types name neither: `SandboxHttpApp`), so
// installing the sandbox beside a client adds one package, not three.
import { packageConfig } from '@tradeline/tsdown-config'

const config = packageConfig(process.cwd(), { modules: false })
export default {
  ...config,
  platform: 'node',
  noExternal: [/^hono(\/|$)/, /^@hono\/node-server(\/|$)/],
  entry: { ...config.entry, cli: 'src/cli.ts' },
}
