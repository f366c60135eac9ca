import { ConnectButton } from '@portico/react'
import { Account } from './components/Account.js'
import { ConnectWithWagmi } from './components/ConnectWithWagmi.js'
import { SendTransaction } from './components/SendTransaction.js'
import { SignMessage } from './components/SignMessage.js'
import { TransferUsdc } from './components/TransferUsdc.js'

export function App() {
  return (
    <>
      <header>
        <strong>Portico + wagmi</strong>
        <ConnectButton />
      </header>
      <main>
        <p>
          A dapp written on wagmi. Portico's button and modal connect the wallet (browser wallet, WalletConnect, email); everything below uses wagmi's hooks
          only.
        </p>
        <Account />
        <SendTransaction />
        <SignMessage />
        <TransferUsdc />
        <ConnectWithWagmi />
      </main>
    </>
  )
}
