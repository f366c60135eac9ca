import type { CatalogueMessage, Message } from './message.js'
import { en } from './messages/en.js'
import { translate } from './translate.js'

/**
 * A stored message with its English again, for an error's shortMessage. Its own module: it brings
 * the whole English catalogue, which only the code that needs it should load.
 */
export const inEnglish = (message: Message): CatalogueMessage => ({ ...message, text: translate(en, message.key, message.params) })
