/** Turning request params into human-readable text for the approval dialog. */
import { hexToBytes, isHex, type Hex } from 'viem'

/** personal_sign messages are usually hex-encoded UTF-8; show the text, or the hex if it is not valid UTF-8. */
export function decodeMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message as Hex))
  } catch {
    return message
  }
}

export function shortenData(data: string | undefined): string | undefined {
  if (!data || data === '0x') return undefined
  const bytes = (data.length - 2) / 2
  return bytes > 36 ? `${data.slice(0, 74)}… (${bytes} bytes)` : data
}

export function truncate(text: string, max = 800): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
