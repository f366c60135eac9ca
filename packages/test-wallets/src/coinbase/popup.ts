/**
 * Coinbase Smart Wallet stand-in: the popup page. The real integration point is Coinbase's keys
 * popup (https://keys.coinbase.com/connect), which the Coinbase Wallet SDK opens and talks to by
 * postMessage; this page speaks the same protocol to the real SDK, with a real key on the devnet
 * (an EOA standing for the Smart Wallet's account: development only, never with real funds).
 *
 * Protocol (@coinbase/wallet-sdk 4.4: core/communicator, sign/scw):
 *   popup → opener  { event: 'PopupLoaded', id }
 *   opener → popup  { requestId: id, data: { version, metadata, preference, location } }
 *   opener → popup  { id, event: 'selectSignerType' }         popup → { requestId: id, data: 'scw' }
 *   opener → popup  { id, sender, content: { handshake } }    popup → { requestId, sender, content: { encrypted } }
 *   opener → popup  { id, sender, content: { encrypted } }    popup → { requestId, sender, content: { encrypted } }
 *   popup → opener  { event: 'PopupUnload' } when it closes (after each answer, as the real one does)
 * `sender` is each side's ECDH public key; the encrypted content is { action, chainId } one way and
 * { result: { value } | { error }, data?: { chains } } the other.
 * Only the window that opened it, from the origin the SDK named, is listened to or answered.
 */
import { createWalletClient, hexToString, http, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { decryptJson, deriveSecret, encryptJson, exportKeyHex, generateKeyPair, importKeyHex, type Encrypted } from './cipher'
import { describeApprove } from '../approve'

interface StandInConfig {
  privateKey: Hex
  chains: { chainId: number; name: string; rpcUrl: string }[]
}
interface RpcError {
  code: number
  message: string
}

const config = JSON.parse(document.getElementById('config')!.textContent!) as StandInConfig
const account = privateKeyToAccount(config.privateKey)
const opener = window.opener as Window | null
const dappOrigin = new URL(location.href).searchParams.get('origin')
const loadedId = crypto.randomUUID()
const SESSION_PREFIX = 'cbsw-stand-in:session:'
let appName = ''
let configured = false

const $ = (id: string) => document.getElementById(id)!
function show(title: string, detail = '') {
  $('title').textContent = title
  $('detail').textContent = detail
}

/** Asks the user; resolves with their choice. */
function ask(title: string, detail: string): Promise<boolean> {
  show(title, detail)
  const buttons = $('buttons')
  buttons.hidden = false
  return new Promise((resolve) => {
    const answer = (ok: boolean) => () => {
      buttons.hidden = true
      resolve(ok)
    }
    $('approve').onclick = answer(true)
    $('reject').onclick = answer(false)
  })
}

function post(message: unknown) {
  opener!.postMessage(message, dappOrigin!)
}

/** The real popup closes itself once a request is answered; the SDK reopens it for the next one. */
function done() {
  show('Done', 'This window closes.')
  setTimeout(() => window.close(), 100)
}

const rejected: RpcError = { code: 4001, message: 'User rejected the request.' }
const chains = () => Object.fromEntries(config.chains.map((c) => [c.chainId, c.rpcUrl]))

async function handshake(id: string, sender: string) {
  const ok = await ask(`Connect to ${appName}?`, `${dappOrigin} asks for your address ${account.address}`)
  if (!ok) {
    post({ requestId: id, sender: '', content: { failure: rejected }, timestamp: new Date() })
    return done()
  }
  // A key pair per dapp key: kept (this origin's storage) so that the popup opened for a later request finds it.
  const pair = await generateKeyPair()
  const own = { privateKey: await exportKeyHex('private', pair.privateKey), publicKey: await exportKeyHex('public', pair.publicKey) }
  localStorage.setItem(SESSION_PREFIX + sender, JSON.stringify(own))
  const secret = await deriveSecret(pair.privateKey, await importKeyHex('public', sender))
  const encrypted = await encryptJson(secret, { result: { value: [account.address] }, data: { chains: chains(), capabilities: {} } })
  post({ requestId: id, sender: own.publicKey, content: { encrypted }, timestamp: new Date() })
  done()
}

async function request(id: string, sender: string, encrypted: Encrypted) {
  const stored = localStorage.getItem(SESSION_PREFIX + sender)
  if (!stored) {
    post({ requestId: id, sender: '', content: { failure: { code: 4100, message: 'No session for this key' } }, timestamp: new Date() })
    return done()
  }
  const own = JSON.parse(stored) as { privateKey: string; publicKey: string }
  const secret = await deriveSecret(await importKeyHex('private', own.privateKey), await importKeyHex('public', sender))
  const { action, chainId } = (await decryptJson(secret, encrypted)) as { action: { method: string; params?: unknown }; chainId: number }
  let result: { value: unknown } | { error: RpcError }
  try {
    result = { value: await perform(action.method, Array.isArray(action.params) ? action.params : [], chainId) }
  } catch (error) {
    const { code = -32603, message = String(error) } = error as Partial<RpcError>
    result = { error: { code, message } }
  }
  post({ requestId: id, sender: own.publicKey, content: { encrypted: await encryptJson(secret, { result }) }, timestamp: new Date() })
  done()
}

async function perform(method: string, params: unknown[], chainId: number): Promise<unknown> {
  const chain = config.chains.find((c) => c.chainId === chainId)
  switch (method) {
    case 'personal_sign': {
      const [message, address] = params as [Hex, string]
      if (String(address).toLowerCase() !== account.address.toLowerCase()) throw { code: 4100, message: 'Not this account' }
      const text = isHex(message) ? hexToString(message) : String(message)
      if (!(await ask('Sign this message?', text))) throw rejected
      return account.signMessage({ message: isHex(message) ? { raw: message } : String(message) })
    }
    case 'eth_signTypedData_v4': {
      const typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
      if (!(await ask('Sign typed data?', JSON.stringify(typed.message)))) throw rejected
      return account.signTypedData(typed)
    }
    case 'eth_sendTransaction': {
      if (!chain) throw { code: 4901, message: `Chain ${chainId} is not connected` }
      const tx = params[0] as { to: Hex; value?: Hex; data?: Hex; gas?: Hex }
      const value = BigInt(tx.value ?? '0x0')
      const approveCall = describeApprove(tx.data)
      const detail = approveCall ? `Approve ${approveCall.spender} to spend ${approveCall.allowance} of ${tx.to}` : `${value} wei to ${tx.to}`
      if (!(await ask(`Send on ${chain.name}?`, detail))) throw rejected
      const client = createWalletClient({ account, transport: http(chain.rpcUrl) })
      return client.sendTransaction({ chain: null, to: tx.to, value, data: tx.data, ...(tx.gas ? { gas: BigInt(tx.gas) } : {}) })
    }
    case 'wallet_switchEthereumChain': {
      const wanted = Number((params[0] as { chainId: string }).chainId)
      if (!config.chains.some((c) => c.chainId === wanted)) throw { code: 4902, message: 'Unrecognized chain' }
      return null
    }
  }
  throw { code: 4200, message: `The stand-in does not support ${method}` }
}

if (!opener || !dappOrigin) show('Coinbase Smart Wallet stand-in', 'Opened by the Coinbase Wallet SDK only.')
else {
  addEventListener('message', (event) => {
    // Pinned: the window that opened this popup, from the origin the SDK named (its own).
    if (event.source !== opener || event.origin !== dappOrigin) return
    const m = event.data as { id?: string; requestId?: string; event?: string; sender?: string; data?: any; content?: any }
    if (m?.requestId === loadedId) {
      appName = String(m.data?.metadata?.appName ?? 'this site')
      configured = true
      return show('Coinbase Smart Wallet stand-in', `Connected to ${appName}`)
    }
    if (!configured || typeof m?.id !== 'string') return
    if (m.event === 'selectSignerType') return post({ requestId: m.id, data: 'scw' })
    if (typeof m.sender !== 'string') return
    if (m.content?.handshake) return void handshake(m.id, m.sender)
    if (m.content?.encrypted) return void request(m.id, m.sender, m.content.encrypted)
  })
  addEventListener('pagehide', () => post({ event: 'PopupUnload', id: crypto.randomUUID() }))
  post({ event: 'PopupLoaded', id: loadedId })
}
