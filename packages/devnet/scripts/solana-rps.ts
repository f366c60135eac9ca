/**
 * Requests per second of getBalance on the local Solana chain: `npx tsx packages/devnet/scripts/solana-rps.ts [seconds] [connections]`.
 * The chain runs in this process and the load in a child process, so each has a core of its own on a 2-core machine.
 */
import { fork } from 'node:child_process'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'

const [seconds = 5, connections = 32] = process.argv
  .slice(2)
  .filter((a) => a !== '--load')
  .map(Number)

if (process.argv.includes('--load')) {
  const url = new URL(process.env.RPC_URL!)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [process.env.ADDRESS] })
  let done = 0
  let failed = 0
  const deadline = Date.now() + seconds * 1000
  const one = () =>
    new Promise<void>((resolve) => {
      const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => {
          if (text.includes('"result"')) done++
          else failed++
          resolve()
        })
      })
      req.on('error', () => (failed++, resolve()))
      req.end(body)
    })
  const worker = async () => {
    while (Date.now() < deadline) await one()
  }
  await Promise.all(Array.from({ length: connections }, worker))
  process.send!({ done, failed })
  process.exit(0)
} else {
  const { startSolanaDevnet } = await import('../src/solana/index')
  const devnet = await startSolanaDevnet({ randomPorts: true })
  const child = fork(fileURLToPath(import.meta.url), ['--load', String(seconds), String(connections)], {
    env: { ...process.env, RPC_URL: devnet.rpcUrl, ADDRESS: devnet.accounts[0].address },
    execArgv: ['--import', 'tsx'],
  })
  const { done, failed } = await new Promise<{ done: number; failed: number }>((resolve) => child.once('message', resolve as never))
  await devnet.stop()
  console.log(`getBalance: ${Math.round(done / seconds)} requests/s over ${seconds} s, ${connections} connections (${failed} failed)`)
}
