// @vitest-environment node
// @solana/web3.js 1.x: what most wallets still run.
import { getBase58Encoder } from '@solana/kit'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEVNET_MINTS, SOLANA_LAMPORTS_PER_ACCOUNT, SOLANA_TOKEN_PROGRAM_ADDRESS } from './constants'
import { startSolanaDevnet, type SolanaDevnet } from './index'

let devnet: SolanaDevnet
let connection: Connection

beforeAll(async () => {
  devnet = await startSolanaDevnet({ randomPorts: true })
  connection = new Connection(devnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: devnet.wsUrl })
})

afterAll(async () => {
  await devnet?.stop()
})

const keypair = (secretKey: string) => Keypair.fromSecretKey(new Uint8Array(getBase58Encoder().encode(secretKey)))

describe('startSolanaDevnet with @solana/web3.js 1.x', () => {
  it('default: the dev account keypairs import and hold their SOL', async () => {
    const payer = keypair(devnet.accounts[1].secretKey)
    expect(payer.publicKey.toBase58()).toBe(devnet.accounts[1].address)
    expect(BigInt(await connection.getBalance(payer.publicKey))).toBe(SOLANA_LAMPORTS_PER_ACCOUNT)
    expect(await connection.getGenesisHash()).toBe(devnet.genesisHash)
  })

  it('behavior: sendAndConfirmTransaction transfers SOL', async () => {
    const payer = keypair(devnet.accounts[0].secretKey)
    const to = Keypair.generate().publicKey
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 2 }))
    const signature = await sendAndConfirmTransaction(connection, tx, [payer])
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL / 2)
    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(fetched?.meta?.fee).toBe(5000)
    expect(fetched?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toContain(to.toBase58())
  })

  it('behavior: parsed token accounts, account info and airdrops pass web3.js response checks', async () => {
    const owner = new PublicKey(devnet.accounts[2].address)
    const { value } = await connection.getParsedTokenAccountsByOwner(owner, { programId: new PublicKey(SOLANA_TOKEN_PROGRAM_ADDRESS) })
    expect(value).toHaveLength(1)
    expect(value[0].account.data.parsed.info.tokenAmount.uiAmount).toBe(10_000)
    expect(value[0].account.data.parsed.info.mint).toBe(SOLANA_DEVNET_MINTS.usdc.address)

    const mint = await connection.getParsedAccountInfo(new PublicKey(devnet.usdcMint))
    expect((mint.value!.data as { parsed: { info: { decimals: number } } }).parsed.info.decimals).toBe(6)

    const fresh = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(fresh, LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature, ...latest })
    expect(await connection.getBalance(fresh)).toBe(LAMPORTS_PER_SOL)
    expect((await connection.getSignaturesForAddress(fresh)).map((s) => s.signature)).toEqual([signature])
  })
})
