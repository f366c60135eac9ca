import { formatSiwxMessage, type SIWXMessageData } from '@portico/core'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo, stack } = useJourney()

/** Each test signs in with its own fresh account, so that no session of another test is found. */
function freshAccount() {
  const privateKey = generatePrivateKey()
  return { privateKey, address: privateKeyToAccount(privateKey).address }
}

/** The session token the modal kept for the address (Portico's storage in the page). */
async function storedToken(page: Page, address: string): Promise<string | undefined> {
  const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
    string,
    Record<string, { token: string }>
  >
  return Object.values(book[address.toLowerCase()] ?? {})[0]?.token
}

/** The address's sessions, listed with its own session token (nothing is listed without one). */
async function sessionsOf(address: string, token: string | undefined) {
  expect(token, 'a session token').toBeTruthy()
  const response = await fetch(`${stack.apiUrl}/v1/sessions/${address}?projectId=portico-dev`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { sessions: Array<{ data: SIWXMessageData; message: string }> }).sessions
}

/**
 * The account signs in by itself (nonce → message → signature) on the second chain, so the test
 * holds a token of its own to list the account's sessions with.
 */
async function ownToken(privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey)
  const api = (path: string, body?: unknown) =>
    fetch(`${stack.apiUrl}/v1/sessions/${account.address}${path}?projectId=portico-dev`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const { nonce } = (await (await api('/nonce')).json()) as { nonce: string }
  const data: SIWXMessageData = {
    accountAddress: account.address,
    chainId: `eip155:${stack.chains[1]!.chainId}`,
    domain: new URL(stack.demoUrl).host,
    uri: new URL(stack.demoUrl).origin,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
  }
  const message = formatSiwxMessage(data)
  const response = await api('', { data, message, signature: await account.signMessage({ message }) })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}
const onChain = (chainId: string) => (sessions: Array<{ data: SIWXMessageData }>) => sessions.filter((s) => s.data.chainId === chainId)

/** Connect with the test wallet (approving in its dialog); sign-in then opens by itself. */
async function connect(page: Page) {
  await connectButton(page).click()
  await page.getByTestId('wallet-dev.portico.testwallet').click()
  await page.getByTestId('test-wallet-approve').click()
  await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
}

describe("wallet sign-in (SPEC §4 'Wallet sign-in')", () => {
  test('required: connect → SIWXSignMessage that cannot be closed → sign → session stored, modal closed; reload keeps it', async () => {
    const account = freshAccount()
    const chainId = `eip155:${stack.chains[0]!.chainId}`
    const page = await openDemo(await newWalletContext({ privateKey: account.privateKey }), '?siwx=required')
    expect(await page.getByTestId('site-siwx').textContent()).toBe('Not signed in (required)')
    await connect(page)
    const dialog = modal(page)
    await dialog.getByTestId('siwx-sign-message').waitFor()
    expect(await dialog.getByTestId('siwx-account').textContent()).toContain(`${account.address.slice(0, 6)}…${account.address.slice(-4)}`)
    expect(await dialog.getByText('Portico Demo wants you to sign in').isVisible()).toBe(true)

    // Required and unsigned: the close button and Escape leave the modal where it is.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.keyboard.press('Escape')
    await page.waitForTimeout(600)
    expect(await dialog.getByTestId('siwx-sign-message').isVisible()).toBe(true)

    await dialog.getByTestId('siwx-sign').click()
    await expect.poll(() => dialog.getByTestId('siwx-sign').textContent()).toBe('Signing…')
    expect(await dialog.getByTestId('siwx-status').textContent()).toBe('Approve the request in your wallet')
    await page.getByTestId('test-wallet-approve').click()

    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => page.getByTestId('site-siwx').textContent()).toBe(`Signed in (${chainId})`)
    const token = await storedToken(page, account.address)
    const sessions = await sessionsOf(account.address, token)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.data).toMatchObject({ accountAddress: account.address, chainId, domain: new URL(stack.demoUrl).host })
    expect(sessions[0]!.message).toBe(formatSiwxMessage(sessions[0]!.data))
    // The message carries the nonce the server issued; nobody lists the sessions without the token.
    expect(sessions[0]!.data.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect((await fetch(`${stack.apiUrl}/v1/sessions/${account.address}?projectId=portico-dev`)).status).toBe(401)

    // A reload reconnects and finds the stored session: no sign-in prompt again.
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(account.address)
    await expect.poll(() => page.getByTestId('site-siwx').textContent()).toBe(`Signed in (${chainId})`)
    await page.waitForTimeout(1000)
    expect(await modal(page).count()).toBe(0)
    expect(await sessionsOf(account.address, await storedToken(page, account.address))).toHaveLength(1)
    await page.context().close()
  })

  test('required: cancel disconnects', async () => {
    const account = freshAccount()
    const page = await openDemo(await newWalletContext({ privateKey: account.privateKey }), '?siwx=required')
    await connect(page)
    const dialog = modal(page)
    await dialog.getByTestId('siwx-cancel').click()
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('disconnected')
    expect(await page.getByTestId('site-address').textContent()).toBe('—')
    expect(await storedToken(page, account.address)).toBeUndefined()
    const chainId = `eip155:${stack.chains[0]!.chainId}`
    expect(onChain(chainId)(await sessionsOf(account.address, await ownToken(account.privateKey)))).toHaveLength(0)
    await page.context().close()
  })

  test("a rejected signature shows 'Error signing message' and can be signed again", async () => {
    const account = freshAccount()
    const page = await openDemo(await newWalletContext({ privateKey: account.privateKey }), '?siwx=required')
    await connect(page)
    const dialog = modal(page)
    await dialog.getByTestId('siwx-sign').click()
    await page.getByTestId('test-wallet-reject').click()
    await expect.poll(() => dialog.getByTestId('siwx-status').textContent()).toBe('Error signing message')
    expect(await dialog.getByTestId('siwx-sign-message').isVisible()).toBe(true)
    await dialog.getByTestId('siwx-sign').click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await sessionsOf(account.address, await storedToken(page, account.address))).toHaveLength(1)
    await page.context().close()
  })

  test('optional with email capture: DataCapture checks the email, and the signed message carries it', async () => {
    const account = freshAccount()
    const page = await openDemo(await newWalletContext({ privateKey: account.privateKey }), '?siwx=optional&emailCapture=on')
    await connect(page)
    const dialog = modal(page)
    await dialog.getByTestId('data-capture').waitFor()
    expect(await dialog.getByTestId('data-capture-skip').isVisible()).toBe(true)
    await dialog.getByTestId('data-capture-email').fill('not-an-email')
    await dialog.getByTestId('data-capture-continue').click()
    await expect.poll(() => dialog.getByTestId('data-capture-error').textContent()).toBe('Please enter a valid email address')
    await dialog.getByTestId('data-capture-email').fill('ada@example.com')
    await dialog.getByTestId('data-capture-continue').click()
    await dialog.getByTestId('siwx-sign').click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => dialog.count()).toBe(0)
    const [session] = await sessionsOf(account.address, await storedToken(page, account.address))
    expect(session!.data.resources).toEqual(['mailto:ada@example.com'])
    expect(session!.message).toContain('- mailto:ada@example.com')
    await page.context().close()
  })

  test('required with email capture: no skip', async () => {
    const page = await openDemo(await newWalletContext({ privateKey: freshAccount().privateKey }), '?siwx=required&emailCapture=on')
    await connect(page)
    await modal(page).getByTestId('data-capture').waitFor()
    expect(await modal(page).getByTestId('data-capture-skip').count()).toBe(0)
    await page.context().close()
  })

  describe('the server refuses what was not signed by the account, or is stale', () => {
    const post = (address: string, body: unknown) =>
      fetch(`${stack.apiUrl}/v1/sessions/${address}?projectId=portico-dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const messageData = async (address: string, issuedAt: Date, expirationTime?: Date): Promise<SIWXMessageData> => ({
      accountAddress: address,
      chainId: `eip155:${stack.chains[0]!.chainId}`,
      domain: new URL(stack.demoUrl).host,
      uri: new URL(stack.demoUrl).origin,
      version: '1',
      nonce: ((await (await fetch(`${stack.apiUrl}/v1/sessions/${address}/nonce?projectId=portico-dev`, { method: 'POST' })).json()) as { nonce: string })
        .nonce,
      statement: 'Please sign with your account',
      issuedAt: issuedAt.toISOString(),
      ...(expirationTime ? { expirationTime: expirationTime.toISOString() } : {}),
    })
    const chain0 = () => onChain(`eip155:${stack.chains[0]!.chainId}`)

    test('a message for one account signed by another: 401', async () => {
      const victim = freshAccount()
      const attacker = privateKeyToAccount(generatePrivateKey())
      const data = await messageData(victim.address, new Date())
      const message = formatSiwxMessage(data)
      const response = await post(victim.address, { data, message, signature: await attacker.signMessage({ message }) })
      expect(response.status).toBe(401)
      expect(((await response.json()) as { error: string }).error).toBe('Invalid signature')
      expect(chain0()(await sessionsOf(victim.address, await ownToken(victim.privateKey)))).toHaveLength(0)
    })

    test('a signed text that differs from its data: 400', async () => {
      const signer = privateKeyToAccount(generatePrivateKey())
      const data = await messageData(signer.address, new Date())
      const message = formatSiwxMessage({ ...data, statement: 'Something else' })
      const response = await post(signer.address, { data, message, signature: await signer.signMessage({ message }) })
      expect(response.status).toBe(400)
    })

    test('an expired message (issued an hour ago, expired a minute ago): 400, and a stale one: 400', async () => {
      const signerKey = generatePrivateKey()
      const signer = privateKeyToAccount(signerKey)
      const now = Date.now()
      const expired = await messageData(signer.address, new Date(now - 3_600_000), new Date(now - 60_000))
      const text = formatSiwxMessage(expired)
      const first = await post(signer.address, { data: expired, message: text, signature: await signer.signMessage({ message: text }) })
      expect(first.status).toBe(400)
      expect(((await first.json()) as { error: string }).error).toBe('Session expired')

      const stale = await messageData(signer.address, new Date(now - 3_600_000))
      const staleText = formatSiwxMessage(stale)
      const second = await post(signer.address, { data: stale, message: staleText, signature: await signer.signMessage({ message: staleText }) })
      expect(second.status).toBe(400)
      expect(((await second.json()) as { error: string }).error).toBe('Session expired')
      expect(chain0()(await sessionsOf(signer.address, await ownToken(signerKey)))).toHaveLength(0)
    })
  })
})
