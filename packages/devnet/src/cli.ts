/**
 * `npm start -w @portico/devnet`: starts the devnet with default ports, prints
 * what a developer needs to configure a wallet/dapp, and stays up until Ctrl-C.
 * Flags: --random-ports, --verbose, --no-smart-accounts (no ERC-4337 contracts, no bundlers), --no-solana, --no-bitcoin,
 * --no-evm (the local Solana and Bitcoin chains only; the root `npm start` runs it this way beside scripts/dev.ts,
 * which starts the EVM chains itself), --solana-only (the local Solana chain only).
 */
import { startDevnet, type Devnet } from './index'
import { type BitcoinDevnet, startBitcoinDevnet } from './bitcoin/index'
import { BITCOIN_DEVNET_FUNDING } from './bitcoin/constants'
import { startSolanaDevnet, type SolanaDevnet } from './solana/index'
import { SOLANA_DEVNET_MINTS } from './solana/constants'
import { DEVNET_AA } from './constants'

const args = new Set(process.argv.slice(2))
const randomPorts = args.has('--random-ports')
const solanaOnly = args.has('--solana-only')
const devnet =
  solanaOnly || args.has('--no-evm')
    ? undefined
    : await startDevnet({ randomPorts, verbose: args.has('--verbose'), smartAccounts: !args.has('--no-smart-accounts') })
const solana = args.has('--no-solana') ? undefined : await startSolanaDevnet({ randomPorts })
const bitcoin = solanaOnly || args.has('--no-bitcoin') ? undefined : await startBitcoinDevnet({ randomPorts, blockIntervalMs: 5000 })

const lines = ['', 'Portico devnet is running (development only; keys below are public).', '']
if (devnet) lines.push(...evmLines(devnet))
if (solana) lines.push(...solanaLines(solana))
if (bitcoin) lines.push(...bitcoinLines(bitcoin))
lines.push('Press Ctrl-C to stop.', '')
console.log(lines.join('\n'))

function evmLines(d: Devnet): string[] {
  const out: string[] = []
  for (const c of d.chains) {
    out.push(`  ${c.name} (chain id ${c.chainId})`, `    RPC   ${c.rpcUrl}`, `    USDC  ${c.usdc}`, `    NFT   ${c.nft}`)
    if (c.bundlerUrl) out.push(`    Bundler (ERC-4337, EntryPoint ${DEVNET_AA.entryPoint})  ${c.bundlerUrl}`, `    Paymaster  ${DEVNET_AA.verifyingPaymaster}`)
    out.push('')
  }
  out.push(`  Fixtures  ${d.fixturesUrl}  (e.g. ${d.fixturesUrl}/nft/${d.chains[0].chainId}/1.json)`, '')
  out.push('  Accounts (10,000 ETH and 10,000 USDC each; NFT #1-3 -> account 0, #4-5 -> account 1)')
  d.accounts.forEach((a, i) => out.push(`    (${i}) ${a.address}  ${a.privateKey}`))
  out.push('')
  return out
}

function solanaLines(s: SolanaDevnet): string[] {
  const { usdc, token2022 } = SOLANA_DEVNET_MINTS
  const out = [
    `  Solana (litesvm)  ${s.caip2}`,
    `    RPC        ${s.rpcUrl}`,
    `    WebSocket  ${s.wsUrl}`,
    `    USDC       ${s.usdcMint}  (SPL Token, ${usdc.decimals} decimals)`,
    `    Token-2022 ${s.token2022Mint}  (${token2022.symbol}, ${token2022.decimals} decimals)`,
    '',
    '  Solana accounts (1,000 SOL, 10,000 USDC and 5,000 PT22 each; secret keys import into Phantom/Solflare)',
  ]
  s.accounts.forEach((a, i) => out.push(`    (${i}) ${a.address}  ${a.secretKey}`))
  out.push('')
  return out
}

function bitcoinLines(b: BitcoinDevnet): string[] {
  const btc = (sats: bigint) => `${Number(sats) / 1e8} BTC`
  const { paymentSats, paymentUtxos, ordinalSats } = BITCOIN_DEVNET_FUNDING
  const out = [
    `  Bitcoin regtest (bcoin)  ${b.caip2}`,
    `    Esplora API  ${b.url}  (e.g. ${b.url}/blocks/tip/height; JSON-RPC at POST /)`,
    '    A block every 5 s. P2TR spends are not validated by this node (it predates taproot).',
    `    Faucet  ${b.faucet.address}  ${b.faucet.privateKey}`,
    '',
    `  Bitcoin accounts (DEV_MNEMONIC; payment m/84'/1'/0'/0/i ${btc(paymentSats)} in ${paymentUtxos} coins, ordinal m/86'/1'/0'/0/i ${btc(ordinalSats)})`,
  ]
  b.accounts.forEach((a, i) => out.push(`    (${i}) payment ${a.payment.address}  ordinal ${a.ordinal.address}`))
  out.push('')
  return out
}

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await Promise.all([devnet?.stop(), solana?.stop(), bitcoin?.stop()])
  console.log('devnet stopped')
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
