import type { Portico } from '../portico.js'
import type { ThemeMode, ThemeVariables } from '../stores/theme.js'

export type SetThemeModeReturnType = void
export type SetThemeModeErrorType = never

/** SPEC §4 'Theme': a change of theme mode is synced to the auth connector. */
export function setThemeMode(portico: Portico, themeMode: ThemeMode) {
  portico.stores.theme.setState({ themeMode })
  void portico.auth?.syncTheme?.(themeMode)
}

export type SetThemeVariablesReturnType = void
export type SetThemeVariablesErrorType = never

export function setThemeVariables(portico: Portico, themeVariables: ThemeVariables) {
  portico.stores.theme.setState(({ themeVariables: current }) => ({ themeVariables: { ...current, ...themeVariables } }))
}
