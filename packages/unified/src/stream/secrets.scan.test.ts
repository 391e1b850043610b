// The stream secret scan of the unified account's private stream: an upstream on 127.0.0.1 that
// quotes the login and the secret back on every path; see @tradeline/fuzz/streams.
import { BaseError } from '@tradeline/core'
import { describeStreamSecretScan } from '@tradeline/fuzz/streams'
import { echoSpellings } from '@tradeline/sandbox'
import { createUnifiedClient } from '../createUnifiedClient.js'
import { createUnifiedStream, type UnifiedStream } from './createUnifiedStream.js'

describeStreamSecretScan<UnifiedStream>({
  name: 'unified stream (/v3/ws/private)',
  open(options) {
    const client = createUnifiedClient({ ...options.client, positionMode: false })
    return { stream: createUnifiedStream(client, options.stream), client }
  },
  read: (stream) => stream.account(),
  echoSpellings,
  typed: (error) => BaseError.isInstance(error),
})
