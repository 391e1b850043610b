// The shared build (tooling/tsdown-config): one bundled ESM file and .d.ts per `exports` entry.
// The build stays platform-neutral (the root entry runs in browsers too); the Redis entry, which
// runs where ioredis does, imports `node:crypto`: Node's built-in modules stay imports, said here
// so the neutral build does not warn that it cannot resolve them.
import { packageConfig } from '@tradeline/tsdown-config'

const config = packageConfig()
export default { ...config, external: [/^node:/] }
