// Every numeric option of the securities client is validated by the rules' Options schemas: a
// bad value is a ValidationError naming the option and the rule, at the factory, before anything
// is created or sent.
import { factoryRefusals, transportCases } from '@tradeline/fuzz/options'
import { createSecuritiesClient } from './createSecuritiesClient.js'

factoryRefusals('createSecuritiesClient', createSecuritiesClient as never, transportCases)
