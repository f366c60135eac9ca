import { PorticoError } from '../../errors/base.js'
import { errorMessage } from '../../i18n/message.js'
import { isAuthConnector } from '../../embedded/authConnector.js'
import type { EmbeddedWalletClient } from '../../embedded/types.js'
import type { Portico } from '../../portico.js'
import { getActiveConnectorId } from '../../stores/connections.js'

/** The loaded frame client of the active email or social connection, or SPEC §5's errors. */
export async function authClient(portico: Portico): Promise<EmbeddedWalletClient> {
  if (!portico.options.embeddedWallet) throw new PorticoError(errorMessage('noAuthConnector'))
  if (!isAuthConnector(getActiveConnectorId(portico))) throw new PorticoError(errorMessage('notConnectedToEmailOrSocial'))
  const client = await portico.embeddedWalletClient?.catch(() => undefined)
  if (!client) throw new PorticoError(errorMessage('noAuthConnector'))
  return client
}
