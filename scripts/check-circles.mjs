// `npm run check:circles`: the floors of the code, checked. Exits 1 on any of
// - an import circle among the sources of packages/* and apps/* (type-only imports count: a circle through types
//   is still one for the reader), printed with one loop through it;
// - a folder knot inside packages/core/src (folder A imports folder B imports … folder A) that the allow-list
//   below does not hold, printed with its folders and the imports that close it;
// - a hand-written source file over 400 lines in packages/*/src, scripts or e2e.
// The graph work is in scripts/knots.mjs (tested on a fixture tree in scripts/knots.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkKnots, fileOf, folderKnots, importGraph, stronglyConnected } from './knots.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const skip = new Set(['node_modules', 'dist', 'build', '.data'])

/**
 * Known folder knots of packages/core/src (issue 29). This list may only shrink: a knot that grows, or a new one,
 * fails; so does an entry that no longer matches what is found (write the smaller knot the command prints).
 * None is left (issue 29): internal actions live in actions/internal/, analytics/post.ts answers a result and the
 * caller raises the alert, and the WalletConnect client's contract is a root file (walletconnectClient.ts).
 */
const allowedKnots = []

/** Generated sources, exempt from the line limit: the server's OpenAPI types and the message catalogues. */
const generated = ['packages/core/src/api/openapi.ts', 'packages/core/src/i18n/messages/']

/**
 * Hand-written files over the limit today, each with its length then: to be split, never to grow. An entry
 * whose file is back under the limit (or gone) fails until it is removed.
 */
const longFilesToSplit = {
  'packages/server/src/security/custody.test.ts': 772,
  'packages/secure-frame/src/approval.browser.test.ts': 583,
  'e2e/swap.e2e.ts': 421,
}

const lineLimit = 400

function sources(dir, pattern, out = []) {
  for (const name of readdirSync(dir)) {
    // Hidden folders (.demo-dist-*, .data) hold build outputs and data, not hand-written code.
    if (skip.has(name) || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sources(path, pattern, out)
    else if (pattern.test(name) && !/\.d\.m?ts$/.test(name)) out.push(path)
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

function resolveWorkspace(_from, spec) {
  const match = /^(@portico\/[^/]+)(\/.*)?$/.exec(spec)
  const pkg = match && packages.get(match[1])
  if (!pkg) return undefined
  const entry = pkg.exports[`.${match[2] ?? ''}`]
  const target = typeof entry === 'string' ? entry : entry?.['@portico/source']
  return target ? fileOf(resolve(pkg.dir, target)) : undefined
}

const files = ['packages', 'apps'].flatMap((group) => sources(join(root, group), /^(?!.*\.test\.tsx?$).*\.tsx?$/).filter((f) => f.includes('/src/')))
const graph = importGraph(files, resolveWorkspace)
let failed = false

/** One loop through the component, from its first file back to it (breadth-first, inside the component). */
function loop(component) {
  const inside = new Set(component)
  const [start] = component
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

const circles = stronglyConnected(graph)
for (const component of circles) {
  console.log(
    `circle of ${component.length} files: ${loop(component)
      .map((f) => relative(root, f))
      .join(' → ')}`,
  )
}
console.log(`${graph.size} files, ${circles.length} import circle${circles.length === 1 ? '' : 's'}`)
failed ||= circles.length > 0

const core = join(root, 'packages/core/src')
const knots = folderKnots(graph, core)
const folderCount = new Set([...graph.keys()].filter((f) => f.startsWith(core)).map((f) => relative(core, f).split('/')[0])).size
for (const knot of knots) {
  console.log(`folder knot of ${knot.folders.length} in packages/core/src: ${knot.order.join(' → ')}`)
  console.log(`  closed by ${knot.closing.length} import${knot.closing.length === 1 ? '' : 's'} pointing back up that order:`)
  for (const [from, to] of knot.closing) console.log(`    ${from} → ${to}`)
}
const knotProblems = checkKnots(knots, allowedKnots)
for (const problem of knotProblems) console.log(problem)
console.log(
  `packages/core/src: ${folderCount} folders, ${knots.length} folder knot${knots.length === 1 ? '' : 's'} (largest ${Math.max(0, ...knots.map((k) => k.folders.length))}), ${allowedKnots.length} allowed`,
)
failed ||= knotProblems.length > 0

const handWritten = [
  ...readdirSync(join(root, 'packages')).flatMap((name) =>
    existsSync(join(root, 'packages', name, 'src')) ? sources(join(root, 'packages', name, 'src'), /\.(tsx?|m?js)$/) : [],
  ),
  ...sources(join(root, 'scripts'), /\.(tsx?|m?js)$/),
  ...sources(join(root, 'e2e'), /\.(tsx?|m?js)$/),
]
  .map((file) => relative(root, file))
  .filter((file) => !generated.some((name) => file === name || (name.endsWith('/') && file.startsWith(name))))
const lengths = new Map(handWritten.map((file) => [file, readFileSync(join(root, file), 'utf8').split('\n').length - 1]))
const longProblems = []
for (const [file, lines] of lengths) {
  if (lines <= lineLimit) continue
  const known = longFilesToSplit[file]
  if (known === undefined) longProblems.push(`${file}: ${lines} lines, over ${lineLimit}`)
  else if (lines > known) longProblems.push(`${file}: ${lines} lines, grew past the ${known} it is listed with (split it instead)`)
}
for (const [file, known] of Object.entries(longFilesToSplit)) {
  if (!((lengths.get(file) ?? 0) > lineLimit))
    longProblems.push(`${file} is listed with ${known} lines but is no longer over ${lineLimit}: remove it from the list`)
}
for (const problem of longProblems) console.log(problem)
console.log(
  `${lengths.size} hand-written files, ${[...lengths.values()].filter((n) => n > lineLimit).length} over ${lineLimit} lines (${Object.keys(longFilesToSplit).length} listed to split), ${[...lengths.values()].filter((n) => n > 300).length} over 300`,
)
failed ||= longProblems.length > 0

process.exit(failed ? 1 : 0)
