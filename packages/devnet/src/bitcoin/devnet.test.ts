// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { startBitcoinDevnet } from './index'

const tip = async (url: string) => Number(await (await fetch(`${url}/blocks/tip/height`)).text())
/** Block hashes and times differ between starts (the clock); the transactions do not. */
const utxos = async (url: string, address: string) =>
  ((await (await fetch(`${url}/address/${address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]).map(({ txid, vout, value }) => ({
    txid,
    vout,
    value,
  }))

describe('Bitcoin devnet: start, blocks, stop', () => {
  it('behavior: every start funds the dev accounts with the same transactions (deterministic)', async () => {
    const [a, b] = [await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 }), await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })]
    try {
      const address = a.accounts[0].payment.address
      expect(await utxos(a.url, address)).toEqual(await utxos(b.url, address))
      // fund() calls run one after another: two at once both land.
      const [x, y] = await Promise.all([a.fund(address, 1_000n), a.fund(address, 2_000n)])
      expect(x).not.toBe(y)
      expect(await tip(a.url)).toBe(113)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })

  it('behavior: a block every blockIntervalMs until stop()', async () => {
    const devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 100 })
    const start = await tip(devnet.url)
    await new Promise((r) => setTimeout(r, 450))
    expect(await tip(devnet.url)).toBeGreaterThan(start)
    await devnet.stop()
    await devnet.stop()
    await expect(fetch(`${devnet.url}/blocks/tip/height`)).rejects.toThrow()
  })
})
