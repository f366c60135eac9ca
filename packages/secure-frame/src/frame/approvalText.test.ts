import { describe, expect, test } from 'vitest'
import { describeCodePoint, hiddenWarning, revealHidden, splitHidden } from './approvalText.js'

describe('revealHidden', () => {
  test('default: plain text, tabs and line breaks are kept as they are', () => {
    expect(revealHidden('Sign in to Example\n\tNonce: 42\r\n')).toEqual({ text: 'Sign in to Example\n\tNonce: 42\r\n', found: [] })
    expect(revealHidden('שלום, مرحبا, 你好, café ❤️').found).toEqual([])
  })

  test('behavior: a personal_sign message with U+202E and U+200B shows both as markers', () => {
    const message = 'Claim your reward: invoice\u202Egnp.exe and pay 0x12\u200B34'
    expect(revealHidden(message)).toEqual({
      text: 'Claim your reward: invoice⟦U+202E⟧gnp.exe and pay 0x12⟦U+200B⟧34',
      found: [0x202e, 0x200b],
    })
  })

  test('behavior: every bidi control is replaced, none is dropped', () => {
    const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]
    const { text, found } = revealHidden(bidi.map((c) => `a${String.fromCodePoint(c)}`).join(''))
    expect(found).toEqual(bidi)
    expect(text).toBe(bidi.map((c) => `a⟦U+${c.toString(16).toUpperCase().padStart(4, '0')}⟧`).join(''))
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/)
  })

  test('behavior: zero-width, other format characters, controls, tags and fillers are replaced', () => {
    const hidden = [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x180e, 0x2061, 0xe0041, 0x0000, 0x001b, 0x007f, 0x0085, 0x2028, 0x3164, 0xe0100]
    const { text, found } = revealHidden(hidden.map((c) => String.fromCodePoint(c)).join('x'))
    expect(found).toEqual(hidden)
    expect(text).toContain('⟦U+E0041⟧')
    expect(text.replace(/⟦U\+[0-9A-F]{4,6}⟧/g, '')).toBe('x'.repeat(hidden.length - 1))
  })

  test('behavior: each character is listed once, in order of appearance', () => {
    expect(revealHidden('\u200b\u202e\u200b').found).toEqual([0x200b, 0x202e])
  })

  test('behavior: a lone surrogate is shown, not passed on', () => {
    expect(revealHidden('a\ud800b')).toEqual({ text: 'a⟦U+D800⟧b', found: [0xd800] })
  })

  test('splitHidden: runs of text and the code points between them', () => {
    expect(splitHidden('ab\u202ecd\u200b')).toEqual(['ab', 0x202e, 'cd', 0x200b])
    expect(splitHidden('')).toEqual([])
  })
})

describe('hiddenWarning', () => {
  test('default: names the characters and says how they are shown', () => {
    expect(describeCodePoint(0x202e)).toBe('U+202E right-to-left override')
    expect(describeCodePoint(0xe0041)).toBe('U+E0041 tag character')
    expect(describeCodePoint(0x2064)).toBe('U+2064')
    const warning = hiddenWarning([0x202e, 0x200b])
    expect(warning).toContain('reorder text')
    expect(warning).toContain('U+202E right-to-left override, U+200B zero width space')
    expect(warning).toContain('⟦U+…⟧')
  })

  test('behavior: without bidi controls it speaks only of invisible characters; long lists are cut', () => {
    expect(hiddenWarning([0x200b])).not.toContain('reorder')
    expect(hiddenWarning([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x180e, 0x2061])).toContain('and 2 more')
  })
})
