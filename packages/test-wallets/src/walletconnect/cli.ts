/**
 * Portico WalletConnect Test Wallet, command line (development only: a public dev key, devnet chains).
 *
 *   npm run wc-wallet -w @portico/test-wallets -- --uri 'wc:…' --relay ws://127.0.0.1:8787/relay \
 *     --rpc eip155:31337=http://127.0.0.1:8545 [--rpc eip155:31338=http://127.0.0.1:8546] [--rpc solana:…=http://127.0.0.1:8899]
 *
 * It pairs, approves the proposal and answers requests until Ctrl-C.
 */
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_RPC_URL } from '@portico/devnet/solana-constants'
import { createInterface } from 'node:readline/promises'
import type { Hex } from 'viem'
import { createWalletConnectTestWallet } from './wallet'

const HELP = `Portico WalletConnect Test Wallet (development only)

  --uri <wc:…>               pairing URI to connect to (or paste it when asked)
  --relay <ws url>           relay (default ws://127.0.0.1:8787/relay)
  --rpc <caip2>=<http url>   chain and its JSON-RPC endpoint, repeatable; eip155:<id> or solana:<ref>
                             (default eip155:31337=http://127.0.0.1:8545, eip155:31338=http://127.0.0.1:8546
                             and the local Solana chain ${SOLANA_DEVNET_CAIP2}=${SOLANA_DEVNET_RPC_URL})
  --private-key <0x…>        signing key (default: dev account 0 of the public test mnemonic)
  --account <n>              use dev account n instead (0-9)
  --solana-account <n|key>   Solana dev account of the local chain (0-4, default 0) or a base58 secret key
  --project-id <id>          project id sent to the relay (default portico-dev)
  --manual                   ask y/n on the terminal for the proposal and each request
  --reject-proposal          reject the session proposal
  --reject-requests          reject every request (user rejected, 4001)
  --log-level <level>        SDK logs: silent (default), error, warn, info, debug
  --help
`

function parse(argv: string[]) {
  const out = { rpc: [] as string[], flags: new Set<string>(), values: new Map<string, string>() }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}\n\n${HELP}`)
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    if (['manual', 'reject-proposal', 'reject-requests', 'help'].includes(name)) {
      out.flags.add(name)
      continue
    }
    if (!['uri', 'relay', 'rpc', 'private-key', 'account', 'solana-account', 'project-id', 'log-level'].includes(name))
      throw new Error(`Unknown flag --${name}\n\n${HELP}`)
    const value = inline ?? argv[++i]
    if (value === undefined) throw new Error(`--${name} needs a value`)
    if (name === 'rpc') out.rpc.push(value)
    else out.values.set(name, value)
  }
  return out
}

async function main() {
  const args = parse(process.argv.slice(2))
  if (args.flags.has('help')) return console.log(HELP)
  const rpc: Record<string, string> = {}
  for (const entry of args.rpc) {
    const m = /^(eip155:\d+|solana:[1-9A-HJ-NP-Za-km-z]{1,32})=(https?:\/\/.+)$/.exec(entry)
    if (!m) throw new Error(`Invalid --rpc ${entry}: expected eip155:<id>=<http url> or solana:<ref>=<http url>`)
    rpc[m[1]!] = m[2]!
  }
  if (Object.keys(rpc).length === 0)
    Object.assign(rpc, { 'eip155:31337': 'http://127.0.0.1:8545', 'eip155:31338': 'http://127.0.0.1:8546', [SOLANA_DEVNET_CAIP2]: SOLANA_DEVNET_RPC_URL })
  const solanaArg = args.values.get('solana-account')
  const solanaAccount = solanaArg === undefined ? 0 : /^\d+$/.test(solanaArg) ? Number(solanaArg) : solanaArg
  const accountIndex = Number(args.values.get('account') ?? 0)
  const privateKey = (args.values.get('private-key') ?? DEV_ACCOUNTS[accountIndex]?.privateKey) as Hex | undefined
  if (!privateKey) throw new Error(`No dev account ${accountIndex}`)
  const relayUrl = args.values.get('relay') ?? 'ws://127.0.0.1:8787/relay'
  const manual = args.flags.has('manual')
  const rl = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : null

  const wallet = await createWalletConnectTestWallet({
    relayUrl,
    privateKey,
    rpc,
    solanaAccount,
    projectId: args.values.get('project-id'),
    autoApprove: !manual,
    logLevel: (args.values.get('log-level') as 'silent' | undefined) ?? 'silent',
  })
  console.log(
    `Portico WalletConnect Test Wallet — development only\n  account ${wallet.address}` +
      (wallet.solanaAddress ? `\n  solana  ${wallet.solanaAddress}` : '') +
      `\n  relay   ${relayUrl}\n  chains  ${Object.keys(rpc).join(', ')}`,
  )
  let printed = 0
  const asked = new Set<number>()
  wallet.onChange(() => {
    const lines = wallet.log()
    for (const line of lines.slice(printed)) console.log(line)
    printed = lines.length
    if (!manual || !rl) return
    for (const item of wallet.pending()) {
      if (asked.has(item.key)) continue
      asked.add(item.key)
      rl.question(`Approve ${item.summary}? [y/N] `).then((answer) => wallet.decide(item.key, /^y(es)?$/i.test(answer.trim()) ? 'approve' : 'reject'))
    }
  })
  if (args.flags.has('reject-proposal')) wallet.rejectNext('proposal')
  if (args.flags.has('reject-requests')) {
    // Requests wait in pending() and are rejected at once (4001); the proposal follows the other flags.
    wallet.setAutoApprove(false)
    wallet.onChange(() => {
      for (const p of wallet.pending())
        if (p.kind === 'request') wallet.decide(p.key, 'reject')
        else if (!manual) wallet.decide(p.key, 'approve')
    })
  }
  let uri = args.values.get('uri')
  if (!uri && rl) uri = (await rl.question('Paste a wc: URI: ')).trim()
  if (!uri) throw new Error('Give --uri wc:…')
  await wallet.pair(uri)
  const stop = async () => {
    console.log('closing…')
    rl?.close()
    await wallet.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
