// The stream secret scan of the classic futures private stream: an upstream on 127.0.0.1 that
// quotes the login and the secret back on every path; see @tradeline/fuzz/streams.
import { BaseError } from '@tradeline/core'
import { describeStreamSecretScan } from '@tradeline/fuzz/streams'
import { echoSpellings } from '@tradeline/sandbox'
import { createClassicFuturesClient } from '../createClassicFuturesClient.js'
import {
  type ClassicFuturesStream,
  createClassicFuturesStream,
} from './createClassicFuturesStream.js'

describeStreamSecretScan<ClassicFuturesStream>({
  name: 'classic futures stream (/v2/ws/private)',
  open(options) {
    const client = createClassicFuturesClient(options.client)
    return { stream: createClassicFuturesStream(client, options.stream), client }
  },
  read: (stream) => stream.account(),
  echoSpellings,
  typed: (error) => BaseError.isInstance(error),
})
