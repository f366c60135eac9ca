// @vitest-environment node
import { findAssociatedTokenPda } from '@solana-program/token'
import type { Address } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_FAUCET_ADDRESS, SOLANA_DEVNET_GENESIS_HASH, SOLANA_DEVNET_MINTS, SOLANA_DEV_ACCOUNTS } from './constants'
import { secretKeyFromSeed, signerFromSeed, solanaGenesisHash } from './fixtures'
import { startSolanaDevnet } from './index'
import { kitClient } from './test-helpers'

describe('Solana devnet fixtures', () => {
  it('the browser-safe constants are what the fixed seeds derive', async () => {
    expect(solanaGenesisHash()).toBe(SOLANA_DEVNET_GENESIS_HASH)
    expect(SOLANA_DEVNET_CAIP2).toBe('solana:GaRkk3F7bUyNWq6vmY1tsRM129uvLw7Z')
    for (const [i, account] of SOLANA_DEV_ACCOUNTS.entries()) {
      const signer = await signerFromSeed(`account/${i}`)
      expect(signer.address).toBe(account.address)
      expect(secretKeyFromSeed(`account/${i}`, signer.address)).toBe(account.secretKey)
    }
    expect((await signerFromSeed('faucet')).address).toBe(SOLANA_DEVNET_FAUCET_ADDRESS)
    expect((await signerFromSeed('mint/usdc')).address).toBe(SOLANA_DEVNET_MINTS.usdc.address)
    expect((await signerFromSeed('mint/token-2022')).address).toBe(SOLANA_DEVNET_MINTS.token2022.address)
  })

  it('behavior: every start has the same genesis hash, CAIP-2 id, accounts, mints and balances', async () => {
    const first = await startSolanaDevnet({ randomPorts: true, slotMs: 0 })
    const second = await startSolanaDevnet({ randomPorts: true, slotMs: 0 })
    try {
      const shape = (d: typeof first) => ({
        genesisHash: d.genesisHash,
        caip2: d.caip2,
        accounts: d.accounts.map((a) => ({ address: a.address, secretKey: a.secretKey })),
        usdcMint: d.usdcMint,
        token2022Mint: d.token2022Mint,
      })
      expect(shape(first)).toEqual(shape(second))
      expect(first.caip2).toBe(SOLANA_DEVNET_CAIP2)
      expect(shape(first).accounts).toEqual(SOLANA_DEV_ACCOUNTS)

      const { rpc } = kitClient(second)
      expect(await rpc.getGenesisHash().send()).toBe(SOLANA_DEVNET_GENESIS_HASH)
      for (const mint of Object.values(SOLANA_DEVNET_MINTS)) {
        const supply = await rpc.getTokenSupply(mint.address as Address).send()
        expect(supply.value).toMatchObject({ amount: String(mint.amountPerAccount * 5n), decimals: mint.decimals })
        for (const { address } of SOLANA_DEV_ACCOUNTS) {
          const [ata] = await findAssociatedTokenPda({ owner: address as Address, mint: mint.address as Address, tokenProgram: mint.programAddress as Address })
          expect((await rpc.getTokenAccountBalance(ata).send()).value.amount).toBe(String(mint.amountPerAccount))
        }
      }
    } finally {
      await Promise.all([first.stop(), second.stop()])
    }
  })

  it('stop() closes both ports', async () => {
    const devnet = await startSolanaDevnet({ randomPorts: true })
    await devnet.stop()
    await expect(fetch(devnet.rpcUrl, { method: 'POST' })).rejects.toThrow()
    await expect(fetch(devnet.wsUrl.replace('ws:', 'http:'))).rejects.toThrow()
  })
})
