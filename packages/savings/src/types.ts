/** The public types of the savings client: its configuration, what every action needs of a client, call options. */
export type { CallOptions, ClientBase, ClientConfig } from '@tradeline/core'
