import type { ThemeMode, ThemeVariables } from './stores/theme.js'

/** SPEC §9 'Theme': font-size scale multipliers of the master size. */
export const FontSizeScale = [5, 4.4, 3.8, 3.2, 2.6, 2, 1.6, 1.4, 1.2] as const
const FONT_SIZE_NAMES = ['display', 'title-lg', 'title-md', 'title-sm', 'lg', 'md', 'sm', 'xs', 'xxs'] as const
/** Border radii are multiples of the master radius. */
const RADIUS_MULTIPLES = { xxs: 1, xs: 2, s: 3, m: 4, l: 5, xl: 6, '3xl': 9 } as const

export const DefaultThemeVariables: Required<ThemeVariables> = {
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  /** SPEC §9: accent blue. */
  accent: '#3396ff',
  colorMix: 'transparent',
  colorMixStrength: 0,
  fontSizeMaster: '8px',
  borderRadiusMaster: '4px',
  zIndex: 999,
}

const Palettes: Record<ThemeMode, Record<string, string>> = {
  dark: {
    'bg-100': '#141414',
    'bg-125': '#191a1a',
    'bg-150': '#1e1f1f',
    'bg-200': '#262727',
    'bg-300': '#363636',
    'fg-100': '#e4e7e7',
    'fg-150': '#b1b1b1',
    'fg-200': '#949e9e',
    'fg-300': '#767676',
    'error-100': '#f25a67',
    'success-100': '#26d962',
    overlay: 'rgba(0, 0, 0, 0.6)',
    border: 'rgba(255, 255, 255, 0.08)',
  },
  light: {
    'bg-100': '#ffffff',
    'bg-125': '#f9f9f9',
    'bg-150': '#f3f4f4',
    'bg-200': '#eaecec',
    'bg-300': '#d0d5d5',
    'fg-100': '#141414',
    'fg-150': '#3b3b3b',
    'fg-200': '#5c6464',
    'fg-300': '#6b7070',
    'error-100': '#c8232f',
    'success-100': '#14803a',
    overlay: 'rgba(0, 0, 0, 0.3)',
    border: 'rgba(0, 0, 0, 0.08)',
  },
}

/** A host's theme value may only be a plain CSS value: no declarations, blocks, markup or urls. */
export function isSafeCssValue(value: string): boolean {
  return !/[;{}<>\\]|url\s*\(|expression\s*\(|@import/i.test(value) && value.length <= 200
}

/**
 * SPEC §3 'Theme' compiled to prefixed CSS variables (`--portico-*`). Unsafe host values fall
 * back to the defaults.
 */
export function themeToCssVariables(themeMode: ThemeMode, variables: ThemeVariables): Record<string, string> {
  const pick = <K extends keyof ThemeVariables>(key: K): NonNullable<ThemeVariables[K]> => {
    const value = variables[key]
    if (value === undefined) return DefaultThemeVariables[key] as NonNullable<ThemeVariables[K]>
    if (typeof value === 'string' && !isSafeCssValue(value)) return DefaultThemeVariables[key] as NonNullable<ThemeVariables[K]>
    return value as NonNullable<ThemeVariables[K]>
  }
  const css: Record<string, string> = {
    '--portico-font-family': pick('fontFamily'),
    '--portico-accent': pick('accent'),
    '--portico-color-mix': pick('colorMix'),
    '--portico-color-mix-strength': `${pick('colorMixStrength')}%`,
    '--portico-font-size-master': pick('fontSizeMaster'),
    '--portico-border-radius-master': pick('borderRadiusMaster'),
    '--portico-z-index': String(pick('zIndex')),
  }
  FontSizeScale.forEach((multiple, i) => {
    css[`--portico-font-size-${FONT_SIZE_NAMES[i]}`] = `calc(var(--portico-font-size-master) * ${multiple})`
  })
  for (const [name, multiple] of Object.entries(RADIUS_MULTIPLES)) css[`--portico-radius-${name}`] = `calc(var(--portico-border-radius-master) * ${multiple})`
  for (const [name, color] of Object.entries(Palettes[themeMode]))
    css[`--portico-color-${name}`] = `color-mix(in srgb, ${color}, var(--portico-color-mix) var(--portico-color-mix-strength))`
  return css
}
