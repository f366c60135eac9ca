import { useConnect, useConnection } from 'wagmi'
import { connector } from '../config.js'
import { ErrorResult, Result } from './Result.js'

/**
 * wagmi's own `connect`, with Portico as the connector: it opens Portico's modal and resolves
 * with the wallet chosen there. Closing the modal rejects with UserRejectedRequestError.
 */
export function ConnectWithWagmi() {
  const { address, status } = useConnection()
  const connect = useConnect()
  return (
    <section aria-label="Connect with wagmi">
      <h2>Connect with wagmi</h2>
      <button type="button" data-testid="wagmi-connect" disabled={status === 'connected' || connect.isPending} onClick={() => connect.mutate({ connector })}>
        {connect.isPending ? 'Choose a wallet in the modal…' : 'Connect with wagmi'}
      </button>
      <Result testId="wagmi-connect-result" label="Connected" value={connect.isSuccess ? address : undefined} />
      <ErrorResult testId="wagmi-connect-error" error={connect.error} />
    </section>
  )
}
