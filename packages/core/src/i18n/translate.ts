import type { MessageKey, Messages } from './messages/en.js'

export type MessageParams = Record<string, string | number>

/** The message for `key` with `{name}` parameters filled in; a missing message falls back to `fallback`, then the key. */
export function translate(messages: Partial<Messages>, key: MessageKey, params?: MessageParams, fallback?: Partial<Messages>): string {
  const template = messages[key] ?? fallback?.[key] ?? key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}
