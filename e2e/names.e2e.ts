import { describe, expect, test } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectButton, modal, useJourney } from './support/journey.js'
import { connectAndOpenAccount } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** A name that no earlier run of this in-memory server has registered. */
const uniqueLabel = (prefix: string) => `${prefix}${Date.now().toString(36)}`

describe("name registration (SPEC §4 'Name registration')", () => {
  test('register a name: suggestions as you type, sign, success; the name shows in Account, on the button and resolves as a send receiver', async () => {
    const privateKey = generatePrivateKey()
    const { address } = privateKeyToAccount(privateKey)
    const label = uniqueLabel('ada')
    const name = `${label}.portico.id`
    const page = await openDemo(await newWalletContext({ privateKey }))
    await connectAndOpenAccount(page)
    const dialog = modal(page)

    await dialog.getByTestId('account-register-name').click()
    await dialog.getByTestId('register-name').waitFor()
    const input = dialog.getByTestId('register-name-input')
    await input.fill('ab')
    await expect.poll(() => dialog.getByTestId('register-name-hint').textContent()).toBe('Use at least 4 letters, digits or hyphens')
    expect(await dialog.getByTestId('register-name-submit').isDisabled()).toBe(true)

    await input.fill(label)
    await expect.poll(() => dialog.getByTestId('name-suggestion').first().textContent(), { timeout: 5_000 }).toBe(`${name}Available`)
    expect(await dialog.getByTestId('name-suggestion').count()).toBeGreaterThan(1)
    expect(await dialog.getByTestId('register-name-hint').textContent()).toBe(`${name} is available`)

    await dialog.getByTestId('register-name-submit').click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => dialog.getByTestId('registered-name').textContent(), { timeout: 10_000 }).toBe(name)

    // The server has the record for this address.
    const record = await fetch(`${stack.apiUrl}/v1/profile/account/${name}?projectId=portico-dev`)
    expect(record.status).toBe(200)
    const coinType = String((0x80000000 | stack.chains[0]!.chainId) >>> 0)
    expect(((await record.json()) as { addresses: Record<string, { address: string }> }).addresses[coinType]?.address).toBe(address)

    await dialog.getByTestId('register-name-done').click()
    await expect.poll(() => dialog.getByTestId('account-name').textContent()).toBe(name)
    expect(await dialog.getByTestId('account-register-name').count()).toBe(0)
    expect(await connectButton(page).textContent()).toContain(name)

    // As a send receiver, the name resolves to the address.
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-receiver').fill(name)
    const resolved = dialog.getByTestId('receiver-resolved')
    await expect.poll(() => resolved.textContent(), { timeout: 5_000 }).toContain(name)
    expect(await resolved.textContent()).toContain(short(address))

    // And after a reload the name comes back from the server (reverse lookup) as soon as the wallet
    // reconnects: the ConnectButton shows it before the modal is opened.
    await page.reload()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await expect.poll(() => connectButton(page).textContent(), { timeout: 10_000 }).toContain(name)
    await connectButton(page).click()
    await expect.poll(() => modal(page).getByTestId('account-name').textContent(), { timeout: 10_000 }).toBe(name)
    expect(await connectButton(page).textContent()).toContain(name)
    await page.context().close()
  })

  test('a registered name is shown as taken and cannot be registered again', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const label = uniqueLabel('taken')
    const name = `${label}.portico.id`
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const registered = await fetch(`${stack.apiUrl}/v1/profile/account?projectId=portico-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coinType: (0x80000000 | stack.chains[0]!.chainId) >>> 0,
        address: owner.address,
        message,
        signature: await owner.signMessage({ message }),
      }),
    })
    expect(registered.status).toBe(200)

    const page = await openDemo(await newWalletContext({ privateKey: generatePrivateKey() }))
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await dialog.getByTestId('account-register-name').click()
    await dialog.getByTestId('register-name-input').fill(label)
    await expect.poll(() => dialog.getByTestId('register-name-hint').textContent(), { timeout: 5_000 }).toBe(`${name} is already registered`)
    expect(await dialog.getByTestId('register-name-submit').isDisabled()).toBe(true)
    const first = dialog.getByTestId('name-suggestion').first()
    expect(await first.getAttribute('data-registered')).toBe('true')
    // The other suggestions are free variants of the label; picking one makes it the name to register.
    const free = dialog.locator('[data-testid=name-suggestion][data-registered=false]').first()
    const freeName = (await free.locator('.label').textContent())!
    await free.click()
    await expect.poll(() => dialog.getByTestId('register-name-input').inputValue()).toBe(freeName.replace('.portico.id', ''))
    await expect.poll(() => dialog.getByTestId('register-name-hint').textContent(), { timeout: 5_000 }).toBe(`${freeName} is available`)
    await expect.poll(() => dialog.getByTestId('register-name-submit').isDisabled()).toBe(false)
    await page.context().close()
  })
})
