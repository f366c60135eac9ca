/** The networks signed in to, oldest first: `id` joins (or moves to) the end. */
export function addNetwork(list: readonly string[], id: string) {
  return [...list.filter((x) => x !== id), id]
}
