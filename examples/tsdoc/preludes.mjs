// What a TSDoc `@example` may use without declaring it, per package (packages/NAME): each entry
// becomes `declare const NAME: TYPE` in front of an example that uses NAME and declares none.
// The types are the packages' public ones, as a user would name them (`@root/` is the
// repository's folder, for the demo's own types).
const keys = {
  credentials: "import('@tradeline/core').Credentials",
  apiKey: 'string',
  secret: 'string',
  passphrase: 'string',
}
const core = "import('@tradeline/core')"
const campaign = "import('@tradeline/campaign')"
export const preludes = {
  // Core's examples show the building blocks a product line's client is made of.
  core: {
    ...keys,
    transport: `${core}.Transport`,
    client: "import('@tradeline/unified').UnifiedClient",
    order: "import('@tradeline/unified').placeOrder.Parameters",
    endpoint: "import('@tradeline/rules').Endpoint.Endpoint<any, any>",
    request: 'Readonly<Record<string, unknown>>',
    engine: `${core}.BatchEngine<Readonly<Record<string, unknown>>, unknown>`,
    orders: 'readonly Readonly<Record<string, unknown>>[]',
    orderAck: "import('valibot').GenericSchema<unknown, { orderId: string; clientOid: string }>",
    schema: "import('valibot').GenericSchema<unknown, { orderId: string }>",
    change: `${core}.Change<unknown, unknown, unknown>`,
    url: 'string',
    login: '(expired: boolean) => Promise<Readonly<Record<string, string>>>',
    line: `${core}.createMarketStream.Parameters['line']`,
    options: `${core}.createClientBase.OrderParameters`,
    base: `${core}.ClientBase`,
    fetchInstruments: '(category: string) => Promise<readonly unknown[]>',
    error: `${core}.BaseError`,
    settings: `${core}.ReconcileSettings`,
    findByClientOid: '(clientOid: string) => Promise<{ orderId: string } | undefined>',
    response: "import('valibot').GenericSchema<unknown, { orderId: string }>",
    parameters: 'unknown',
    input: 'Readonly<Record<string, unknown>>',
    judge: `(found: { cTime: string } | undefined) => ${core}.ChangeVerdict<string>`,
  },
  unified: {
    ...keys,
    client: "import('@tradeline/unified').UnifiedClient",
    orders: "Parameters<typeof import('@tradeline/unified').placeOrders>[1]",
    sandbox: "import('@tradeline/sandbox').RunningSandbox",
  },
  'classic-futures': {
    ...keys,
    orders: "Parameters<typeof import('@tradeline/classic-futures').placeOrders>[1]",
    client: "import('@tradeline/classic-futures').ClassicFuturesClient",
  },
  securities: {
    ...keys,
    client: "import('@tradeline/securities').SecuritiesClient",
    order: "import('@tradeline/securities').placeOrder.Parameters",
  },
  savings: { ...keys, client: "import('@tradeline/savings').SavingsClient" },
  'rate-limit': {},
  rules: {},
  sandbox: { sandbox: "import('@tradeline/sandbox').RunningSandbox" },
  campaign: {
    sandbox: "import('@tradeline/sandbox').RunningSandbox",
    uid: 'string',
    entry: `Parameters<typeof ${campaign}.compact>[0]`,
    timing: `Parameters<typeof ${campaign}.faultMenu>[0]`,
    result: `Parameters<typeof ${campaign}.wrongKinds>[0]`,
  },
  peers: { sandbox: "import('@tradeline/sandbox').RunningSandbox" },
  demo: {
    session: "import('@root/packages/demo/src/context.js').Session",
    usedClientOid: 'string',
    open: 'number',
    log: "Parameters<typeof import('@root/packages/demo/src/steps/stream.js').streamGap>[1]",
  },
  'order-ticket': { form: "import('@root/packages/order-ticket/src/ticket.js').Spec" },
}
