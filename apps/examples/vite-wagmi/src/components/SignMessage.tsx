import { useState, type FormEvent } from 'react'
import { useSignMessage } from 'wagmi'
import { ErrorResult, Result } from './Result.js'

export function SignMessage() {
  const [message, setMessage] = useState('Hello from a wagmi dapp')
  const sign = useSignMessage()

  function submit(event: FormEvent) {
    event.preventDefault()
    sign.mutate({ message })
  }

  return (
    <section aria-label="Sign a message">
      <h2>Sign a message</h2>
      <form onSubmit={submit}>
        <input data-testid="sign-message" value={message} onChange={(e) => setMessage(e.target.value)} />
        <button type="submit" data-testid="sign-submit" disabled={sign.isPending}>
          {sign.isPending ? 'Confirm in your wallet…' : 'Sign'}
        </button>
      </form>
      <Result testId="sign-signature" label="Signature" value={sign.data} />
      <ErrorResult testId="sign-error" error={sign.error} />
    </section>
  )
}
