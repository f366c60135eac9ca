import Connect from '../Connect/Connect.js'

/** Multi-wallet: add another wallet with the same list as Connect. */
export default function ConnectWallets() {
  return <Connect />
}
