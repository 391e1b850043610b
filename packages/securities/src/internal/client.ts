/** What every securities action needs of a client (the public types, for the actions' imports). */
export type {
  CallOptions,
  ChangeOptions,
  ClientBase,
  ClientConfig,
  KnownOrders,
  LotSizes,
} from '../types.js'
