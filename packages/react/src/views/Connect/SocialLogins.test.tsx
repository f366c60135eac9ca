// @vitest-environment jsdom
import { fetchProjectConfig, type Portico } from '@portico/core'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../../../../core/src/test/fakeEmbedded.js'
import { renderWithPortico } from '../../test/render.js'
import Connect from './Connect.js'

// The project's remote config as the server sends it (appkit/v1/config): the server lists only the socials it
// can complete (packages/server/src/projects/routes.test.ts). The fetch is faked; the parsing is core's.
const withServerSocials = (socials: string[], remoteFeatures?: { socials: false | Array<'google' | 'github' | 'x'> }) =>
  embeddedTestPortico({
    projectId: 'portico-dev',
    apiUrl: 'http://portico.test',
    ...(remoteFeatures ? { remoteFeatures } : {}),
    environment: {
      fetch: async (input: RequestInfo | URL) =>
        String(input).includes('appkit/v1/config')
          ? Response.json({ features: [{ id: 'socials', isEnabled: socials.length > 0, config: socials }] })
          : Response.json({ isAnalyticsEnabled: false }),
    } as never,
  }).portico

const shown = (view: HTMLElement) => [...view.querySelectorAll('[data-testid^=social-]')].map((b) => b.getAttribute('data-testid'))

async function render(portico: Portico) {
  const view = renderWithPortico(portico, <Connect />)
  await act(() => fetchProjectConfig(portico))
  return view
}

describe('the Connect view shows only the socials the server can complete', () => {
  test('behavior: two of seven served — two buttons, in the served order', async () => {
    expect(shown(await render(withServerSocials(['google', 'discord'])))).toEqual(['social-google', 'social-discord'])
  })

  test('behavior: none served — no social buttons (email stays)', async () => {
    const view = await render(withServerSocials([]))
    expect(shown(view)).toEqual([])
    expect(view.querySelector('input[type=email]')).not.toBeNull()
  })

  test("behavior: a host's own socials list narrows the served list, never widens it", async () => {
    expect(shown(await render(withServerSocials(['google', 'discord'], { socials: ['github', 'google'] })))).toEqual(['social-google'])
    expect(shown(await render(withServerSocials(['discord'], { socials: ['github', 'x'] })))).toEqual([])
  })
})
