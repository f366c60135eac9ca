/**
 * The PubSub WebSocket (the validator's RPC port + 1): signatureSubscribe, accountSubscribe and
 * slotSubscribe with their unsubscribe methods, notifications shaped as Agave sends them.
 */
import type { Server as HttpServer } from 'node:http'
import type { Address } from '@solana/kit'
import { WebSocketServer, type WebSocket } from 'ws'
import type { LandedTransaction, SolanaChain } from './chain'
import { encodeAccount, stringify, type AccountConfig } from './encoding'
import { RpcError, RPC_INVALID_REQUEST, RPC_METHOD_NOT_FOUND, RPC_PARSE_ERROR, invalidParams } from './errors'
import { addressParam, configParam, paramsOf, signatureParam, stringParam, type Params } from './params'
import { SOLANA_SYSTEM_PROGRAM_ADDRESS } from './constants'

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'account'; socket: WebSocket; address: Address; config: AccountConfig; last?: string }
  | { kind: 'slot'; socket: WebSocket }

const NOTIFICATION = { signature: 'signatureNotification', account: 'accountNotification', slot: 'slotNotification' } as const

export function attachSubscriptions(chain: SolanaChain, server: HttpServer): WebSocketServer {
  const wss = new WebSocketServer({ server, maxPayload: 1024 * 1024 })
  const subscriptions = new Map<number, Subscription>()
  let nextId = 0

  const notify = (id: number, sub: Subscription, result: unknown) => {
    if (sub.socket.readyState !== sub.socket.OPEN) return
    sub.socket.send(stringify({ jsonrpc: '2.0', method: NOTIFICATION[sub.kind], params: { result, subscription: id } }))
  }
  const signatureResult = (tx: LandedTransaction) => ({ context: { slot: tx.slot }, value: { err: tx.err } })
  const accountValue = (sub: Extract<Subscription, { kind: 'account' }>) => {
    const account = chain.account(sub.address)
    // A closed account is notified as an empty system account, as a validator does.
    const shown = account.exists
      ? account
      : {
          exists: true as const,
          address: sub.address,
          lamports: 0n as never,
          data: new Uint8Array(),
          programAddress: SOLANA_SYSTEM_PROGRAM_ADDRESS as Address,
          executable: false,
          space: 0n,
        }
    return encodeAccount(shown, sub.config, (a) => chain.account(a))
  }

  const onLanded = (tx: LandedTransaction) => {
    for (const [id, sub] of subscriptions) {
      if (sub.kind !== 'signature' || sub.signature !== tx.signature) continue
      notify(id, sub, signatureResult(tx))
      subscriptions.delete(id)
    }
  }
  const onAccounts = (addresses: Address[]) => {
    const touched = new Set<string>(addresses)
    for (const [id, sub] of subscriptions) {
      if (sub.kind !== 'account' || !touched.has(sub.address)) continue
      const value = accountValue(sub)
      const text = stringify(value)
      if (text === sub.last) continue
      sub.last = text
      notify(id, sub, { context: { slot: chain.slot }, value })
    }
  }
  const onSlot = (slot: bigint) => {
    for (const [id, sub] of subscriptions) if (sub.kind === 'slot') notify(id, sub, { parent: slot - 1n, root: slot, slot })
  }
  chain.on('landed', onLanded)
  chain.on('accounts', onAccounts)
  chain.on('slot', onSlot)
  wss.on('close', () => {
    chain.off('landed', onLanded)
    chain.off('accounts', onAccounts)
    chain.off('slot', onSlot)
  })

  const subscribe = (socket: WebSocket, method: string, params: Params): number => {
    const id = nextId++
    if (method === 'signatureSubscribe') {
      const signature = signatureParam(stringParam(params, 0))
      const landed = chain.getTransaction(signature)
      const sub: Subscription = { kind: 'signature', socket, signature }
      if (landed) queueMicrotask(() => notify(id, sub, signatureResult(landed)))
      else subscriptions.set(id, sub)
    } else if (method === 'accountSubscribe') {
      const sub: Subscription = { kind: 'account', socket, address: addressParam(params, 0), config: configParam<AccountConfig>(params, 1) }
      sub.last = stringify(accountValue(sub))
      subscriptions.set(id, sub)
    } else {
      subscriptions.set(id, { kind: 'slot', socket })
    }
    return id
  }

  const unsubscribe = (socket: WebSocket, params: Params): boolean => {
    const id = params[0]
    const sub = typeof id === 'number' ? subscriptions.get(id) : undefined
    if (!sub || sub.socket !== socket) throw invalidParams('Invalid subscription id.')
    subscriptions.delete(id as number)
    return true
  }

  const handle = (socket: WebSocket, text: string) => {
    let request: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
    try {
      request = JSON.parse(text)
    } catch {
      return socket.send(stringify({ jsonrpc: '2.0', error: new RpcError(RPC_PARSE_ERROR, 'Parse error').toJSON(), id: null }))
    }
    const id = request?.id ?? null
    try {
      if (!request || request.jsonrpc !== '2.0' || typeof request.method !== 'string') throw new RpcError(RPC_INVALID_REQUEST, 'Invalid request')
      const method = request.method
      const params = paramsOf(request.params)
      let result: unknown
      if (method === 'signatureSubscribe' || method === 'accountSubscribe' || method === 'slotSubscribe') result = subscribe(socket, method, params)
      else if (method === 'signatureUnsubscribe' || method === 'accountUnsubscribe' || method === 'slotUnsubscribe') result = unsubscribe(socket, params)
      else throw new RpcError(RPC_METHOD_NOT_FOUND, 'Method not found')
      socket.send(stringify({ jsonrpc: '2.0', result, id }))
    } catch (err) {
      const error = err instanceof RpcError ? err : new RpcError(RPC_INVALID_REQUEST, 'Invalid request')
      socket.send(stringify({ jsonrpc: '2.0', error: error.toJSON(), id }))
    }
  }

  wss.on('connection', (socket) => {
    socket.on('message', (data) => handle(socket, data.toString()))
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id)
    })
  })
  return wss
}
