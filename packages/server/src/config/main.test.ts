import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

/** The portico-server command as an operator runs it (from the sources). */
const root = fileURLToPath(new URL('../../../../', import.meta.url))

function run(args: string[], env: Record<string, string> = {}, until?: RegExp) {
  const child = spawn(process.execPath, ['--conditions=@portico/source', '--import', 'tsx', 'packages/server/src/main.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (out += c))
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    let sent = false
    if (until)
      child.stdout.on('data', () => {
        if (sent || !until.test(out)) return
        sent = true
        setTimeout(() => child.kill('SIGTERM'), 300)
      })
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal as unknown as number), out }))
  })
}

async function freePort() {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as { port: number }
  await new Promise((r) => s.close(r))
  return port
}

const listening = (port: number) =>
  fetch(`http://127.0.0.1:${port}/livez`).then(
    () => true,
    () => false,
  )

test('a bad value stops portico-server before it listens: exit code 1, the key and what was expected', async () => {
  const port = await freePort()
  const result = await run(['--dev', '--port', String(port), '--data-dir', 'memory'], { PORTICO_SMTP_HOST: 'mail', PORTICO_SMTP_PORT: 'abc' })
  expect(result.code).toBe(1)
  expect(result.out.trim()).toBe('portico: config smtp.port: expected a number from 1 to 65535, got "abc"')
  expect(await listening(port)).toBe(false)
}, 60_000)

test('without --dev, the devnet defaults do not apply: the start is refused with what to set', async () => {
  const result = await run(['--data-dir', 'memory'])
  expect(result.code).toBe(1)
  expect(result.out).toContain('portico: config projects: at least one project is required without --dev')
  expect(result.out).toContain('portico: config siwx.signingKey: required without --dev')
}, 60_000)

test('--dev starts and stops on SIGTERM', async () => {
  const port = await freePort()
  const result = await run(['--dev', '--port', String(port), '--data-dir', 'memory'], {}, /Portico server listening/)
  expect(result.out).toContain('Portico server listening')
  expect(result.code).toBe(0)
}, 60_000)
