import type { Portico } from '../portico.js'
import type { ThemeVariables } from '../stores/theme.js'

export type SetThemeVariablesReturnType = void
export type SetThemeVariablesErrorType = never

export type SetThemeVariablesParameters = ThemeVariables

/** Overrides some theme variables, keeping the others. */
export function setThemeVariables(portico: Portico, themeVariables: SetThemeVariablesParameters): SetThemeVariablesReturnType {
  portico.stores.theme.setState(({ themeVariables: current }) => ({ themeVariables: { ...current, ...themeVariables } }))
}
