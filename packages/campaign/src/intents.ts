/**
 * What the campaign records of each call: the paths its faults go to, and one intent per order
 * with what the call reported.
 */
import { ClassicFutures, Savings, Securities, Unified } from '@tradeline/rules'
import type { Report } from './careful.js'
import type { Operation } from './plan.js'

/** The request path each operation's first request goes to: where its fault is injected. */
export const pathOf: Readonly<Record<Operation, string>> = {
  'unified.place': Unified.placeOrder.path,
  'unified.batchPlace': Unified.placeBatch.path,
  'unified.modify': Unified.modifyOrder.path,
  'unified.cancel': Unified.cancelOrder.path,
  'unified.batchCancel': Unified.cancelBatch.path,
  'classic.place': ClassicFutures.placeOrder.path,
  'classic.batchPlace': ClassicFutures.batchPlaceOrder.path,
  'classic.modify': ClassicFutures.modifyOrder.path,
  'classic.cancel': ClassicFutures.cancelOrder.path,
  'classic.batchCancel': ClassicFutures.batchCancelOrders.path,
  'classic.reverse': ClassicFutures.clickBackhand.path,
  'securities.place': Securities.placeOrder.path,
  'savings.read': Savings.getProducts.path,
}

/** The reconciliation lookup of each line (where a lookup fault is injected); none for the others. */
export const lookupPathOf: Readonly<Partial<Record<Operation, string>>> = {
  'unified.place': Unified.getOrderInfo.path,
  'unified.batchPlace': Unified.getOrderInfo.path,
  'unified.modify': Unified.getOrderInfo.path,
  'unified.cancel': Unified.getOrderInfo.path,
  'unified.batchCancel': Unified.getOrderInfo.path,
  'classic.place': ClassicFutures.getOrderDetail.path,
  'classic.batchPlace': ClassicFutures.getOrderDetail.path,
  'classic.modify': ClassicFutures.getOrderDetail.path,
  'classic.cancel': ClassicFutures.getOrderDetail.path,
  'classic.batchCancel': ClassicFutures.getOrderDetail.path,
  'classic.reverse': ClassicFutures.getOrderDetail.path,
}

/** What one intent of a call names, for the audit. */
export type Target =
  /** A placement (single, batch item, reversal) known by its `clientOid`. */
  | { readonly kind: 'place'; readonly line: 'unified' | 'classic'; readonly clientOid: string }
  /** A price change of a unified order (the same `orderId`). */
  | {
      readonly kind: 'modify'
      readonly line: 'unified'
      readonly orderId: string
      readonly price: string
    }
  /** A classic size/price change: the order is replaced by one carrying `newClientOid`. */
  | {
      readonly kind: 'replace'
      readonly line: 'classic'
      readonly orderId: string
      readonly newClientOid: string
    }
  | { readonly kind: 'cancel'; readonly line: 'unified' | 'classic'; readonly orderId: string }
  /** A securities order (no clientOid): known by its quantity, unique in the campaign. */
  | { readonly kind: 'stock'; readonly quantity: number }
  | { readonly kind: 'read' }

/** One intent of a call and what it reported. */
export type Intent = {
  readonly call: number
  readonly operation: Operation
  readonly fault: string | undefined
  readonly target: Target
  report: Report
  /** Requests sent for it by the user (the first and each retry). */
  sends: number
  /** The sandbox's truth right after the call settled, where later calls may change it. */
  truth?: unknown
}
