/**
 * The transaction methods: sendTransaction (with Agave's preflight), simulateTransaction,
 * getSignatureStatuses, getSignaturesForAddress, getTransaction and getFeeForMessage.
 */
import { getCompiledTransactionMessageDecoder, getCompiledTransactionMessageEncoder, type Address, type Blockhash } from '@solana/kit'
import { decodeTransaction, type DecodedMessage, type DecodedTransaction, type LandedTransaction, type SolanaChain } from './chain'
import { transactionFee } from './fees'
import { encodeAccount, fromBase58, fromBase64, toBase58, toBase64, type AccountConfig } from './encoding'
import { RpcError, RPC_PREFLIGHT_FAILURE, RPC_SIGNATURE_VERIFICATION_FAILURE, invalidParams, transactionErrorText, type TransactionErrorJson } from './errors'
import { addressParam, arrayParam, configParam, signatureParam, stringParam, type Params } from './params'

/** JSON_RPC_SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION */
const RPC_UNSUPPORTED_TRANSACTION_VERSION = -32015

function readWire(params: Params, encoding: unknown = 'base58'): DecodedTransaction {
  const text = stringParam(params, 0)
  if (encoding !== 'base58' && encoding !== 'base64') throw invalidParams(`Invalid params: unknown variant \`${encoding}\`, expected \`base58\` or \`base64\`.`)
  let wire: Uint8Array
  try {
    wire = encoding === 'base64' ? fromBase64(text) : fromBase58(text)
  } catch {
    throw invalidParams(`invalid ${encoding} encoding: InvalidByte`)
  }
  try {
    return decodeTransaction(wire)
  } catch {
    throw invalidParams('failed to deserialize solana_transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer')
  }
}

const emptySimulation = (err: TransactionErrorJson) => ({
  accounts: null,
  err,
  innerInstructions: null,
  loadedAccountsDataSize: 0,
  logs: [],
  replacementBlockhash: null,
  returnData: null,
  unitsConsumed: 0,
})

function preflightFailure(err: TransactionErrorJson, logs: string[] = [], unitsConsumed: bigint = 0n) {
  return new RpcError(RPC_PREFLIGHT_FAILURE, `Transaction simulation failed: ${transactionErrorText(err)}`, {
    ...emptySimulation(err),
    logs,
    unitsConsumed,
  })
}

export function sendTransaction(chain: SolanaChain, params: Params): string {
  const config = configParam<{ encoding: string; skipPreflight: boolean }>(params, 1)
  const tx = readWire(params, config.encoding)
  if (Object.values(tx.transaction.signatures).some((s) => !s)) {
    throw new RpcError(RPC_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
  }
  if (!config.skipPreflight) {
    if (chain.getTransaction(tx.signature)) throw preflightFailure('AlreadyProcessed')
    if (!chain.isBlockhashValid(tx.message.lifetimeToken)) throw preflightFailure('BlockhashNotFound')
    const simulation = chain.simulate(tx, true)
    if (simulation.err === 'SignatureFailure') {
      throw new RpcError(RPC_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
    }
    if (simulation.err) throw preflightFailure(simulation.err, simulation.logs, simulation.unitsConsumed)
  }
  // Without preflight a validator accepts the signature and the transaction may never land.
  if (chain.isBlockhashValid(tx.message.lifetimeToken)) chain.execute(tx)
  return tx.signature
}

export function simulateTransaction(chain: SolanaChain, params: Params) {
  const config = configParam<{
    encoding: string
    sigVerify: boolean
    replaceRecentBlockhash: boolean
    accounts: { addresses: string[]; encoding?: AccountConfig['encoding'] }
  }>(params, 1)
  if (config.sigVerify && config.replaceRecentBlockhash) {
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
  }
  let tx = readWire(params, config.encoding)
  let replacementBlockhash = null
  if (config.replaceRecentBlockhash) {
    replacementBlockhash = chain.latestBlockhash()
    const message: DecodedMessage = { ...tx.message, lifetimeToken: replacementBlockhash.blockhash as Blockhash }
    const messageBytes = getCompiledTransactionMessageEncoder().encode(message)
    tx = { ...tx, message, transaction: { ...tx.transaction, messageBytes: messageBytes as never } }
  }
  const context = { slot: chain.slot, apiVersion: API_VERSION }
  if (!chain.isBlockhashValid(tx.message.lifetimeToken)) return { context, value: emptySimulation('BlockhashNotFound') }
  const result = chain.simulate(tx, config.sigVerify ?? false)
  // Accounts as the transaction would leave them; those it does not touch as they are.
  const post = (address: Address) => result.postAccounts.get(address) ?? chain.account(address)
  const accountsConfig = config.accounts
  const accounts = accountsConfig
    ? arrayParam([accountsConfig.addresses], 0, 256).map((_, i) =>
        result.err ? null : encodeAccount(post(addressParam(accountsConfig.addresses, i)), { encoding: accountsConfig.encoding ?? 'base64' }, post),
      )
    : null
  return {
    context,
    value: {
      accounts,
      err: result.err,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs: result.logs,
      replacementBlockhash,
      returnData: null,
      unitsConsumed: result.unitsConsumed,
    },
  }
}

export const API_VERSION = '2.2.0'

function status(tx: LandedTransaction) {
  return {
    slot: tx.slot,
    confirmations: null,
    err: tx.err,
    status: tx.err ? { Err: tx.err } : { Ok: null },
    confirmationStatus: 'finalized',
  }
}

export function getSignatureStatuses(chain: SolanaChain, params: Params) {
  const signatures = arrayParam(params, 0, 256).map(signatureParam)
  const value = signatures.map((s) => {
    const tx = chain.getTransaction(s)
    return tx ? status(tx) : null
  })
  return { context: { slot: chain.slot, apiVersion: API_VERSION }, value }
}

/** Newest first; `before` and `until` are exclusive, as on a validator. */
export function getSignaturesForAddress(chain: SolanaChain, params: Params) {
  const address = addressParam(params, 0)
  const config = configParam<{ limit: number; before: string; until: string }>(params, 1)
  const limit = config.limit ?? 1000
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidParams('Invalid limit; max 1000')
  const all = chain.signaturesFor(address)
  let end = all.length
  if (config.before !== undefined) {
    const at = all.lastIndexOf(signatureParam(config.before))
    end = at === -1 ? 0 : at
  }
  let start = 0
  if (config.until !== undefined) start = all.lastIndexOf(signatureParam(config.until)) + 1
  const out = []
  for (let i = end - 1; i >= start && out.length < limit; i--) {
    const tx = chain.getTransaction(all[i])!
    out.push({ signature: tx.signature, slot: tx.slot, err: tx.err, memo: null, blockTime: tx.blockTime, confirmationStatus: 'finalized' })
  }
  return out
}

export function getTransaction(chain: SolanaChain, params: Params) {
  const signature = signatureParam(stringParam(params, 0))
  const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam<{ encoding: string; maxSupportedTransactionVersion: number }>(params, 1)
  const tx = chain.getTransaction(signature)
  if (!tx) return null
  const version = tx.message.version
  if (version !== 'legacy' && (config as { maxSupportedTransactionVersion?: number }).maxSupportedTransactionVersion === undefined) {
    throw new RpcError(
      RPC_UNSUPPORTED_TRANSACTION_VERSION,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  }
  const encoding = config.encoding ?? 'json'
  let transaction: unknown
  if (encoding === 'base64') transaction = [toBase64(tx.wire), 'base64']
  else if (encoding === 'base58') transaction = [toBase58(tx.wire), 'base58']
  else if (encoding === 'json' || encoding === 'jsonParsed')
    transaction = { signatures: tx.signatures, message: messageJson(tx.message, encoding === 'jsonParsed') }
  else throw invalidParams(`Invalid params: unknown variant \`${encoding}\`.`)
  return {
    slot: tx.slot,
    blockTime: tx.blockTime,
    version,
    transaction,
    meta: {
      err: tx.err,
      status: tx.err ? { Err: tx.err } : { Ok: null },
      fee: tx.fee,
      preBalances: tx.preBalances,
      postBalances: tx.postBalances,
      innerInstructions: [],
      logMessages: tx.logs,
      preTokenBalances: tx.preTokenBalances,
      postTokenBalances: tx.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: tx.computeUnitsConsumed,
    },
  }
}

/** The 'json' message; 'jsonParsed' spells account keys out with their roles (instructions stay unparsed). */
function messageJson(message: DecodedMessage, parsed: boolean) {
  const { header, staticAccounts: keys } = message
  const signers = header.numSignerAccounts
  const writable = (i: number) => (i < signers ? i < signers - header.numReadonlySignerAccounts : i < keys.length - header.numReadonlyNonSignerAccounts)
  const instructions = message.instructions.map((ix) =>
    parsed
      ? {
          programId: keys[ix.programAddressIndex],
          accounts: (ix.accountIndices ?? []).map((i) => keys[i]),
          data: toBase58(ix.data ?? new Uint8Array()),
          stackHeight: null,
        }
      : { programIdIndex: ix.programAddressIndex, accounts: ix.accountIndices ?? [], data: toBase58(ix.data ?? new Uint8Array()), stackHeight: null },
  )
  return {
    accountKeys: parsed ? keys.map((pubkey, i) => ({ pubkey, signer: i < signers, writable: writable(i), source: 'transaction' })) : keys,
    header: {
      numRequiredSignatures: signers,
      numReadonlySignedAccounts: header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
    },
    recentBlockhash: message.lifetimeToken,
    instructions,
    ...(message.version === 'legacy' ? {} : { addressTableLookups: [] }),
  }
}

export function getFeeForMessage(chain: SolanaChain, params: Params) {
  const text = stringParam(params, 0)
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    message = getCompiledTransactionMessageDecoder().decode(fromBase64(text))
  } catch {
    throw invalidParams('invalid transaction message: failed to deserialize')
  }
  if (message.version === 1) throw invalidParams('invalid transaction message: unsupported version')
  const value = chain.isBlockhashValid(message.lifetimeToken) ? transactionFee(message) : null
  return { context: { slot: chain.slot, apiVersion: API_VERSION }, value }
}
