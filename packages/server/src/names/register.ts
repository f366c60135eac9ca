import type { Address, Hex } from 'viem'
import { z } from 'zod'
import type { ServerContext } from '../context.js'
import { chainIdFromCoinType, MAX_MESSAGE_AGE_SECONDS, MAX_MESSAGE_SKEW_SECONDS, normalizeCoinType, parseAddress, parseName, type Result } from './rules.js'
import { insertName, type NameRecord } from './store.js'
import { verifyPersonalSignature } from './verify.js'

/** The JSON text a client signs (SPEC §4 'Name registration'). */
const MessageSchema = z.object({
  name: z.string().min(1).max(255),
  attributes: z.record(z.string().max(64), z.string().max(2048)).refine((a) => Object.keys(a).length <= 32, 'at most 32 attributes'),
  timestamp: z.number().int().nonnegative(),
})
export type RegistrationMessage = z.infer<typeof MessageSchema>

const EXAMPLE = (suffix: string) => `{"name":"alice${suffix}","attributes":{},"timestamp":${Math.floor(Date.now() / 1000)}}`

/** Parses and checks the signed message: JSON shape, name rule, freshness. */
export function parseRegistrationMessage(
  message: string,
  suffix: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Result<RegistrationMessage & { label: string }> {
  let raw: unknown
  try {
    raw = JSON.parse(message)
  } catch {
    return { ok: false, error: 'Invalid message', description: `The message must be JSON text such as ${EXAMPLE(suffix)}` }
  }
  const parsed = MessageSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return {
      ok: false,
      error: 'Invalid message',
      description: `message.${issue.path.join('.') || 'root'}: ${issue.message}. Expected JSON text such as ${EXAMPLE(suffix)}`,
    }
  }
  const name = parseName(parsed.data.name, suffix)
  if (!name.ok) return name
  const { timestamp } = parsed.data
  if (timestamp > 1e12) return { ok: false, error: 'Invalid message', description: 'message.timestamp must be in unix seconds, not milliseconds' }
  if (timestamp < nowSeconds - MAX_MESSAGE_AGE_SECONDS)
    return { ok: false, error: 'Stale message', description: 'The signed message is more than 10 minutes old; sign a new one' }
  if (timestamp > nowSeconds + MAX_MESSAGE_SKEW_SECONDS)
    return {
      ok: false,
      error: 'Stale message',
      description: "The signed message's timestamp is in the future; check the device's date and time and sign again",
    }
  return { ok: true, value: { ...parsed.data, name: name.value.name, label: name.value.label } }
}

export type RegisterOutcome = { status: 200; record: NameRecord } | { status: 400 | 401 | 409; error: string; description: string }

/** POST /v1/profile/account: checks the message, the signature and availability, then stores. */
export async function registerName(
  ctx: ServerContext,
  body: { coinType: number; address: string; message: string; signature: string },
): Promise<RegisterOutcome> {
  const coinType = normalizeCoinType(body.coinType)
  const chainId = chainIdFromCoinType(coinType)
  if (chainId === undefined)
    return {
      status: 400,
      error: 'Unsupported coin type',
      description: `Coin type ${body.coinType} is not an EVM coin type: use 60 for Ethereum or 0x80000000 | chainId (ENSIP-11)`,
    }
  const address = parseAddress(body.address)
  if (!address || address.kind !== 'eip155')
    return { status: 400, error: 'Invalid address', description: `${body.address} is not an EVM address (0x followed by 40 hex characters)` }

  const message = parseRegistrationMessage(body.message, ctx.config.nameSuffix)
  if (!message.ok) return { status: 400, error: message.error, description: message.description }

  const caip = `eip155:${chainId}`
  const verified = await verifyPersonalSignature({
    address: address.address as Address,
    message: body.message,
    signature: body.signature as Hex,
    client: chainId === 0 ? undefined : ctx.evmClient(caip),
    chainLabel: chainId === 0 ? 'an unspecified EVM chain' : caip,
  })
  if (!verified.valid) return { status: 401, error: 'Invalid signature', description: verified.reason }

  const record = await insertName(ctx.db, {
    name: message.value.name,
    attributes: message.value.attributes,
    coinType,
    address: address.address,
    addressKey: address.key,
  })
  if (!record) return { status: 409, error: 'Name taken', description: `${message.value.name} is already registered; choose another name` }
  return { status: 200, record }
}
