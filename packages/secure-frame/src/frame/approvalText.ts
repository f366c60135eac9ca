import { formatDecimal, t } from './i18n/index.js'

/**
 * Text on the approval screen comes from the host and the dapp. Characters that change the
 * direction of what follows (bidi controls) or that draw nothing (zero-width and other format
 * characters) could make a message, a name or an address read differently from what is signed, so
 * each one is replaced by a visible marker such as ⟦U+202E⟧ (never silently dropped) and the screen
 * warns that some were found.
 */

/** Bidi controls: embeddings and overrides, isolates, implicit marks. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u

/**
 * Everything that is replaced: format characters (Cf: zero-width space/joiners, word joiner, BOM,
 * soft hyphen, tags, the bidi controls…), control characters except tab and line breaks, line and
 * paragraph separators, lone surrogates, and fillers that draw as nothing (Hangul fillers, the
 * combining grapheme joiner, the supplementary variation selectors used to smuggle bytes).
 */
const HIDDEN = /[\p{Cf}\p{Cs}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u034f\u115f\u1160\u3164\uffa0\u{e0100}-\u{e01ef}]/gu

const NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
  0x034f: 'combining grapheme joiner',
  0x061c: 'Arabic letter mark',
  0x115f: 'Hangul choseong filler',
  0x1160: 'Hangul jungseong filler',
  0x180e: 'Mongolian vowel separator',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0x3164: 'Hangul filler',
  0xfeff: 'zero width no-break space',
  0xffa0: 'halfwidth Hangul filler',
}

/** A decoded message that reads as text (no control characters): shown as such, else in its encoded form. */
export const printable = (text: string) => !/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)

export const codePointLabel = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`

/** The visible stand-in for a hidden character. */
export const hiddenMarker = (codePoint: number) => `⟦${codePointLabel(codePoint)}⟧`

export interface RevealedText {
  text: string
  /** Code points that were replaced, each once, in order of appearance. */
  found: number[]
}

/** `text` cut into plain runs (strings) and the hidden characters between them (code points). */
export function splitHidden(text: string): Array<string | number> {
  const parts: Array<string | number> = []
  let last = 0
  for (const match of text.matchAll(HIDDEN)) {
    if (match.index > last) parts.push(text.slice(last, match.index))
    parts.push(match[0].codePointAt(0)!)
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

/** Replaces every bidi control and invisible character of `text` with its visible marker. */
export function revealHidden(text: string): RevealedText {
  const found: number[] = []
  const parts = splitHidden(text).map((part) => {
    if (typeof part === 'string') return part
    if (!found.includes(part)) found.push(part)
    return hiddenMarker(part)
  })
  return { text: parts.join(''), found }
}

export const isBidiControl = (codePoint: number) => BIDI.test(String.fromCodePoint(codePoint))

/** 'U+202E right-to-left override' (name when known). */
export function describeCodePoint(codePoint: number) {
  const name = NAMES[codePoint] ?? (codePoint >= 0xe0000 && codePoint <= 0xe007f ? 'tag character' : undefined)
  return name ? `${codePointLabel(codePoint)} ${name}` : codePointLabel(codePoint)
}

/** The warning shown when a request held hidden characters (they are listed, at most 6 by name). */
export function hiddenWarning(found: readonly number[]): string {
  const first = found.slice(0, 6).map(describeCodePoint).join(', ')
  const listed = found.length > 6 ? t('hidden.more', { listed: first, count: formatDecimal(BigInt(found.length - 6)) }) : first
  return t(found.some(isBidiControl) ? 'hidden.warningBidi' : 'hidden.warningPlain', { listed })
}
