import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
} from '@solana/kit'
import { SOLANA_DEV_ACCOUNTS } from '@portico/devnet/solana-constants'
import { describe, expect, test } from 'vitest'
import { fromBase58, fromBase64, toBase58, toBase64, withSignature } from './encoding.js'

describe('WalletConnect Solana RPC encodings', () => {
  test('base58 matches @solana/kit, leading zeros included', () => {
    const samples = [new Uint8Array([]), new Uint8Array([0, 0, 1, 2, 255]), crypto.getRandomValues(new Uint8Array(64)), new Uint8Array(32)]
    for (const bytes of samples) {
      const text = toBase58(bytes)
      expect(text).toBe(getBase58Decoder().decode(bytes))
      expect(fromBase58(text)).toEqual(new Uint8Array(getBase58Encoder().encode(text)))
      expect(fromBase58(text)).toEqual(bytes)
    }
    expect(() => fromBase58('0OIl')).toThrow('Not base58')
  })

  test('base64 round-trips large inputs', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256)
    expect(fromBase64(toBase64(bytes))).toEqual(bytes)
    expect(toBase64(new Uint8Array([104, 105]))).toBe('aGk=')
  })

  test.each(['legacy', 0] as const)('behavior: a signature-only answer is placed in its signer slot (%s transaction)', (version) => {
    const [payer, source] = [SOLANA_DEV_ACCOUNTS[0]!.address, SOLANA_DEV_ACCOUNTS[1]!.address] as Address[]
    const message = pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayer(payer!, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n }, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: createNoopSigner(source!), destination: payer!, amount: 1n })], m),
    )
    const wire = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
    const signature = new Uint8Array(64).fill(7)
    const signed = getTransactionDecoder().decode(withSignature(wire, fromBase58(source!), signature))
    expect(signed.signatures[source!]).toEqual(signature)
    expect(signed.signatures[payer!]).toBeNull()
    expect(() => withSignature(wire, fromBase58(SOLANA_DEV_ACCOUNTS[2]!.address), signature)).toThrow('not a signer')
  })
})
