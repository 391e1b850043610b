// The shared build (tooling/tsdown-config): one bundled ESM file and .d.ts per `exports` entry,
// and the CLI that bin/tradeline-sandbox.js runs. Node only, so no dist/modules for bundlers.
import { packageConfig } from '@tradeline/tsdown-config'

const config = packageConfig(process.cwd(), { modules: false })
export default { ...config, entry: { ...config.entry, cli: 'src/cli.ts' } }
