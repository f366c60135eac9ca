import { expect, test } from 'vitest'
import { themeToCssVariables } from './theme.js'

test('theme variables become prefixed CSS variables with SPEC §9 font-size multipliers', () => {
  const css = themeToCssVariables('dark', { accent: '#ff0000' })
  expect(css['--portico-accent']).toBe('#ff0000')
  expect(css['--portico-font-size-display']).toBe('calc(var(--portico-font-size-master) * 5)')
  expect(css['--portico-font-size-xxs']).toBe('calc(var(--portico-font-size-master) * 1.2)')
  expect(css['--portico-radius-m']).toBe('calc(var(--portico-border-radius-master) * 4)')
})

test('dark and light differ', () => {
  expect(themeToCssVariables('dark', {})['--portico-color-bg-100']).not.toBe(themeToCssVariables('light', {})['--portico-color-bg-100'])
})

test('unsafe host values are dropped for the defaults', () => {
  const css = themeToCssVariables('light', { accent: 'red; } body { display:none', fontFamily: 'url(https://evil)' })
  expect(css['--portico-accent']).toBe('#3396ff')
  expect(css['--portico-font-family']).not.toContain('evil')
})
