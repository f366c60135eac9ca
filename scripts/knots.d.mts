// Types of scripts/knots.mjs, for its test.
export type ImportGraph = Map<string, string[]>
export interface FolderKnot {
  /** The knot's folders, sorted. */
  folders: string[]
  /** The same folders in an order where most imports point down it. */
  order: string[]
  /** [importer, imported] (paths relative to the source folder) pointing back up the order. */
  closing: Array<[string, string]>
}
export function fileOf(base: string): string | undefined
export function importGraph(files: string[], resolveBare?: (from: string, spec: string) => string | undefined): ImportGraph
export function stronglyConnected(graph: ImportGraph): string[][]
export function folderOf(srcDir: string, file: string): string
export function folderKnots(graph: ImportGraph, srcDir: string): FolderKnot[]
export function checkKnots(knots: FolderKnot[], allowed: string[][]): string[]
