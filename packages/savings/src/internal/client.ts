/** What every savings action needs of a client (the public types, for the actions' imports). */
export type { CallOptions, ClientBase, ClientConfig, SubscribeInfos } from '../types.js'
