import * as Savings from '../Savings.js'
import { boundsSuite } from '../test/boundsSuite.js'

boundsSuite('savings', Savings, {
  'savings.getSubscribeInfo': { request: { productId: '1234', periodType: 'flexible' } },
  'savings.getSubscribeResult': { request: { orderId: '1234', periodType: 'fixed' } },
  'savings.getProducts': { request: {} },
  // savings account, holdings, records and the subscribe/redeem writes
  'savings.subscribe': { request: { productId: '1', periodType: 'flexible', amount: '10' } },
  'savings.redeem': {
    request: { productId: '1', periodType: 'flexible', amount: '10', orderId: '7' },
  },
  'savings.getRedeemResult': { request: { orderId: '7', periodType: 'fixed' } },
  'savings.getAssets': {
    request: { periodType: 'fixed', startTime: '1', endTime: '2', limit: '5', idLessThan: '9' },
  },
  'savings.getRecords': {
    request: {
      periodType: 'fixed',
      coin: 'USDT',
      orderType: 'redeem',
      startTime: '1',
      endTime: '2',
      limit: '5',
      idLessThan: '9',
    },
  },
  'savings.getAccount': { request: {} },
})
