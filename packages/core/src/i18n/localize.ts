import { ErrorText } from '../spec/catalogue.js'
import { SendFormText } from '../spec/sendFormText.js'
import { SwapText } from '../spec/swapText.js'
import { NameText } from '../spec/names.js'
import { SiwxText } from '../spec/siwxText.js'
import type { MessageKey, Messages } from './messages/en.js'
import { translate, type MessageParams } from './translate.js'

// Its own module, apart from translate: a page's first load needs translate (the button) but not this.
interface Pattern {
  key: MessageKey
  exact?: string
  regex?: RegExp
}
let patterns: Pattern[] | undefined

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function buildPatterns(): Pattern[] {
  const list: Pattern[] = []
  for (const [prefix, catalogue] of [
    ['error', ErrorText],
    ['sendForm', SendFormText],
    ['swapText', SwapText],
    ['nameText', NameText],
    ['siwxText', SiwxText],
  ] as const) {
    for (const [name, text] of Object.entries(catalogue)) {
      const key = `${prefix}.${name}` as MessageKey
      if (typeof text === 'string') list.push({ key, exact: text })
      else {
        const slots = Array.from({ length: text.length }, (_, i) => `\ue000${i}\ue001`)
        const template = (text as (...args: string[]) => string)(...slots)
        list.push({
          key,
          regex: new RegExp(
            `^${template
              .split(/\ue000\d+\ue001/)
              .map(escapeRegExp)
              .join('(.+?)')}$`,
          ),
        })
      }
    }
  }
  return list
}

/**
 * Core keeps SPEC's English texts on its errors and in its stores (hosts read them); the modal
 * shows them in the user's language. This finds the catalogue key of such a text (and the values
 * of its parameters as `{0}`, `{1}`…); a text that is not catalogued (a wallet's or server's own
 * message) has none and is shown as it is.
 */
export function catalogueKeyOf(text: string): { key: MessageKey; params?: MessageParams } | undefined {
  patterns ??= buildPatterns()
  for (const pattern of patterns) {
    if (pattern.exact === text) return { key: pattern.key }
    const match = pattern.regex?.exec(text)
    if (match) return { key: pattern.key, params: Object.fromEntries(match.slice(1).map((value, i) => [String(i), value])) }
  }
  return undefined
}

/** A catalogued English text in the user's language; any other text unchanged. */
export function localizeText(messages: Partial<Messages> | undefined, text: string): string {
  if (!messages) return text
  const found = catalogueKeyOf(text)
  return found ? translate(messages, found.key, found.params, { [found.key]: text }) : text
}
