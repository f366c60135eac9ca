import { UnauthorizedProviderError, UnsupportedMethodError } from '@portico/core'
import { describe, expect, test } from 'vitest'
import { createSolanaWalletShell, type SolanaLinkAccount, type SolanaWalletLink } from './walletShell.js'

const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const TESTNET = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function fakeLink() {
  const calls: string[] = []
  const state: { accounts: SolanaLinkAccount[] } = { accounts: [] }
  const link: SolanaWalletLink = {
    name: () => 'Fake',
    icon: 'data:image/svg+xml;base64,AA==',
    accounts: () => state.accounts,
    chains: () => [DEVNET, TESTNET],
    async connect({ silent }) {
      calls.push(`connect ${Boolean(silent)}`)
    },
    async signMessage({ address, chain, message }) {
      calls.push(`signMessage ${address} ${chain} ${message.length}`)
      return new Uint8Array([1])
    },
    async signTransactions(requests) {
      calls.push(`signTransactions ${requests.map((r) => r.chain).join(' ')}`)
      return requests.map((r) => r.transaction.map((b) => b + 1))
    },
    async signAndSendTransaction({ chain, options }) {
      calls.push(`signAndSend ${chain} ${options?.commitment}`)
      return new Uint8Array([7])
    },
  }
  const signIn = () => void (state.accounts = [{ address: ADDRESS, publicKey: new Uint8Array(32), chains: [DEVNET, TESTNET] }])
  const signOut = () => void (state.accounts = [])
  return { link, calls, signIn, signOut }
}

describe('the Solana Wallet Standard shell', () => {
  test("default: the link's accounts as stable Wallet Standard accounts; 'change' only when they change", async () => {
    const { link, signIn, signOut } = fakeLink()
    const wallet = createSolanaWalletShell(link)
    const changes: number[] = []
    wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    expect(wallet.accounts).toEqual([])
    signIn()
    wallet.refresh()
    wallet.refresh()
    const [account] = wallet.accounts
    expect(account).toMatchObject({
      address: ADDRESS,
      chains: [DEVNET, TESTNET],
      features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
    })
    expect(wallet.accounts[0]).toBe(account)
    expect((await wallet.features['standard:connect'].connect()).accounts).toEqual([account])
    signOut()
    wallet.refresh()
    expect(changes).toEqual([1, 0])
    expect(wallet.name).toBe('Fake')
    expect(wallet.chains).toEqual([DEVNET, TESTNET])
  })

  test('behavior: each request names its account and chain (the first served when none is asked); several transactions go to the link at once', async () => {
    const { link, calls, signIn } = fakeLink()
    const wallet = createSolanaWalletShell(link)
    signIn()
    const [account] = wallet.accounts as [(typeof wallet.accounts)[number]]
    const [signed] = await wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array(3) })
    expect(signed).toEqual({ signedMessage: new Uint8Array(3), signature: new Uint8Array([1]), signatureType: 'ed25519' })
    const outputs = await wallet.features['solana:signTransaction'].signTransaction(
      { account, transaction: new Uint8Array([1]), chain: TESTNET },
      { account, transaction: new Uint8Array([2]), chain: TESTNET },
    )
    expect(outputs).toEqual([{ signedTransaction: new Uint8Array([2]) }, { signedTransaction: new Uint8Array([3]) }])
    const [sent] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction: new Uint8Array([1]),
      chain: DEVNET,
      options: { commitment: 'confirmed' },
    })
    expect(sent).toEqual({ signature: new Uint8Array([7]) })
    expect(calls).toEqual([`signMessage ${ADDRESS} ${DEVNET} 3`, `signTransactions ${TESTNET} ${TESTNET}`, `signAndSend ${DEVNET} confirmed`])
  })

  test('error: an account the link does not serve is 4100, a chain it does not serve 4200; the link is not asked', async () => {
    const { link, calls, signIn } = fakeLink()
    const wallet = createSolanaWalletShell(link)
    signIn()
    const [account] = wallet.accounts as [(typeof wallet.accounts)[number]]
    const stranger = { ...account, address: '11111111111111111111111111111111' }
    const notOurs = wallet.features['solana:signMessage'].signMessage({ account: stranger, message: new Uint8Array(1) })
    await expect(notOurs).rejects.toBeInstanceOf(UnauthorizedProviderError)
    await expect(notOurs).rejects.toMatchObject({ code: 4100, key: 'error.unauthorizedProvider' })
    const mainnet = wallet.features['solana:signTransaction'].signTransaction({
      account,
      transaction: new Uint8Array(1),
      chain: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    await expect(mainnet).rejects.toBeInstanceOf(UnsupportedMethodError)
    await expect(mainnet).rejects.toMatchObject({ code: 4200 })
    expect(calls).toEqual([])
  })
})
