// A wallet over a dev key, for tests against the devnet: signs PSBTs for real (@scure/btc-signer).
import type { BitcoinAccountAddress } from '@portico/core'
import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { createBitcoinProvider, type BitcoinWallet } from '../drivers/provider.js'

export function devWallet(name: string, key: { address: string; publicKey: string; privateKey: string }, extra: BitcoinAccountAddress[] = []): BitcoinWallet {
  const addresses: BitcoinAccountAddress[] = [{ address: key.address, publicKey: key.publicKey, intention: 'payment' }, ...extra]
  const provider = createBitcoinProvider({
    getAccountAddresses: async () => addresses,
    async signPsbt({ psbt, signInputs = [] }) {
      const tx = Transaction.fromPSBT(base64.decode(psbt))
      for (const { index } of signInputs) tx.signIdx(hex.decode(key.privateKey), index)
      return { psbt: base64.encode(tx.toPSBT()) }
    },
  })
  return { name, icon: '', provider, restore: async () => addresses }
}
