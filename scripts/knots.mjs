// The graph work behind `npm run check:circles`: a file import graph, its strongly connected components (the
// circles), and the same at the level of folders (the knots). Pure functions over paths, so that
// scripts/knots.test.ts can run them on a fixture tree; the command itself is scripts/check-circles.mjs.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** The file an import names: the path itself, its .ts/.tsx source for a .js name, or the folder's index. */
export function fileOf(base) {
  const stem = base.replace(/\.(m?js|jsx)$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
}

/**
 * file → the files it imports (type-only imports count: a circle through types is still one for the reader).
 * `resolveBare` resolves a non-relative import (a workspace package) or returns undefined to leave it out.
 */
export function importGraph(files, resolveBare = () => undefined) {
  const graph = new Map()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.map(({ fileName }) => (fileName.startsWith('.') ? fileOf(resolve(dirname(file), fileName)) : resolveBare(file, fileName)))
    graph.set(file, [...new Set(targets.filter((target) => target && target !== file))])
  }
  return graph
}

/** Tarjan's strongly connected components of more than one node; edges to nodes outside the graph are ignored. */
export function stronglyConnected(graph) {
  let index = 0
  const stack = []
  const state = new Map()
  const components = []
  function visit(node) {
    const s = { index, low: index, onStack: true }
    index++
    state.set(node, s)
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      const t = state.get(next)
      if (!t) {
        visit(next)
        s.low = Math.min(s.low, state.get(next).low)
      } else if (t.onStack) s.low = Math.min(s.low, t.index)
    }
    if (s.low === s.index) {
      const component = []
      let member
      do {
        member = stack.pop()
        state.get(member).onStack = false
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return components
}

/**
 * The folder a file belongs to, for knots: its first folder under `srcDir`; a file directly in `srcDir` is a
 * folder of its own (named by the file: `portico.ts`), as it sits beside the folders as their peer.
 */
export function folderOf(srcDir, file) {
  return relative(srcDir, file).split(sep)[0]
}

/**
 * Knots among the folders of `srcDir`: strongly connected components of the folder graph (folder A imports
 * folder B imports … folder A), from the file graph's imports between files of `srcDir`. Each knot comes with
 * the imports that close it: the folders are put in an order where most imports (counted file by file) point
 * down the order (Eades, Lin and Smyth's greedy order), and the imports pointing back up are the ones to move.
 */
export function folderKnots(graph, srcDir) {
  const inside = (file) => !relative(srcDir, file).startsWith('..')
  const folders = new Map()
  const imports = new Map()
  for (const [file, targets] of graph) {
    if (!inside(file)) continue
    const from = folderOf(srcDir, file)
    if (!folders.has(from)) folders.set(from, new Set())
    for (const target of targets) {
      if (!inside(target)) continue
      const to = folderOf(srcDir, target)
      if (to === from) continue
      folders.get(from).add(to)
      const key = `${from}\0${to}`
      if (!imports.has(key)) imports.set(key, [])
      imports.get(key).push([relative(srcDir, file), relative(srcDir, target)])
    }
  }
  const graphOfFolders = new Map([...folders].map(([folder, targets]) => [folder, [...targets]]))
  return stronglyConnected(graphOfFolders).map((knot) => {
    const order = downwardOrder(knot, (from, to) => imports.get(`${from}\0${to}`)?.length ?? 0)
    const rank = new Map(order.map((folder, i) => [folder, i]))
    const closing = []
    for (const from of order) {
      for (const to of graphOfFolders.get(from)) {
        if (rank.has(to) && rank.get(to) < rank.get(from)) closing.push(...imports.get(`${from}\0${to}`))
      }
    }
    return { folders: knot, order, closing }
  })
}

/** Folders ordered so that the weight of edges pointing backwards is small (greedy feedback arc set). */
function downwardOrder(nodes, weight) {
  const left = new Set(nodes)
  const head = []
  const tail = []
  const flow = (node, direction) => {
    let sum = 0
    for (const other of left) if (other !== node) sum += direction === 'out' ? weight(node, other) : weight(other, node)
    return sum
  }
  while (left.size) {
    const sink = [...left].find((node) => flow(node, 'out') === 0)
    if (sink) {
      tail.unshift(sink)
      left.delete(sink)
      continue
    }
    const source = [...left].find((node) => flow(node, 'in') === 0)
    const pick = source ?? [...left].sort((a, b) => flow(b, 'out') - flow(b, 'in') - (flow(a, 'out') - flow(a, 'in')) || a.localeCompare(b))[0]
    head.push(pick)
    left.delete(pick)
  }
  return [...head, ...tail]
}

/**
 * Compares the knots found with the allow-list (arrays of folders): a knot must lie inside a listed one, and a
 * listed one must be found as it is written, so that the list only ever shrinks. Returns the problems as lines.
 */
export function checkKnots(knots, allowed) {
  const problems = []
  const within = (a, b) => a.every((folder) => b.includes(folder))
  for (const knot of knots) {
    const listed = allowed.find((entry) => within(knot.folders, entry))
    const grown = allowed.find((entry) => within(entry, knot.folders))
    if (listed && listed.length !== knot.folders.length) {
      problems.push(`a listed knot shrank to ${knot.folders.length} folders: write it as ${JSON.stringify(knot.folders)}`)
    } else if (!listed && grown) {
      const added = knot.folders.filter((folder) => !grown.includes(folder))
      problems.push(`a listed knot grew to ${knot.folders.length} folders (${added.join(', ')} joined it): move the imports that close it instead`)
    } else if (!listed) problems.push(`new folder knot: ${knot.folders.join(', ')}`)
  }
  for (const entry of allowed) {
    if (!knots.some((knot) => within(knot.folders, entry) || within(entry, knot.folders))) {
      problems.push(`a listed knot is gone: remove ${JSON.stringify(entry)} from the allow-list`)
    }
  }
  return problems
}
