import { usePorticoProvider } from '@portico/react'
import { useEffect, useState } from 'react'

type Result = { kind: 'ok' | 'error'; label: string; text: string } | undefined

/**
 * The host site's own code using the wallet the visitor connected in Portico: viem on
 * Portico's public EIP-1193 provider, whatever the connection method. viem loads on the
 * first click, as a host would lazy-load its own wallet code.
 */
export function HostActions() {
  const provider = usePorticoProvider('eip155')
  // getProvider(portico, 'bip122') for the host's Bitcoin code (and the journeys): `await porticoBitcoin.request({ method: 'signPsbt', params })`.
  const bitcoin = usePorticoProvider('bip122')
  const [result, setResult] = useState<Result>()
  const [busy, setBusy] = useState(false)
  // For the browser console (and the journeys): `await porticoProvider.request({ method: 'wallet_getCapabilities', params: [address] })`.
  useEffect(() => {
    ;(window as unknown as { porticoProvider?: unknown }).porticoProvider = provider
  }, [provider])
  useEffect(() => {
    ;(window as unknown as { porticoBitcoin?: unknown }).porticoBitcoin = bitcoin
  }, [bitcoin])
  if (!provider) return null

  async function run(action: 'sign' | 'send') {
    setBusy(true)
    setResult(undefined)
    try {
      const { createWalletClient, custom, parseEther } = await import('viem')
      const client = createWalletClient({ transport: custom(provider!) })
      const [account] = await client.getAddresses()
      const text =
        action === 'sign'
          ? await client.signMessage({ account: account!, message: 'Signed by the host site through Portico' })
          : await client.sendTransaction({ account: account!, to: account!, value: parseEther('0.001'), chain: null })
      setResult({ kind: 'ok', label: action === 'sign' ? 'Signature' : 'Transaction', text })
    } catch (error) {
      // viem wraps the wallet's error (TransactionExecutionError → UserRejectedRequestError): show the one with the code.
      const coded = (error as { walk?: (fn: (e: unknown) => boolean) => unknown }).walk?.((e) => typeof (e as { code?: unknown }).code === 'number')
      const { name, code, shortMessage, message } = (coded ?? error) as { name?: string; code?: number; shortMessage?: string; message?: string }
      setResult({ kind: 'error', label: 'Refused', text: `${name ?? 'Error'} (${code ?? 'no code'}): ${shortMessage ?? message}` })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="panel" aria-label="The site's own code">
      <h2>The site's own code</h2>
      <p>These buttons use viem on Portico's public provider, not the modal.</p>
      <div className="actions">
        <button type="button" className="site-button" data-testid="host-sign" disabled={busy} onClick={() => void run('sign')}>
          Sign a message
        </button>
        <button type="button" className="site-button" data-testid="host-send" disabled={busy} onClick={() => void run('send')}>
          Send 0.001 ETH to yourself
        </button>
      </div>
      {result && (
        <p className={result.kind === 'ok' ? 'result' : 'result error'} role="status">
          <span className="result-label">{result.label}</span>
          <span data-testid={result.kind === 'ok' ? 'host-result' : 'host-error'}>{result.text}</span>
        </p>
      )}
    </section>
  )
}
