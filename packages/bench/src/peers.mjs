// The peers as the bench configures them, over HTTP and in memory alike: bitget-api 3.2.3 in its
// default setting and in its documented fast one (`customSignMessageFn` with node:crypto's
// createHmac, which spares the Web Crypto key import of every call), and ccxt 4.5.84 as its
// docs configure it for bitget's unified account, its own limiter off like every contender's.
import { RestClientV3 } from 'bitget-api'
import ccxt from 'ccxt'
import { createHmacSigner } from './raw.mjs'

/**
 * A bitget-api REST client of `url`; `tuned`: with the createHmac signer; `network`: axios
 * options (an in-memory `adapter`, say).
 */
export function bitgetClient({ url, credentials }, { tuned = false, network } = {}) {
  const { apiKey, secret, passphrase } = credentials
  return new RestClientV3(
    {
      apiKey,
      apiSecret: secret,
      apiPass: passphrase,
      baseUrl: url,
      ...(tuned ? { customSignMessageFn: createHmacSigner } : {}),
    },
    network,
  )
}

/** A ccxt bitget exchange of `url` with its markets loaded; `fetch`: its fetch implementation. */
export async function ccxtExchange({ url, credentials }, { fetch } = {}) {
  const { apiKey, secret, passphrase } = credentials
  const exchange = new ccxt.bitget({
    apiKey,
    secret,
    password: passphrase,
    // ccxt paces its own calls (50 ms apart for bitget) unless told not to; the others have no
    // limiter on in this race either.
    enableRateLimit: false,
    options: { uta: true },
  })
  if (fetch) exchange.fetchImplementation = fetch
  for (const group of Object.keys(exchange.urls.api)) exchange.urls.api[group] = url
  await exchange.loadMarkets()
  return exchange
}

/** ccxt's place-order of the bench's order. */
export const ccxtOrder = (exchange) => exchange.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000)
