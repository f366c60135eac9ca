import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo, stack } = useJourney()

async function analyticsEvents(
  projectId: string,
): Promise<Array<{ eventId: string; props: { type: string; event: string; properties?: Record<string, unknown> } }>> {
  const res = await fetch(`${stack.apiUrl}/dev/analytics?projectId=${projectId}`)
  return ((await res.json()) as { events: never[] }).events
}

describe('the Portico server behind the modal', () => {
  test('the Account balance comes from the server', async () => {
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context)
    const balanceCalls: string[] = []
    page.on('request', (r) => r.url().includes('/balance?') && balanceCalls.push(r.url()))
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await connectButton(page).click()
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toMatch(/^\d[\d,]*\.\d{3} ETH$/)
    expect(balanceCalls[0]).toContain(`${stack.apiUrl}/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?`)
    expect(balanceCalls[0]).toContain('projectId=portico-dev')
    await context.close()
  })

  test("an origin the project does not allow shows APKT002 'Invalid App Configuration'", async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, '?projectId=portico-locked')
    await connectButton(page).click()
    const alert = modal(page).getByTestId('portico-alert')
    await expect.poll(() => alert.textContent()).toBe('Invalid App Configuration')
    expect(await alert.getAttribute('data-code')).toBe('APKT002')
    await context.close()
  })

  test('analytics events reach the server with the SPEC §7 body when analytics is on', async () => {
    // The server lists the newest 100 first; earlier journeys' events are told apart by id, not position.
    const seen = new Set((await analyticsEvents('portico-dev')).map((e) => e.eventId))
    const fresh = async () => (await analyticsEvents('portico-dev')).filter((e) => !seen.has(e.eventId))
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context)
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('connected')
    await expect.poll(async () => (await fresh()).map((e) => e.props.event)).toEqual(expect.arrayContaining(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS']))
    const success = (await fresh()).find((e) => e.props.event === 'CONNECT_SUCCESS')!
    expect(success).toMatchObject({ props: { type: 'track', properties: { caipNetworkId: 'eip155:31337', method: 'browser' } } })
    await context.close()
  })

  test('nothing at all is sent when the project has analytics off', async () => {
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context, '?projectId=portico-quiet')
    const posts: string[] = []
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/e' && posts.push(r.url()))
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('connected')
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.waitForTimeout(500)
    expect(posts).toEqual([])
    expect(await analyticsEvents('portico-quiet')).toEqual([])
    await context.close()
  })
})
