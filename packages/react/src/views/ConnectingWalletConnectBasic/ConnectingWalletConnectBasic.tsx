import ConnectingWalletConnect from '../ConnectingWalletConnect/ConnectingWalletConnect.js'

/** SPEC §2 opening rule 2 (no adapters, or manual pairing control): the QR alone. */
export default function ConnectingWalletConnectBasic() {
  return <ConnectingWalletConnect basic />
}
