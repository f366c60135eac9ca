import { expect, test } from 'vitest'
import { isValidName, toFullName, toNameLabel } from './names.js'

// The one table of SPEC §5's name rule: core's hint and the server's check both use isValidName.
test.each([
  ['alice', true],
  ['al-1', true],
  ['my-name1', true],
  ['Alice', true],
  ['a'.repeat(63), true],
  ['ali', false],
  ['abc', false],
  ['a'.repeat(64), false],
  ['my_name', false],
  ['al ice', false],
  ['alice.eth', false],
  ['ålice', false],
  ['', false],
])('rule: a name is letters, digits and hyphens, 4 to 63 characters: %j → %s', (label, valid) => {
  expect(isValidName(label)).toBe(valid)
})

test('rule: SPEC §9 the name service appends its suffix; a full name stays as it is', () => {
  expect(toFullName(' Alice ')).toBe('alice.portico.id')
  expect(toFullName('alice.portico.id')).toBe('alice.portico.id')
  expect(toFullName('alice', '.example.id')).toBe('alice.example.id')
  expect(toNameLabel(' Alice.portico.id')).toBe('alice')
  expect(toNameLabel('alice.example.id', '.example.id')).toBe('alice')
})
