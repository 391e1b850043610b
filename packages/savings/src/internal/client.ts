/** What every savings action needs of a client: core's. */
export type { CallOptions, ClientBase, ClientConfig } from '@tradeline/core'
