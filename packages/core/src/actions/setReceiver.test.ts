import { describe, expect, test } from 'vitest'
import { memoryStorage, desktopEnvironment } from '../environment.js'
import { createPortico } from '../createPortico.js'
import { fakeClock, ScriptedAdapter, solanaDevnet } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { setReceiver } from './setReceiver.js'

const FUNDED = '5GNoTwEr4KgiTqPT4HW1BXDcbL55oQbr3NvzzLWJzgkH'
const FRESH = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

async function solanaConnected() {
  const adapter = new ScriptedAdapter('solana', [{ id: 'sol-wallet', name: 'Sol Wallet', type: 'ANNOUNCED', chain: 'solana' }])
  adapter.connectResult = async () => ({ connectorId: 'sol-wallet', accounts: [{ address: FUNDED, type: 'eoa' }], caipNetworkId: solanaDevnet.caipNetworkId })
  Object.assign(adapter, {
    getBalance: async ({ address }: { address: string }) => ({ value: address === FRESH ? '0' : '1000000000', decimals: 9, symbol: 'SOL' }),
  })
  const portico = createPortico({
    adapters: [adapter],
    networks: [solanaDevnet],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
  })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'sol-wallet' })
  return portico
}

describe('setReceiver on Solana', () => {
  test('behavior: a base58 address is the receiver, and whether it has an account yet is read from its balance', async () => {
    const portico = await solanaConnected()
    await setReceiver(portico, { input: FRESH })
    await expect.poll(() => portico.stores.send.getState().receiverIsNew).toBe(true)
    expect(portico.stores.send.getState().receiverAddress).toBe(FRESH)
    await setReceiver(portico, { input: FUNDED })
    await expect.poll(() => portico.stores.send.getState().receiverIsNew).toBe(false)
  })

  test("rule: SPEC §5 Solana address is base58, 32 to 44 characters; anything else is 'Invalid address'", async () => {
    const portico = await solanaConnected()
    for (const input of ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'not-an-address', 'O0Il' + '1'.repeat(40)]) {
      await setReceiver(portico, { input })
      expect(portico.stores.send.getState()).toMatchObject({
        receiverAddress: undefined,
        receiverError: { key: 'sendForm.invalidAddress', kind: 'invalidAddress' },
      })
    }
  })
})
