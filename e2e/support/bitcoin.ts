import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { connectButton, modal } from './browser.js'

/** The Portico Bitcoin Test Wallet's names in the Connect list: its Wallet Standard face, and its sats-connect face (found as Xverse's API). */
export const BITCOIN_WALLET = 'Portico Bitcoin Test Wallet'
export const SATS_CONNECT_WALLET = 'Xverse Wallet'

/** Reads the devnet's Esplora API straight, the way a block explorer would. */
export function bitcoinNode() {
  const url = inject('bitcoin').url
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`)
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean } }
  type Tx = { txid: string; fee: number; vout: { scriptpubkey_address?: string; value: number }[]; status: { confirmed: boolean } }
  return {
    utxos: (address: string) => get<Utxo[]>(`/address/${address}/utxo`),
    /** The address's balance in sat: confirmed and mempool UTXOs. */
    balance: async (address: string) => (await get<Utxo[]>(`/address/${address}/utxo`)).reduce((sum, u) => sum + BigInt(u.value), 0n),
    /** Newest first. */
    txs: (address: string) => get<Tx[]>(`/address/${address}/txs`),
    tx: (txid: string) => get<Tx>(`/tx/${txid}`),
  }
}

/** 'Balance 10.0 BTC' → 10 (digits and the decimal point of a text, in English formatting). */
export const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

/** Approves the Bitcoin test wallet's pending request in its dialog (its own card, outside the modal). */
export async function approveInBitcoinWallet(page: Page) {
  await page.getByTestId('bitcoin-test-wallet-approve').click()
}

/** Opens Connect and picks a Bitcoin wallet from the list, approving in the wallet's dialog unless it auto-approves. */
export async function connectBitcoin(page: Page, { wallet = BITCOIN_WALLET, approve = true } = {}) {
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(wallet) })
    .click()
  if (approve) await approveInBitcoinWallet(page)
}

export async function openAccount(page: Page) {
  await connectButton(page).click()
  await modal(page).getByTestId('account-view').waitFor()
}

/** Fills the Send view (open already): amount then receiver. */
export async function fillSend(page: Page, { amount, to }: { amount: string; to: string }) {
  const dialog = modal(page)
  await dialog.getByTestId('send-amount').fill(amount)
  await dialog.getByTestId('send-receiver').fill(to)
}

/** The txid of the newest transaction the address sent (Esplora lists newest first). */
export async function newestSpend(address: string, notIn: readonly string[] = []) {
  const txs = await bitcoinNode().txs(address)
  return txs.find((tx) => !notIn.includes(tx.txid))
}

const SHOTS = fileURLToPath(new URL('../../screenshots/bitcoin', import.meta.url))

/** A screenshot of the page as it is, named by the view, the page's ?theme= and its width (desktop or narrow). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  const theme = new URL(page.url()).searchParams.get('theme') ?? 'dark'
  const width = page.viewportSize()?.width ?? 0
  // The modal animates its height between views: shoot it settled.
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width < 600 ? 'narrow' : 'desktop'}.png` })
}

/** Polls until the text matches, with the journey's usual patience. */
export const poll = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout, interval: 250 })
