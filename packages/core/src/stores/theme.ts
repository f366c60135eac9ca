import { createStore } from 'zustand/vanilla'

/** SPEC §3 'Theme'. */
export interface ThemeVariables {
  fontFamily?: string
  accent?: string
  colorMix?: string
  colorMixStrength?: number
  fontSizeMaster?: string
  borderRadiusMaster?: string
  zIndex?: number
}

export type ThemeMode = 'dark' | 'light'

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export function createThemeStore(initial: ThemeState) {
  return createStore<ThemeState>(() => initial)
}
export type ThemeStore = ReturnType<typeof createThemeStore>
