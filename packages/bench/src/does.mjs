// What each contender does per call, shown beside its figures: a ratio means little without it.
export const does = {
  rawPool:
    'signs with createHmac, JSON.stringify, one undici `Pool.request`, JSON.parse of the envelope; no timer, no checks',
  rawAgent: "the same through `undici.request` and undici's `Agent`; no timer, no checks",
  rawFetch: "the same through Node's `fetch`; no timer, no checks",
  rawCpu:
    'signs with createHmac, JSON.stringify of the order, JSON.parse of the answer to it (its clientOid echoed, a new orderId, built as the in-memory fetch builds it); no I/O, no timer, no checks',
  rawFixed:
    'the same, but JSON.parse of one unchanging answer text, which V8 parses again faster than a new one (0.58 us against 0.7 to 1.1 us for distinct answers, measured alone), and which no client meets',
  harness:
    'the in-memory fetch alone: answers the order (its clientOid echoed) with a response object and reads its text (every client below pays it; the raw row builds only the answer text)',
  unified:
    'validates the order (schema, cross-field rules), checks tick and lot against the cached instrument, the position mode and the tradable status, builds a clientOid, signs, puts the attempt under a deadline (on shared timers, none of its own), parses the record',
  unifiedFetch: 'the same, sent with `fetch`',
  unifiedKy: 'the same, sent through a ky instance (its hooks see each attempt)',
  transport:
    'signs, puts the attempt under a deadline (on shared timers, none of its own), reads and classifies the envelope; validates nothing, no record schema',
  callEndpoint:
    "validates with the endpoint's rules (no instrument), signs, puts the attempt under a deadline (on shared timers, none of its own), parses the data with the record schema given",
  bitget:
    'validates nothing; signs with Web Crypto, importing the key on every call; sends with axios',
  bitgetTuned:
    'validates nothing; signs with a createHmac function given as `customSignMessageFn` (its documented fast setting); sends with axios',
  ccxt: "rounds price and amount to the market's precision, builds the request from its loaded markets, signs, parses the answer into its order structure; its own limiter off",
}
