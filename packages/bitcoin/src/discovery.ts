import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import * as v from 'valibot'
import { leatherBitcoin, type LeatherProvider } from './drivers/leather.js'
import { okxBitcoin, type OkxBitcoinProvider } from './drivers/okx.js'
import type { BitcoinWallet } from './drivers/provider.js'
import { isSatsConnectProvider, satsConnectBitcoin } from './drivers/satsConnect.js'
import { isBitcoinStandardWallet, walletStandardBitcoin } from './drivers/walletStandard.js'
import { StandardWalletSchema } from './schemas.js'

/** Calls back with the page's Bitcoin wallets now and on every change; returns a stop function. */
export type Discover = (onChange: (wallets: BitcoinWallet[]) => void) => () => void

/**
 * Wallets that inject their own Bitcoin API instead of (or before) registering with Wallet Standard (and, after
 * them, the sats-connect wallets listed in window.btc_providers).
 * Names are the ones the same wallets announce on EVM (EIP-6963), so Portico lists each wallet once
 * and connects each of its families.
 */
const INJECTED: { name: string; find: (w: any) => BitcoinWallet | undefined }[] = [
  {
    name: 'Xverse Wallet',
    find: (w) => {
      const p = w.XverseProviders?.BitcoinProvider ?? w.BitcoinProvider
      return isSatsConnectProvider(p) ? satsConnectBitcoin('Xverse Wallet', listedIcon(w, p), p) : undefined
    },
  },
  {
    name: 'Magic Eden',
    find: (w) =>
      isSatsConnectProvider(w.magicEden?.bitcoin) ? satsConnectBitcoin('Magic Eden', listedIcon(w, w.magicEden.bitcoin), w.magicEden.bitcoin) : undefined,
  },
  {
    name: 'Leather',
    find: (w) => (typeof w.LeatherProvider?.request === 'function' ? leatherBitcoin('Leather', '', w.LeatherProvider as LeatherProvider) : undefined),
  },
  {
    name: 'OKX Wallet',
    find: (w) => (typeof w.okxwallet?.bitcoin?.connect === 'function' ? okxBitcoin('OKX Wallet', '', w.okxwallet.bitcoin as OkxBitcoinProvider) : undefined),
  },
]

/** The injected Bitcoin APIs of a window (or any object shaped like one), then the sats-connect wallets listed by WBIP004. */
export function injectedBitcoinWallets(scope: unknown): BitcoinWallet[] {
  const found = INJECTED.flatMap(({ find }) => {
    try {
      return find(scope) ?? []
    } catch {
      return []
    }
  })
  return [...found, ...listedSatsConnectWallets(scope, found)]
}

const WbipEntrySchema = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,2}$/)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  icon: v.optional(v.string()),
})
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor'])
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/

/**
 * WBIP004 (sats-connect's provider list): wallets push `{ id, name, icon }` to `window.btc_providers`, `id` being
 * the provider's path on window (e.g. 'XverseProviders.BitcoinProvider'). A provider found already (Xverse's,
 * Magic Eden's) or a name listed already is not listed twice.
 */
function listedSatsConnectWallets(scope: any, found: readonly BitcoinWallet[]): BitcoinWallet[] {
  let entries: unknown[]
  try {
    entries = Array.isArray(scope?.btc_providers) ? scope.btc_providers.slice(0, 20) : []
  } catch {
    return []
  }
  const known = new Set<unknown>([scope?.XverseProviders?.BitcoinProvider ?? scope?.BitcoinProvider, scope?.magicEden?.bitcoin])
  const names = new Set(found.map((w) => w.name))
  const listed: BitcoinWallet[] = []
  for (const entry of entries) {
    const parsed = v.safeParse(WbipEntrySchema, entry)
    if (!parsed.success) continue
    const { id, name, icon } = parsed.output
    const segments = id.split('.')
    if (segments.some((s) => UNSAFE_SEGMENTS.has(s))) continue
    let provider: unknown
    try {
      provider = segments.reduce<any>((at, segment) => (at && Object.hasOwn(at, segment) ? at[segment] : undefined), scope)
    } catch {
      continue
    }
    if (!isSatsConnectProvider(provider) || known.has(provider) || names.has(name)) continue
    known.add(provider)
    names.add(name)
    listed.push(satsConnectBitcoin(name, icon && DATA_IMAGE.test(icon) ? icon : '', provider))
  }
  return listed
}

/** The icon a wallet gives its provider in its WBIP004 entry (Xverse lists its own there), '' when none. */
function listedIcon(scope: any, provider: unknown): string {
  try {
    const entries: unknown[] = Array.isArray(scope?.btc_providers) ? scope.btc_providers.slice(0, 20) : []
    for (const entry of entries) {
      const parsed = v.safeParse(WbipEntrySchema, entry)
      if (!parsed.success || !parsed.output.icon || !DATA_IMAGE.test(parsed.output.icon)) continue
      const segments = parsed.output.id.split('.')
      if (segments.some((s) => UNSAFE_SEGMENTS.has(s))) continue
      const at = segments.reduce<any>((at, segment) => (at && Object.hasOwn(at, segment) ? at[segment] : undefined), scope)
      if (at === provider) return parsed.output.icon
    }
  } catch {}
  return ''
}

const drivers = new WeakMap<Wallet, BitcoinWallet>()
const warned = new WeakSet<object>()

/** Wallet Standard wallets usable on Bitcoin, driven once each (the same driver for the life of the page). */
export function standardBitcoinWallets(wallets: readonly Wallet[]): BitcoinWallet[] {
  const found: BitcoinWallet[] = []
  for (const wallet of wallets) {
    const parsed = v.safeParse(StandardWalletSchema, wallet)
    if (!parsed.success) {
      if (!warned.has(wallet)) console.warn('[portico] ignored an invalid Wallet Standard wallet', parsed.issues[0]?.message)
      warned.add(wallet)
      continue
    }
    if (!isBitcoinStandardWallet(wallet) || found.some((w) => w.name === wallet.name)) continue
    if (!drivers.has(wallet)) drivers.set(wallet, walletStandardBitcoin(wallet))
    found.push(drivers.get(wallet)!)
  }
  return found
}

/**
 * The page's Bitcoin wallets: the Wallet Standard registry (bitcoin:connect), then the injected APIs
 * (sats-connect's, Leather's, OKX's) of wallets not already listed by name. Injected APIs are looked
 * for now, at the page's load and once shortly after (extensions inject late).
 */
export const discoverBitcoinWallets: Discover = (onChange) => {
  if (typeof window === 'undefined') {
    onChange([])
    return () => {}
  }
  const registry = getWallets()
  let injected: BitcoinWallet[] = []
  const emit = () => {
    const standard = standardBitcoinWallets(registry.get())
    onChange([...standard, ...injected.filter((w) => !standard.some((s) => s.name === w.name))])
  }
  const scan = () => {
    const next = injectedBitcoinWallets(window)
    const kept = next.map((w) => injected.find((old) => old.name === w.name) ?? w)
    if (kept.length !== injected.length) {
      injected = kept
      emit()
    }
  }
  injected = injectedBitcoinWallets(window)
  const offs = [registry.on('register', emit), registry.on('unregister', emit)]
  emit()
  window.addEventListener('load', scan)
  const timer = setTimeout(scan, 1_000)
  return () => {
    offs.forEach((off) => off())
    window.removeEventListener('load', scan)
    clearTimeout(timer)
  }
}
