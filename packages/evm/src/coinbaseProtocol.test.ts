// The Coinbase Smart Wallet stand-in (packages/test-wallets/src/coinbase) must speak the SDK's own
// encryption: both sides here, the SDK's util/cipher (the installed version) and the stand-in's,
// exchange keys and messages each way. A change of the SDK's scheme fails here before the journey.
import {
  decryptContent,
  encryptContent,
  exportKeyToHexString,
  generateKeyPair,
  importKeyFromHexString,
  deriveSharedSecret,
} from '@coinbase/wallet-sdk/dist/util/cipher.js'
import { decryptJson, deriveSecret, encryptJson, exportKeyHex, generateKeyPair as standInKeyPair, importKeyHex } from '@portico/test-wallets/coinbase/cipher'
import { describe, expect, test } from 'vitest'

describe('Coinbase Smart Wallet stand-in: the SDK popup encryption', () => {
  test('behavior: the SDK and the stand-in derive one secret from each other’s hex public keys and read each other’s messages', async () => {
    const sdk = await generateKeyPair()
    const popup = await standInKeyPair()
    const sdkPublicHex = await exportKeyToHexString('public', sdk.publicKey)
    const popupPublicHex = await exportKeyHex('public', popup.publicKey)

    const popupSecret = await deriveSecret(popup.privateKey, await importKeyHex('public', sdkPublicHex))
    const sdkSecret = await deriveSharedSecret(sdk.privateKey, await importKeyFromHexString('public', popupPublicHex))

    const request = { action: { method: 'personal_sign', params: ['0x6869', '0x0000000000000000000000000000000000000001'] }, chainId: 31337 }
    expect(await decryptJson(popupSecret, await encryptContent(request as never, sdkSecret))).toEqual(request)
    const reply = { result: { value: '0xabc' }, data: { chains: { 31337: 'http://127.0.0.1:8545' } } }
    // The SDK declares iv an ArrayBuffer; at run time it is the Uint8Array both sides make.
    expect(await decryptContent((await encryptJson(popupSecret, reply)) as never, sdkSecret)).toEqual(reply)
  })

  test('behavior: the stand-in keeps its private key as PKCS#8 hex and gets the same secret back (a later popup)', async () => {
    const sdk = await generateKeyPair()
    const popup = await standInKeyPair()
    const stored = await exportKeyHex('private', popup.privateKey)
    const sdkPublic = await importKeyHex('public', await exportKeyToHexString('public', sdk.publicKey))
    const again = await deriveSecret(await importKeyHex('private', stored), sdkPublic)
    const sdkSecret = await deriveSharedSecret(sdk.privateKey, await importKeyFromHexString('public', await exportKeyHex('public', popup.publicKey)))
    expect(await decryptJson(again, await encryptContent({ action: { method: 'eth_chainId' }, chainId: 1 } as never, sdkSecret))).toEqual({
      action: { method: 'eth_chainId' },
      chainId: 1,
    })
  })
})
