import { useState, type FormEvent } from 'react'
import { isAddress, parseEther } from 'viem'
import { useSendTransaction, useWaitForTransactionReceipt } from 'wagmi'
import { ErrorResult, Result } from './Result.js'

export function SendTransaction() {
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.01')
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!isAddress(to)) return
    send.mutate({ to, value: parseEther(amount) })
  }

  return (
    <section aria-label="Send a transaction">
      <h2>Send ETH</h2>
      <form onSubmit={submit}>
        <input data-testid="send-to" placeholder="0x… receiver" value={to} onChange={(e) => setTo(e.target.value)} />
        <input data-testid="send-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <button type="submit" data-testid="send-submit" disabled={send.isPending || !isAddress(to)}>
          {send.isPending ? 'Confirm in your wallet…' : 'Send'}
        </button>
      </form>
      <Result testId="send-hash" label="Transaction" value={send.data} />
      <Result testId="send-receipt" label="Receipt" value={receipt.data?.status} />
      <ErrorResult testId="send-error" error={send.error ?? receipt.error} />
    </section>
  )
}
