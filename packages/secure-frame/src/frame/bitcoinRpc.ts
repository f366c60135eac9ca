import { base64 } from '@scure/base'
import { bytesToHex } from '@noble/hashes/utils'
import * as v from 'valibot'
import { bitcoinNetworkOf, bitcoinNetworks, type BitcoinNetwork } from '../families/bip122.js'
import { bitcoinAccounts, publicAccount, type BitcoinAccount } from '../families/bip122Accounts.js'
import type { ApprovalContent } from './approval.js'
import { describeMessage, describePsbt } from './bitcoinApproval.js'
import { createBitcoinApi, type BitcoinApi } from './bitcoinEsplora.js'
import { bip322MessageHash, legacyMessageHash, signBip322Simple, signLegacyMessage } from './bitcoinMessage.js'
import { decodePsbt, extractSigned, PsbtError, signingPlan, signPlanned, type DecodedPsbt } from './bitcoinPsbt.js'
import { buildTransfer, TransferError } from './bitcoinTransfer.js'
import {
  ChainDisconnectedError,
  InvalidParamsRpcError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from './errors/rpc.js'
import { t } from './i18n/index.js'
import { contextOf, networkOf, type RpcContext, type RpcFamily } from './rpc/context.js'
import type { FrameSession } from './session.js'

const Address = v.pipe(v.string(), v.minLength(14), v.maxLength(100))
const Account = v.optional(Address)
const Intention = v.picklist(['payment', 'ordinal'])
/** What the frame reads of each method's params (WalletConnect's bip122 shapes, core's BitcoinRpcSchema). */
const Params = {
  bip122_getAccountAddresses: v.optional(v.object({ account: Account, intentions: v.optional(v.pipe(v.array(Intention), v.maxLength(2))) }), {}),
  bip122_signMessage: v.object({
    account: Account,
    address: Address,
    message: v.pipe(v.string(), v.maxLength(10_000)),
    protocol: v.optional(v.picklist(['ecdsa', 'bip322'])),
  }),
  bip122_signPsbt: v.object({
    account: Account,
    psbt: v.pipe(v.string(), v.minLength(1)),
    signInputs: v.optional(
      v.pipe(
        v.array(
          v.object({
            address: Address,
            index: v.pipe(v.number(), v.integer(), v.minValue(0)),
            sighashTypes: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xff))), v.maxLength(8))),
          }),
        ),
        v.maxLength(500),
      ),
    ),
    broadcast: v.optional(v.boolean()),
  }),
  bip122_sendTransfer: v.object({
    account: Account,
    recipientAddress: Address,
    amount: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'amount must be a positive number of satoshis (a decimal string)')),
    changeAddress: v.optional(Address),
    memo: v.optional(v.pipe(v.string(), v.maxLength(80))),
  }),
}
type Method = keyof typeof Params

/** What one request acts with: the network, the wallet's accounts on it, the screen, the network's API. */
interface BitcoinRequest {
  ctx: RpcContext
  network: BitcoinNetwork
  accounts: [BitcoinAccount, BitcoinAccount]
  api(): BitcoinApi
}

/**
 * The bip122 family's handlers (rpc/bip122.ts loads this file with the first bip122 request): the wallet's payment
 * (P2WPKH) and ordinal (P2TR) accounts of the request's network (families/bip122Accounts.ts), PSBTs decoded and shown (bitcoinPsbt.ts, bitcoinApproval.ts), reads and broadcasts through
 * the server's Esplora proxy (bitcoinEsplora.ts).
 */
export const bitcoinRpc: RpcFamily = async (session, { method, params, chainId }) => {
  if (!Object.hasOwn(Params, method)) throw new UnsupportedProviderMethodError({ message: `${method} is not supported by the embedded wallet on Bitcoin` })
  const network = networkFor(session, chainId)
  const unlocked = session.wallet.keys
  if (!unlocked) throw new UnauthorizedProviderError()
  const request: BitcoinRequest = {
    ctx: contextOf(session, network.caip2, bitcoinNetworks),
    network,
    accounts: bitcoinAccounts(unlocked.keys.secretKeys.bip122!, network),
    api: () => createBitcoinApi(session.config, network.caip2),
  }
  const parsed = v.safeParse(Params[method as Method], params[0])
  if (!parsed.success) throw new InvalidParamsRpcError({ message: `${method}: ${v.summarize(parsed.issues).slice(0, 300)}` })
  const { account } = parsed.output as { account?: string }
  if (account !== undefined && !request.accounts.some((a) => a.address === account)) throw new InvalidParamsRpcError({ message: 'Unknown Bitcoin account' })
  try {
    switch (method as Method) {
      case 'bip122_getAccountAddresses':
        return getAccountAddresses(request, parsed.output as v.InferOutput<(typeof Params)['bip122_getAccountAddresses']>)
      case 'bip122_signMessage':
        return await signMessage(request, parsed.output as v.InferOutput<(typeof Params)['bip122_signMessage']>)
      case 'bip122_signPsbt':
        return await signPsbt(request, parsed.output as v.InferOutput<(typeof Params)['bip122_signPsbt']>)
      case 'bip122_sendTransfer':
        return await sendTransfer(request, parsed.output as v.InferOutput<(typeof Params)['bip122_sendTransfer']>)
    }
  } catch (error) {
    if (error instanceof PsbtError || error instanceof TransferError) throw new InvalidParamsRpcError({ message: error.message, cause: error })
    throw error
  }
}

/** The request's network: a bip122 chain the frame knows; none named, the host's first bip122 network. */
function networkFor(session: FrameSession, chainId: number | string): BitcoinNetwork {
  const named = String(chainId)
  const caip = named.startsWith('bip122:') || /^[0-9a-f]{32}$/.test(named) ? named : session.config.rpcChains.find((c) => c.startsWith('bip122:'))
  const network = caip ? bitcoinNetworkOf(caip) : undefined
  if (!network) throw new ChainDisconnectedError({ message: `The embedded wallet does not know the Bitcoin network ${String(caip ?? chainId).slice(0, 60)}` })
  return network
}

async function approve(request: BitcoinRequest, content: ApprovalContent, method: string) {
  if (!(await request.ctx.approve({ ...content, account: request.accounts[0].address }, method))) throw new UserRejectedRequestError()
}

function getAccountAddresses({ accounts }: BitcoinRequest, params: { intentions?: ('payment' | 'ordinal')[] }) {
  return accounts.filter((a) => !params.intentions?.length || params.intentions.includes(a.intention)).map(publicAccount)
}

async function signMessage(request: BitcoinRequest, params: { address: string; message: string; protocol?: 'ecdsa' | 'bip322' }) {
  const account = request.accounts.find((a) => a.address === params.address)
  if (!account) throw new InvalidParamsRpcError({ message: `${params.address.slice(0, 100)} is not an address of this wallet on this network` })
  // The legacy format has no taproot form: the ordinal address signs with BIP-322 unless ECDSA is asked for.
  const protocol = params.protocol ?? (account.intention === 'ordinal' ? 'bip322' : 'ecdsa')
  if (protocol === 'ecdsa' && account.intention !== 'payment')
    throw new InvalidParamsRpcError({ message: 'ECDSA message signatures exist for the payment address only: use bip322 for the ordinal address' })
  const network = networkOf(request.ctx, request.network.caip2).label
  await approve(request, describeMessage({ network, address: account.address, protocol, message: params.message }), 'bip122_signMessage')
  const signature = protocol === 'ecdsa' ? signLegacyMessage(params.message, account) : signBip322Simple(params.message, account)
  const messageHash = bytesToHex(protocol === 'ecdsa' ? legacyMessageHash(params.message) : bip322MessageHash(params.message))
  return { address: account.address, signature, messageHash }
}

/** Decodes, shows, signs: what signPsbt and sendTransfer share. */
async function approveAndSign(request: BitcoinRequest, decoded: DecodedPsbt, plan: ReturnType<typeof signingPlan>, title: string, method: string) {
  await approve(request, describePsbt(decoded, { title, network: networkOf(request.ctx, request.network.caip2).label, plan }), method)
  return signPlanned(decoded, plan)
}

async function signPsbt(request: BitcoinRequest, params: v.InferOutput<(typeof Params)['bip122_signPsbt']>) {
  const decoded = decodePsbt(params.psbt, request.accounts, request.network.params)
  const plan = signingPlan(decoded, request.accounts, params.signInputs)
  const signed = await approveAndSign(request, decoded, plan, t(params.broadcast ? 'btc.signAndSend' : 'btc.signPsbt'), 'bip122_signPsbt')
  const psbt = base64.encode(signed.toPSBT())
  if (!params.broadcast) return { psbt }
  const { hex } = extractSigned(signed)
  return { psbt, txid: await request.api().broadcast(hex) }
}

async function sendTransfer(request: BitcoinRequest, params: v.InferOutput<(typeof Params)['bip122_sendTransfer']>) {
  const [payment] = request.accounts
  // Change goes back to the payment address only: another address would be a payment the screen calls change.
  if (params.changeAddress !== undefined && params.changeAddress !== payment.address)
    throw new InvalidParamsRpcError({ message: 'The change address must be the payment address of this wallet' })
  const api = request.api()
  const [utxos, feeRate] = await Promise.all([api.utxos(payment.address), api.feeRate()])
  const psbt = buildTransfer({
    payment,
    utxos,
    recipient: params.recipientAddress,
    amount: BigInt(params.amount),
    feeRate,
    params: request.network.params,
    memo: params.memo,
  })
  const decoded = decodePsbt(psbt, request.accounts, request.network.params)
  const plan = signingPlan(decoded, request.accounts)
  const signed = await approveAndSign(request, decoded, plan, t('btc.send'), 'bip122_sendTransfer')
  const { hex } = extractSigned(signed)
  return { txid: await api.broadcast(hex) }
}
