/**
 * An ERC-20 approve(spender, amount) in a transaction's data, as the test wallets' prompts show it: an allowance of
 * 2^256−1 reads 'Unlimited' (the word real wallets use), any other amount in the token's units when they are known.
 */
import { decodeFunctionData, erc20Abi, formatUnits, isHex, maxUint256, toFunctionSelector, type Address } from 'viem'

export interface ApproveCall {
  spender: Address
  amount: bigint
  /** 'Unlimited USDC', '100 USDC', or without the token's symbol and decimals 'Unlimited', '100000000 base units'. */
  allowance: string
}

const APPROVE = toFunctionSelector('approve(address,uint256)')

export function describeApprove(data: string | undefined, token?: { symbol: string; decimals: number }): ApproveCall | undefined {
  if (!data || !isHex(data) || !data.toLowerCase().startsWith(APPROVE)) return undefined
  let spender: Address
  let amount: bigint
  try {
    ;[spender, amount] = decodeFunctionData({ abi: erc20Abi, data }).args as readonly [Address, bigint]
  } catch {
    return undefined
  }
  const units = amount === maxUint256 ? 'Unlimited' : token ? formatUnits(amount, token.decimals) : `${amount} base units`
  return { spender, amount, allowance: token ? `${units} ${token.symbol}` : units }
}
