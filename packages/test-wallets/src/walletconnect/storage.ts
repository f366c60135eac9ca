/**
 * Key-value storages for the WalletConnect SDK (its IKeyValueStorage shape), so that wallets and
 * dapps in one process or page never share state: in memory (tests, CLI) or in localStorage under
 * a prefix (the web page, so a reload keeps its sessions).
 */
export interface KeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, unknown>()
  return {
    getKeys: async () => [...map.keys()],
    getEntries: async <T>() => [...map.entries()].map(([k, v]) => [k, structuredClone(v) as T] as [string, T]),
    getItem: async <T>(key: string) => (map.has(key) ? (structuredClone(map.get(key)) as T) : undefined),
    setItem: async (key, value) => void map.set(key, structuredClone(value)),
    removeItem: async (key) => void map.delete(key),
  }
}

const reviveBigInt = (_: string, v: unknown) => (typeof v === 'string' && /^\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v)
const replaceBigInt = (_: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)

export function localStorageStorage(prefix: string, store: Storage = globalThis.localStorage): KeyValueStorage {
  const keys = () => {
    const out: string[] = []
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i)
      if (k?.startsWith(prefix)) out.push(k.slice(prefix.length))
    }
    return out
  }
  const read = <T>(key: string): T | undefined => {
    const raw = store.getItem(prefix + key)
    return raw === null ? undefined : (JSON.parse(raw, reviveBigInt) as T)
  }
  return {
    getKeys: async () => keys(),
    getEntries: async <T>() => keys().map((k) => [k, read<T>(k)!] as [string, T]),
    getItem: async <T>(key: string) => read<T>(key),
    setItem: async (key, value) => store.setItem(prefix + key, JSON.stringify(value, replaceBigInt)),
    removeItem: async (key) => store.removeItem(prefix + key),
  }
}
