import type { MessageKey } from './messages/en.js'
import type { MessageParams } from './translate.js'

// Its own module (no catalogue in it): an adapter's on-demand chunk builds its keyed errors with it
// without loading the other catalogues that i18n/message.ts names.

type Catalogue = Record<string, string | ((...args: never[]) => string)>
export type CatalogueArgs<T> = T extends (...args: infer A) => string ? A : []

/**
 * The message `prefix.name` of one of core's catalogues (ErrorText, SendFormText…), with its
 * arguments: a `CatalogueMessage` (i18n/message.ts), its key, parameters and English.
 */
export function catalogueMessage<T extends Catalogue, K extends keyof T & string>(
  prefix: string,
  catalogue: T,
  name: K,
  ...args: CatalogueArgs<T[K]>
): { key: MessageKey; params?: MessageParams; text: string } {
  const text = catalogue[name]!
  return {
    key: `${prefix}.${name}` as MessageKey,
    params: args.length ? (Object.assign({}, args) as unknown as MessageParams) : undefined,
    text: typeof text === 'function' ? (text as (...values: unknown[]) => string)(...args) : text,
  }
}
