/** Generated order ids: every order-changing call carries a `clientOid` so it can be found again. */
export { createClientOid } from '@tradeline/core'
