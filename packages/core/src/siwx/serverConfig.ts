import * as v from 'valibot'
import type { HttpClient } from '../api/http.js'
import type { CaipNetworkId } from '../caip.js'
import type { Environment } from '../environment.js'
import type { SIWXConfig, SIWXSession, ServerSiwxOptions } from './config.js'
import { formatSiwxMessage, newSiwxNonce, type SIWXMessageData } from './message.js'

const SessionsSchema = v.object({
  sessions: v.array(v.object({ data: v.any(), message: v.string(), signature: v.string(), cacao: v.optional(v.record(v.string(), v.unknown())) })),
})

/** SIWX backed by the Portico server's /v1/sessions (which verifies every signature). */
export function createServerSiwx(api: HttpClient, environment: Environment, options: ServerSiwxOptions): SIWXConfig {
  return {
    async createMessage({ accountAddress, chainId, resources }) {
      const origin = environment.origin() ?? 'http://localhost'
      const now = Date.now()
      const data: SIWXMessageData = {
        accountAddress,
        chainId,
        domain: new URL(origin).host,
        uri: origin,
        version: '1',
        nonce: newSiwxNonce(() => environment.randomUUID()),
        statement: options.statement ?? 'Please sign with your account',
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + (options.expirationMs ?? 86_400_000)).toISOString(),
        ...(resources?.length ? { resources } : {}),
      }
      return { data, text: formatSiwxMessage(data) }
    },
    async addSession(session: SIWXSession) {
      await api.post({ path: `v1/sessions/${session.data.accountAddress}`, body: session })
    },
    async revokeSession(chainId: CaipNetworkId, address: string) {
      await api.post({ path: `v1/sessions/${address}/revoke`, body: { chainId } })
    },
    async setSessions(sessions: SIWXSession[]) {
      for (const session of sessions) await this.addSession(session)
    },
    async getSessions(chainId: CaipNetworkId, address: string) {
      const json = await api.get({ path: `v1/sessions/${address}`, query: { chainId } })
      return v.parse(SessionsSchema, json).sessions as SIWXSession[]
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
