import type { Portico } from '../../portico.js'

/**
 * What follows every successful connect, reconnect or network switch: the account's name and
 * avatar (identity, so the ConnectButton shows a registered name at once) and the sign-in
 * check. Their code loads only when a server or sign-in is configured.
 */
export function afterConnect(portico: Portico) {
  if (portico.api) void import('../fetchIdentity.js').then((m) => m.fetchIdentity(portico))
  if (portico.siwx) void import('../checkSiwx.js').then((m) => m.checkSiwx(portico))
}
