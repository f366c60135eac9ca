// `npm run check:circles`: import circles among the sources of packages/* and apps/* (type-only imports count:
// a circle through types is still one for the reader). Each circle is a strongly connected component of the
// import graph, printed with one loop through it. Exits 1 when there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const skip = new Set(['node_modules', 'dist', 'build', '.data'])

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sources(path, out)
    else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path)
  }
  return out
}

// Workspace packages by name → their '@portico/source' export targets.
const packages = new Map()
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, group))) {
    const file = join(root, group, name, 'package.json')
    if (!existsSync(file)) continue
    const pkg = JSON.parse(readFileSync(file, 'utf8'))
    packages.set(pkg.name, { dir: dirname(file), exports: pkg.exports ?? {} })
  }
}

function fileOf(base) {
  const stem = base.replace(/\.(m?js|jsx)$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
}

function resolveImport(from, spec) {
  if (spec.startsWith('.')) return fileOf(resolve(dirname(from), spec))
  const match = /^(@portico\/[^/]+)(\/.*)?$/.exec(spec)
  const pkg = match && packages.get(match[1])
  if (!pkg) return undefined
  const entry = pkg.exports[`.${match[2] ?? ''}`]
  const target = typeof entry === 'string' ? entry : entry?.['@portico/source']
  return target ? fileOf(resolve(pkg.dir, target)) : undefined
}

const files = ['packages', 'apps'].flatMap((group) => sources(join(root, group)).filter((f) => f.includes('/src/')))
const graph = new Map()
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  graph.set(file, [...new Set(importedFiles.map((i) => resolveImport(file, i.fileName)).filter((f) => f && f !== file))])
}

// Tarjan's strongly connected components.
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
    if (component.length > 1) components.push(component)
  }
}
for (const file of graph.keys()) if (!state.has(file)) visit(file)

/** One loop through the component, from its first file back to it (breadth-first, inside the component). */
function loop(component) {
  const inside = new Set(component)
  const [start] = component.sort()
  const previous = new Map([[start, undefined]])
  const queue = [start]
  while (queue.length) {
    const node = queue.shift()
    for (const next of graph.get(node)) {
      if (next === start) {
        const path = [node]
        while (previous.get(path[0])) path.unshift(previous.get(path[0]))
        return [...path, start]
      }
      if (inside.has(next) && !previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

for (const component of components) {
  console.log(
    `circle of ${component.length} files: ${loop(component)
      .map((f) => relative(root, f))
      .join(' → ')}`,
  )
}
console.log(`${graph.size} files, ${components.length} import circle${components.length === 1 ? '' : 's'}`)
process.exit(components.length ? 1 : 0)
