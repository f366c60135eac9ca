import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { en } from './messages/en.js'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const folders = ['packages/core/src', 'packages/react/src']

/**
 * Comparisons that still decide on a sentence, by file and count: the list only shrinks (issue 29
 * 'Keys, not English'). A wallet's own text matched where it arrives is not one of them.
 */
const allowed: Record<string, number> = {}

const catalogues = 'ErrorText|ConnectionErrorText|SendFormText|SwapText|NameText|SiwxText|Alerts'
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// English texts of the catalogue that are sentences (several words), without parameters.
const sentences = Object.values(en).filter((text) => text.length >= 10 && text.includes(' ') && !text.includes('{'))
const patterns = [
  new RegExp(`(===|!==)\\s*(${catalogues})\\.`),
  new RegExp(`\\b(${catalogues})\\.\\w+(\\([^)]*\\))?(\\.\\w+\\(\\))?\\s*(===|!==)`),
  new RegExp(`\\.(includes|startsWith|endsWith|match|test)\\(\\s*(${catalogues})\\.`),
  /\bshortMessage\s*(===|!==)|(===|!==)\s*[\w.?]*\bshortMessage\b/,
  /\.(includes|startsWith|endsWith)\([\w.?]*\bshortMessage\b/,
  new RegExp(`(===|!==)\\s*['"\`](${sentences.map(escapeRegExp).join('|')})['"\`]`),
  new RegExp(`['"\`](${sentences.map(escapeRegExp).join('|')})['"\`]\\s*(===|!==)`),
  new RegExp(`/(${sentences.map(escapeRegExp).join('|')})/[a-z]*\\.test\\(`),
]

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

test('rule: no React view or core decision compares a user-facing sentence (keys and kinds decide)', () => {
  const found: Record<string, number> = {}
  const lines: string[] = []
  for (const folder of folders)
    for (const file of sources(join(root, folder))) {
      const name = relative(root, file)
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (line.trim().startsWith('*') || line.trim().startsWith('//')) return
          if (patterns.some((pattern) => pattern.test(line))) {
            found[name] = (found[name] ?? 0) + 1
            lines.push(`${name}:${i + 1}: ${line.trim()}`)
          }
        })
    }
  expect(found, lines.join('\n')).toEqual(allowed)
})

test('behavior: the scan sees a comparison of a sentence', () => {
  const line = "if (problem === SwapText.insufficientBalance || error.shortMessage === 'Transaction rejected') return"
  expect(patterns.filter((pattern) => pattern.test(line)).length).toBeGreaterThanOrEqual(2)
})
