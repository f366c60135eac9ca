import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { checkKnots, folderKnots, importGraph, stronglyConnected } from './knots.mjs'

// A tiny source tree: a/ → b/ → c/ → a/ is a folder knot with no file circle (each file imports a different
// one); d/ and root.ts hang below it; e/ ⇄ f/ is a second knot, closed by one type import.
const tree: Record<string, string> = {
  'a/one.ts': "import { two } from '../b/two.js'\nimport { leaf } from '../d/leaf.js'\nexport const one = two + leaf",
  'a/four.ts': 'export const four = 4',
  'b/two.ts': "import { three } from '../c/three.js'\nexport const two = three",
  'c/three.ts': "import { four } from '../a/four.js'\nimport { root } from '../root.js'\nexport const three = four + root",
  'd/leaf.ts': "import { root } from '../root.js'\nexport const leaf = root",
  'root.ts': 'export const root = 1',
  'e/five.ts': "import { six } from '../f/six.js'\nexport const five = six",
  'e/eight.ts': "import { six } from '../f/six.js'\nexport const eight = six + 2",
  'e/types.ts': 'export type Seven = number',
  'f/six.ts': 'export const six = 6',
  'f/seven.ts': "import type { Seven } from '../e/types.js'\nexport const seven: Seven = 7",
}
const src = mkdtempSync(join(tmpdir(), 'knots-'))
for (const [path, text] of Object.entries(tree)) {
  mkdirSync(dirname(join(src, path)), { recursive: true })
  writeFileSync(join(src, path), text)
}
afterAll(() => rmSync(src, { recursive: true, force: true }))
const graph = importGraph(Object.keys(tree).map((path) => join(src, path)))

describe('folder knots (scripts/knots.mjs, npm run check:circles)', () => {
  test('default: a loop of folders is a knot even when no file loops; a file at the root is a folder of its own', () => {
    expect(stronglyConnected(graph)).toEqual([])
    const knots = folderKnots(graph, src)
    expect(knots.map((knot) => knot.folders)).toEqual(
      expect.arrayContaining([
        ['a', 'b', 'c'],
        ['e', 'f'],
      ]),
    )
    expect(knots).toHaveLength(2)
  })

  test('behavior: the imports that close a knot are the fewest pointing back up', () => {
    const [ef] = folderKnots(graph, src).filter((knot) => knot.folders.includes('e'))
    // e imports f twice, f imports e once: the type import is the one to move.
    expect(ef.order).toEqual(['e', 'f'])
    expect(ef.closing).toEqual([['f/seven.ts', 'e/types.ts']])
    const [abc] = folderKnots(graph, src).filter((knot) => knot.folders.includes('a'))
    expect(abc.closing).toHaveLength(1)
  })

  test('behavior: the allow-list holds a knot only as it is written, so it can only shrink', () => {
    const knots = folderKnots(graph, src)
    expect(
      checkKnots(knots, [
        ['a', 'b', 'c'],
        ['e', 'f'],
      ]),
    ).toEqual([])
    expect(
      checkKnots(knots, [
        ['a', 'b', 'c', 'd'],
        ['e', 'f'],
      ]),
    ).toEqual(['a listed knot shrank to 3 folders: write it as ["a","b","c"]'])
    expect(
      checkKnots(knots, [
        ['a', 'b', 'c'],
        ['e', 'f'],
        ['x', 'y'],
      ]),
    ).toEqual(['a listed knot is gone: remove ["x","y"] from the allow-list'])
  })

  test('error: a knot the allow-list does not hold, new or grown', () => {
    expect(checkKnots(folderKnots(graph, src), [['a', 'b', 'c']])).toEqual(['new folder knot: e, f'])
    expect(
      checkKnots(folderKnots(graph, src), [
        ['a', 'b'],
        ['e', 'f'],
      ]),
    ).toEqual(['a listed knot grew to 3 folders (c joined it): move the imports that close it instead'])
  })
})
