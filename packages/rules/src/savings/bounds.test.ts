import * as Savings from '../Savings.js'
import { boundsSuite } from '../test/boundsSuite.js'

boundsSuite('savings', Savings, {
  'savings.getSubscribeInfo': { request: { productId: '1234', periodType: 'flexible' } },
  'savings.getSubscribeResult': { request: { orderId: '1234', periodType: 'fixed' } },
  'savings.getProducts': { request: {} },
})
