/**
 * `npm run registry:wallets`: rebuilds the server's bundled wallet registry
 * (packages/server/src/registry/wallets.json, the offline/dev list) from public sources that the
 * npm registry serves, fetched with `npm pack` into a temporary folder:
 *
 * - the hand-kept entries already in wallets.json (source 'portico'): kept first and unchanged;
 * - thirdweb's generated WalletConnect-explorer snapshot (thirdweb, Apache-2.0:
 *   dist/esm/wallets/__generated__/wallet/<rdns-like id>/index.js): name, homepage, rdns,
 *   app store / play store / extension links, mobile and desktop deep links, in the explorer's order;
 * - @web3-onboard/injected-wallets (MIT): the injected provider's identity flag of each wallet
 *   (ProviderIdentityFlag, e.g. isExodus), matched by name.
 *
 * Icons are not copied (wallet logos are their owners'): the server draws each wallet's initials
 * on a colour derived from its id; a production server mirrors real icons from the explorer API
 * it syncs from (registry/sync.ts). The snapshot carries no chain list: an entry says eip155:1,
 * and custom_evm_chains when it is an injected EVM provider (a known identity flag, or an EIP-6963
 * rdns with a browser extension), which can add any chain (EIP-3085). The versions are pinned
 * below, so the output only changes when they are raised.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { RegistryWalletSchema, type RegistryWallet } from '../packages/server/src/registry/registry.js'

const THIRDWEB = 'thirdweb@5.121.6'
const ONBOARD = '@web3-onboard/injected-wallets@2.11.3'
const OUT = fileURLToPath(new URL('../packages/server/src/registry/wallets.json', import.meta.url))

interface ExplorerSnapshotWallet {
  id: string
  name: string
  homepage: string
  rdns: string | null
  app: Record<'browser' | 'ios' | 'android' | 'mac' | 'windows' | 'linux' | 'chrome' | 'firefox' | 'safari' | 'edge' | 'opera', string | null>
  mobile: { native: string | null; universal: string | null }
  desktop: { native: string | null; universal: string | null }
}

const work = mkdtempSync(join(tmpdir(), 'portico-wallets-'))
try {
  const unpack = (spec: string, ...paths: string[]) => {
    const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').at(-1)!
    execFileSync('tar', ['xzf', join(work, file), '-C', work, ...paths])
  }
  unpack(THIRDWEB, 'package/dist/esm/wallets/__generated__')
  const generated = join(work, 'package/dist/esm/wallets/__generated__')
  // The explorer's order (most used first), then the remaining folders.
  const infos = readFileSync(join(generated, 'wallet-infos.js'), 'utf8')
  const ordered = [...infos.matchAll(/id: "([^"]+)"/g)].map((m) => m[1]!)
  const folders = readdirSync(join(generated, 'wallet'))
  const ids = [...new Set([...ordered.filter((id) => folders.includes(id)), ...folders.sort()])]
  const snapshot: ExplorerSnapshotWallet[] = []
  for (const id of ids) snapshot.push((await import(pathToFileURL(join(generated, 'wallet', id, 'index.js')).href)).wallet)

  rmSync(join(work, 'package'), { recursive: true })
  unpack(ONBOARD, 'package/dist/types.js')
  const types = await import(pathToFileURL(join(work, 'package/dist/types.js')).href)
  const flags = new Map<string, string>()
  for (const [key, flag] of Object.entries<string>(types.ProviderIdentityFlag)) {
    const label = types.ProviderLabel[key] as string | undefined
    if (label && flag.startsWith('is')) flags.set(normal(label), flag)
  }

  const current = JSON.parse(readFileSync(OUT, 'utf8')) as { wallets: RegistryWallet[] }
  const kept = current.wallets.filter((w) => !w.generated)
  const seen = { ids: new Set(kept.map((w) => w.id)), rdns: new Set(kept.map((w) => w.rdns).filter(Boolean)), names: new Set(kept.map((w) => normal(w.name))) }
  const wallets: RegistryWallet[] = kept.map(({ generated: _, ...w }) => w)
  let skipped = 0
  for (const w of snapshot) {
    const entry = fromSnapshot(w, flags.get(normal(w.name)))
    const parsed = RegistryWalletSchema.safeParse(entry)
    if (!parsed.success || seen.ids.has(entry.id) || (entry.rdns && seen.rdns.has(entry.rdns)) || seen.names.has(normal(entry.name))) {
      skipped++
      continue
    }
    seen.ids.add(entry.id)
    if (entry.rdns) seen.rdns.add(entry.rdns)
    seen.names.add(normal(entry.name))
    wallets.push({ ...parsed.data, generated: true })
  }
  const out = {
    version: 1,
    sources: [
      { name: 'portico', note: 'hand-kept entries (the first ones, without "generated")' },
      { name: THIRDWEB, license: 'Apache-2.0', note: "dist/esm/wallets/__generated__: thirdweb's snapshot of the WalletConnect explorer" },
      { name: ONBOARD, license: 'MIT', note: 'injected provider identity flags (ProviderIdentityFlag), matched by name' },
    ],
    wallets,
  }
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`)
  const count = (f: (w: RegistryWallet) => unknown) => wallets.filter(f).length
  console.log(
    `wrote ${wallets.length} wallets (${kept.length} kept, ${wallets.length - kept.length} from the snapshot, ${skipped} skipped as duplicates or invalid): ` +
      `${count((w) => w.rdns)} with rdns, ${count((w) => w.injected.length)} with injected ids, ${count((w) => w.mobile_link)} with mobile links, ${count((w) => w.desktop_link)} with desktop links`,
  )
} finally {
  rmSync(work, { recursive: true, force: true })
}

function normal(name: string) {
  return name.toLowerCase().replace(/\bwallet\b|[^a-z0-9]/g, '')
}

function fromSnapshot(w: ExplorerSnapshotWallet, flag: string | undefined): RegistryWallet {
  const extension = w.app.chrome ?? w.app.firefox ?? w.app.edge ?? w.app.safari ?? w.app.opera
  const rdns = w.rdns && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(w.rdns) ? w.rdns.toLowerCase() : null
  const id = w.id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
  return {
    id,
    name: w.name.trim().slice(0, 64),
    image_id: id,
    rdns,
    homepage: w.homepage,
    mobile_link: link(w.mobile.native ?? w.mobile.universal),
    desktop_link: link(w.desktop.native ?? w.desktop.universal),
    webapp_link: link(w.app.browser),
    app_store: link(w.app.ios),
    play_store: link(w.app.android),
    chains: ['eip155:1'],
    injected: flag ? [{ namespace: 'eip155', injected_id: flag }] : [],
    custom_evm_chains: Boolean(flag || (rdns && extension)),
    color: colourOf(id),
  }
}

function link(value: string | null) {
  return value && value.length <= 512 ? value : null
}

/** A stable brand-like colour from the id (hue from its hash, fixed saturation and lightness). */
function colourOf(id: string) {
  const hue = createHash('sha256').update(id).digest().readUInt16BE(0) % 360
  const [s, l] = [0.62, 0.46]
  const f = (n: number) => {
    const k = (n + hue / 30) % 12
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`.toUpperCase()
}
