import type { EmbeddedWalletClient } from '@portico/core'
import type { FrameTransport } from './frameTransport.js'

type OneRequest =
  | 'connectEmail'
  | 'getFactors'
  | 'addFactor'
  | 'removeFactor'
  | 'connectDevice'
  | 'connectOtp'
  | 'isConnected'
  | 'getSocialRedirectUri'
  | 'getFarcasterUri'
  | 'updateEmail'
  | 'updateEmailPrimaryOtp'
  | 'syncTheme'
  | 'syncLocale'
  | 'syncDappData'
  | 'getSmartAccountEnabledNetworks'
  | 'reload'
  | 'abortRpc'

/** The client's calls that are one request to the frame each and leave its user as it is (client.ts keeps the others). */
export function frameRequests(transport: FrameTransport): Pick<EmbeddedWalletClient, OneRequest> {
  return {
    connectEmail: (email) => transport.request('CONNECT_EMAIL', { email }),
    getFactors: () => transport.request('GET_FACTORS', {}),
    addFactor: (kind) => transport.request('ADD_FACTOR', { kind }),
    removeFactor: (id) => transport.request('REMOVE_FACTOR', { id }),
    connectDevice: async () => void (await transport.request('CONNECT_DEVICE', {})),
    connectOtp: async (otp) => {
      const { action, matchCode } = await transport.request('CONNECT_OTP', { otp })
      return action === 'VERIFY_DEVICE' ? { action, ...(matchCode ? { matchCode } : {}) } : { action: 'CONNECT' as const }
    },
    isConnected: async () => (await transport.request('IS_CONNECTED', {})).isConnected,
    getSocialRedirectUri: async (provider) => (await transport.request('GET_SOCIAL_REDIRECT_URI', { provider })).uri,
    getFarcasterUri: async () => (await transport.request('GET_FARCASTER_URI', {})).url,
    updateEmail: (email) => transport.request('UPDATE_EMAIL', { email }),
    updateEmailPrimaryOtp: async (otp) => void (await transport.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })),
    syncTheme: async (themeMode) => void (await transport.request('SYNC_THEME', { themeMode })),
    syncLocale: async (locale) => void (await transport.request('SYNC_LOCALE', { locale })),
    syncDappData: async (data) => void (await transport.request('SYNC_DAPP_DATA', data)),
    getSmartAccountEnabledNetworks: async () => (await transport.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).smartAccountEnabledNetworks,
    reload: async () => void (await transport.request('RELOAD', {})),
    abortRpc: async () => void (await transport.request('RPC_ABORT', {})),
  }
}
