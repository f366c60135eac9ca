import type { Portico } from '../portico.js'
import type { ThemeMode } from '../stores/theme.js'

export type SetThemeModeReturnType = void
export type SetThemeModeErrorType = never

export interface SetThemeModeParameters {
  /** dark or light. */
  themeMode: ThemeMode
}

/** SPEC §4 'Theme': a change of theme mode is synced to the auth connector. */
export function setThemeMode(portico: Portico, parameters: SetThemeModeParameters): SetThemeModeReturnType
/** @deprecated use `setThemeMode(portico, { themeMode })` */
export function setThemeMode(portico: Portico, themeMode: ThemeMode): SetThemeModeReturnType
export function setThemeMode(portico: Portico, parameters: SetThemeModeParameters | ThemeMode): SetThemeModeReturnType {
  const { themeMode } = typeof parameters === 'object' ? parameters : { themeMode: parameters }
  portico.stores.theme.setState({ themeMode })
  void portico.auth?.syncTheme?.(themeMode)
}
