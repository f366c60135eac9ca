import type { Portico } from '../portico.js'

export type CancelFactorScreenReturnType = void
/** Never rejects: a frame that cannot cancel is logged. */
export type CancelFactorScreenErrorType = never

/** The user left EmbeddedFactor (back, close): the frame drops its screen and the request fails. */
export async function cancelFactorScreen(portico: Portico): Promise<CancelFactorScreenReturnType> {
  const { embedded } = portico.stores
  if (!embedded.getState().factorScreen) return
  embedded.setState({ factorScreen: undefined })
  const client = await portico.embeddedWalletClient?.catch(() => undefined)
  if (!client) return
  client.hideFrame()
  await client.abortRpc().catch((error) => portico.logger.debug('factor screen cancel failed', error))
}
