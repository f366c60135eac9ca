import { expect, test } from 'vitest'
import { originAllowed } from './origin.js'

test('originAllowed: exact origins and port wildcards', () => {
  expect(originAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*'])).toBe(true)
  expect(originAllowed('http://127.0.0.1', ['http://127.0.0.1:*'])).toBe(true)
  expect(originAllowed('http://127.0.0.1.evil.com:5173', ['http://127.0.0.1:*'])).toBe(false)
  expect(originAllowed('http://127.0.0.1:5173x', ['http://127.0.0.1:*'])).toBe(false)
  expect(originAllowed('https://app.example', ['https://app.example'])).toBe(true)
  expect(originAllowed('https://evil.example', ['https://app.example'])).toBe(false)
})
