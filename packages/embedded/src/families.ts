import { bitcoinFamily } from './bitcoinWallet.js'
import { eip155Family } from './eip155Provider.js'
import type { EmbeddedFamily } from './family.js'
import { solanaFamily } from './solanaWallet.js'

/** The chain families the embedded wallet serves. A new family adds its link file and one line here. */
export const embeddedFamilies: readonly EmbeddedFamily[] = [eip155Family, solanaFamily, bitcoinFamily]
