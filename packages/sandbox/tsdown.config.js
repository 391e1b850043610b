// The shared build (tooling/tsdown-config): one bundled ESM file and .d.ts per `exports` entry,
// and the CLI that bin/tradeline-sandbox.js runs.
import { packageConfig } from '@tradeline/tsdown-config'

const config = packageConfig()
export default { ...config, entry: { ...config.entry, cli: 'src/cli.ts' } }
