/**
 * The bip122 namespace of the WalletConnect test wallet: WalletConnect's Bitcoin RPC
 * (getAccountAddresses, signMessage, signPsbt, sendTransfer) answered with a Bitcoin dev account of
 * the devnet (payment P2WPKH and ordinal P2TR); transfers and broadcasts go to the chain's Esplora URL.
 * Session accounts: `bip122:<ref>:<payment address>` and `bip122:<ref>:<ordinal address>`.
 */
import * as v from 'valibot'
import { asProviderError } from '../bitcoin/errors'
import { bitcoinDevAccount, publicKeyHex } from '../bitcoin/keys'
import { createBitcoinOperations, formatBtc } from '../bitcoin/operations'
import { parsePsbt } from '../bitcoin/psbt'
import { RpcError } from './errors'

export const BIP122_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
export const BIP122_EVENTS = ['bip122_addressesChanged'] as const
/** Answered without asking: it only reads the session's own addresses. */
export const BIP122_READ_ONLY = new Set<string>(['getAccountAddresses'])
export const isBip122Chain = (caip2: string) => caip2.startsWith('bip122:')

const GetAccountAddresses = v.object({ account: v.optional(v.string()), intentions: v.optional(v.array(v.string())) })
const SignMessage = v.object({
  account: v.optional(v.string()),
  address: v.optional(v.string()),
  message: v.string(),
  protocol: v.optional(v.picklist(['ecdsa', 'bip322'])),
})
const SignPsbt = v.object({
  account: v.optional(v.string()),
  psbt: v.string(),
  signInputs: v.optional(
    v.array(v.object({ address: v.string(), index: v.pipe(v.number(), v.integer(), v.minValue(0)), sighashTypes: v.optional(v.array(v.number())) })),
  ),
  broadcast: v.optional(v.boolean()),
})
const SendTransfer = v.object({
  account: v.optional(v.string()),
  recipientAddress: v.string(),
  amount: v.pipe(v.string(), v.regex(/^[1-9][0-9]*$/)),
  changeAddress: v.optional(v.string()),
  memo: v.optional(v.string()),
})

function parse<T>(schema: v.GenericSchema<unknown, T>, params: unknown, method: string): T {
  const parsed = v.safeParse(schema, params)
  if (!parsed.success) throw new RpcError(-32602, `Invalid ${method} params: ${v.summarize(parsed.issues)}`)
  return parsed.output
}

/** The bip122 side of the wallet: its accounts, the namespace it approves and the methods it answers. */
export function createBip122Side(accountIndex: number, rpc: Record<string, string>) {
  let index = accountIndex
  const chains = Object.keys(rpc).filter(isBip122Chain)
  const keys = () => bitcoinDevAccount(index)
  const urlFor = (chainId: string) => {
    const url = rpc[chainId]
    if (!url) throw new RpcError(4100, `Unsupported chain ${chainId}`)
    return url
  }
  // The session's flow asked already: operations approve without a second prompt.
  const opsFor = (chainId: string) => createBitcoinOperations({ url: urlFor(chainId), account: keys, approve: async () => undefined, record: () => undefined })
  const addresses = () => [
    { address: keys().payment.address, publicKey: publicKeyHex(keys().payment), path: keys().payment.path, intention: 'payment' as const },
    { address: keys().ordinal.address, publicKey: publicKeyHex(keys().ordinal), path: keys().ordinal.path, intention: 'ordinal' as const },
  ]

  return {
    chains,
    get addresses() {
      return addresses()
    },
    namespace: () => ({
      chains,
      methods: [...BIP122_METHODS],
      events: [...BIP122_EVENTS],
      accounts: chains.flatMap((c) => [`${c}:${keys().payment.address}`, `${c}:${keys().ordinal.address}`]),
    }),
    /** Switches dev account; the caller emits the returned addresses as bip122_addressesChanged. */
    setAccount(next: number) {
      bitcoinDevAccount(next)
      index = next
      return addresses()
    },

    /** One line for the approval flow. */
    describe(method: string, params: unknown): string {
      try {
        if (method === 'signMessage') return `sign "${parse(SignMessage, params, method).message}"`
        if (method === 'sendTransfer') {
          const p = parse(SendTransfer, params, method)
          return `send ${formatBtc(BigInt(p.amount))} BTC to ${p.recipientAddress}`
        }
        if (method === 'signPsbt') {
          const tx = parsePsbt(parse(SignPsbt, params, method).psbt)
          return `sign a PSBT (${tx.inputsLength} inputs, ${tx.outputsLength} outputs)`
        }
      } catch {
        return 'malformed request'
      }
      return method
    },

    async run(method: string, params: unknown, chainId: string): Promise<unknown> {
      try {
        switch (method) {
          case 'getAccountAddresses': {
            const { intentions } = parse(GetAccountAddresses, params ?? {}, method)
            return addresses().filter((a) => !intentions || intentions.includes(a.intention))
          }
          case 'signMessage': {
            const p = parse(SignMessage, params, method)
            const signed = await opsFor(chainId).signMessage(
              method,
              p.address ?? p.account ?? keys().payment.address,
              new TextEncoder().encode(p.message),
              p.protocol,
            )
            return { address: signed.address, signature: signed.signature, messageHash: signed.messageHash }
          }
          case 'signPsbt': {
            const p = parse(SignPsbt, params, method)
            const requests = p.signInputs?.map((i) => ({
              address: i.address,
              indexes: [i.index],
              ...(i.sighashTypes?.[0] !== undefined ? { sigHash: i.sighashTypes[0] } : {}),
            }))
            const signed = await opsFor(chainId).signPsbt(method, p.psbt, requests, !!p.broadcast)
            return { psbt: signed.psbtBase64, ...(signed.txid ? { txid: signed.txid } : {}) }
          }
          case 'sendTransfer': {
            const p = parse(SendTransfer, params, method)
            return await opsFor(chainId).sendTransfer(method, [{ address: p.recipientAddress, amount: BigInt(p.amount) }], p.changeAddress)
          }
          default:
            throw new RpcError(4200, `Unsupported method ${method}`)
        }
      } catch (err) {
        if (err instanceof RpcError) throw err
        const e = asProviderError(err)
        throw new RpcError(e.code, e.message)
      }
    },
  }
}
