import { useState, type FormEvent } from 'react'
import { erc20Abi, formatUnits, isAddress, parseUnits } from 'viem'
import { useConnection, useReadContract, useWaitForTransactionReceipt, useWriteContract } from 'wagmi'
import { usdcAddress } from '../config.js'
import { ErrorResult, Result } from './Result.js'

const USDC_DECIMALS = 6

export function TransferUsdc() {
  const { address } = useConnection()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('1.5')
  const balance = useReadContract({
    address: usdcAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address) },
  })
  const write = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash: write.data })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!isAddress(to)) return
    write.mutate(
      { address: usdcAddress, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, USDC_DECIMALS)] },
      { onSuccess: () => void balance.refetch() },
    )
  }

  return (
    <section aria-label="Transfer USDC">
      <h2>Transfer USDC</h2>
      <p>
        Balance: <span data-testid="usdc-balance">{balance.data === undefined ? '—' : `${formatUnits(balance.data, USDC_DECIMALS)} USDC`}</span>
      </p>
      <form onSubmit={submit}>
        <input data-testid="usdc-to" placeholder="0x… receiver" value={to} onChange={(e) => setTo(e.target.value)} />
        <input data-testid="usdc-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <button type="submit" data-testid="usdc-submit" disabled={write.isPending || !isAddress(to)}>
          {write.isPending ? 'Confirm in your wallet…' : 'Transfer'}
        </button>
      </form>
      <Result testId="usdc-hash" label="Transaction" value={write.data} />
      <Result testId="usdc-receipt" label="Receipt" value={receipt.data?.status} />
      <ErrorResult testId="usdc-error" error={write.error ?? receipt.error} />
    </section>
  )
}
