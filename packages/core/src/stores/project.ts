import { createStore } from 'zustand/vanilla'
import type { RemoteFeatures } from '../spec/defaults.js'
import type { Alert } from '../spec/catalogue.js'

/** What the server says about this project, and the alert shown when something is wrong with it. */
export interface ProjectState {
  remoteFeatures: RemoteFeatures
  /** Analytics are sent only while this is true (host option and project config agree). */
  analyticsEnabled: boolean
  alert: Alert | undefined
  /** SPEC §7 'Generic HTTP helper': the client id appended to every call once set (the WalletConnect client's). */
  clientId?: string
}

export function createProjectStore(initial: Pick<ProjectState, 'remoteFeatures' | 'analyticsEnabled'>) {
  return createStore<ProjectState>(() => ({ ...initial, alert: undefined }))
}
export type ProjectStore = ReturnType<typeof createProjectStore>
