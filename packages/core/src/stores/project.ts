import { createStore } from 'zustand/vanilla'
import type { RemoteFeatures } from '../spec/defaults.js'
import type { Alert } from '../spec/catalogue.js'

/** What the server says about this project, and the alert shown when something is wrong with it. */
export interface ProjectState {
  remoteFeatures: RemoteFeatures
  /** Analytics are sent only while this is true (host option and project config agree). */
  analyticsEnabled: boolean
  alert: Alert | undefined
}

export function createProjectStore(initial: Pick<ProjectState, 'remoteFeatures' | 'analyticsEnabled'>) {
  return createStore<ProjectState>(() => ({ ...initial, alert: undefined }))
}
export type ProjectStore = ReturnType<typeof createProjectStore>
