// @portico/core/i18n: the modal's languages (issue 19). The English catalogue is built in; each other
// locale's catalogue is a chunk of its own that loadMessages fetches on demand. Headless: data and
// pure functions only. Explicit named re-exports so every change is visible in review.
export { Locales, localeDirection, type Locale } from '../i18n/locales.js'
export { loadMessages, type LoadMessagesErrorType, type LoadMessagesParameters, type LoadMessagesReturnType } from '../i18n/loadMessages.js'
export { en, type MessageKey, type Messages } from '../i18n/messages/en.js'
export { enFirstLoad } from '../i18n/messages/en.firstLoad.js'
export { translate, type MessageParams } from '../i18n/translate.js'
export type { Message, Problem } from '../i18n/message.js'
export { formatAmount } from '../i18n/format.js'
export { formatDay, formatTime, formatUsdIn } from '../i18n/intl.js'
