/** The client package a transport works for, named first in the `User-Agent` it sends in Node. */
export type Product = { readonly name: string; readonly version: string }
