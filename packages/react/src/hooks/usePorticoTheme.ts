import { setThemeMode, setThemeVariables, type ThemeMode, type ThemeVariables } from '@portico/core'
import { useCallback } from 'react'
import { usePortico, usePorticoStore } from '../context.js'

export function usePorticoTheme() {
  const portico = usePortico()
  const themeMode = usePorticoStore('theme', (s) => s.themeMode)
  const themeVariables = usePorticoStore('theme', (s) => s.themeVariables)
  return {
    themeMode,
    themeVariables,
    setThemeMode: useCallback((mode: ThemeMode) => setThemeMode(portico, { themeMode: mode }), [portico]),
    setThemeVariables: useCallback((vars: ThemeVariables) => setThemeVariables(portico, vars), [portico]),
  }
}
