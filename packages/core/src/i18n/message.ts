import { Alerts, ErrorText, type AlertCode } from '../spec/catalogue.js'
import { NameText } from '../spec/names.js'
import { SendFormText } from '../spec/sendFormText.js'
import { SwapText } from '../spec/swapText.js'
import { SiwxText } from '../spec/siwxText.js'
import type { MessageKey } from './messages/en.js'
import type { MessageParams } from './translate.js'
import { catalogueMessage, type CatalogueArgs } from './catalogueMessage.js'

export { catalogueMessage, type CatalogueArgs } from './catalogueMessage.js'

/**
 * A catalogued text as it travels from where a problem is found to where it is shown: its key and
 * parameters (`{0}`, `{1}`… as the English catalogue's templates name them). `text` is its English,
 * made once at the source from the same catalogue, for hosts that read errors (`shortMessage`).
 */
export interface CatalogueMessage extends Message {
  text: string
}

/** What a store keeps of a problem or an error: its key and parameters, never its sentence. */
export interface Message {
  key: MessageKey
  params?: MessageParams
}

/** A problem a rule found: which one (`kind`, for decisions) and how it reads (`key`, `params`). */
export interface Problem<Kind extends string = string> extends Message {
  kind: Kind
}

/** The key and parameters of a message, without its English. */
export const keyOf = ({ key, params }: Message): Message => (params ? { key, params } : { key })

/** A text from outside (a wallet's or a server's own message): not catalogued, shown as it came. */
export const externalMessage = (text: string): CatalogueMessage => ({ key: 'error.external', params: { text }, text })

/** An error's message (key `error.<name>`), its English from ErrorText. */
export const errorMessage = <K extends keyof typeof ErrorText>(name: K, ...args: CatalogueArgs<(typeof ErrorText)[K]>) =>
  catalogueMessage('error', ErrorText, name, ...args)

/** An alert's message (key `alert.<code>`). */
export const alertMessage = (code: AlertCode): CatalogueMessage => ({ key: `alert.${code}`, text: Alerts[code].message })

/** A name text's message (key `nameText.<name>`), its English from NameText. */
export const nameMessage = <K extends keyof typeof NameText>(name: K, ...args: CatalogueArgs<(typeof NameText)[K]>) =>
  catalogueMessage('nameText', NameText, name, ...args)

/** A send form text's message (key `sendForm.<name>`), its English from SendFormText. */
export const sendFormMessage = <K extends keyof typeof SendFormText>(name: K, ...args: CatalogueArgs<(typeof SendFormText)[K]>) =>
  catalogueMessage('sendForm', SendFormText, name, ...args)

/** A swap text's message (key `swapText.<name>`), its English from SwapText. */
export const swapMessage = <K extends keyof typeof SwapText>(name: K, ...args: CatalogueArgs<(typeof SwapText)[K]>) =>
  catalogueMessage('swapText', SwapText, name, ...args)

/** A sign-in text's message (key `siwxText.<name>`), its English from SiwxText. */
export const siwxMessage = <K extends keyof typeof SiwxText>(name: K, ...args: CatalogueArgs<(typeof SiwxText)[K]>) =>
  catalogueMessage('siwxText', SiwxText, name, ...args)
