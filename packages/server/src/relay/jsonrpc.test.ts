import { describe, expect, test } from 'vitest'
import { errorFrame, parseFrame, rawTopLevelId, resultFrame } from './jsonrpc.js'

describe('JSON-RPC framing', () => {
  test('19-digit ids are kept literally (numbers beyond 2^53 and strings)', () => {
    const text = '{"id":1718000000000123456,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"ab"}}'
    const frame = parseFrame(text)
    expect(frame).toMatchObject({ kind: 'request', idRaw: '1718000000000123456', method: 'irn_subscribe' })
    expect(resultFrame('1718000000000123456', 'x')).toBe('{"id":1718000000000123456,"jsonrpc":"2.0","result":"x"}')
    expect(parseFrame('{"jsonrpc":"2.0","method":"m","id":"1718000000000123457"}')).toMatchObject({ idRaw: '"1718000000000123457"' })
  })

  test('only the top-level id counts', () => {
    expect(rawTopLevelId('{"params":{"id":5,"s":"\\"id\\":7"},"id" : 9}')).toBe('9')
    expect(rawTopLevelId('{"a":["id",{"id":1}],"b":"id","id":-12}')).toBe('-12')
    expect(rawTopLevelId('{"a":1}')).toBeNull()
  })

  test('malformed frames become errors', () => {
    expect(parseFrame('not json')).toMatchObject({ kind: 'invalid', code: -32700, idRaw: null })
    expect(parseFrame('[1,2]')).toMatchObject({ kind: 'invalid', code: -32600 })
    expect(parseFrame('{"id":1}')).toMatchObject({ kind: 'invalid', code: -32600, idRaw: '1' })
    expect(parseFrame('{"id":{},"method":"x"}')).toMatchObject({ kind: 'invalid', code: -32600 })
    expect(parseFrame('{"id":3,"result":true}')).toEqual({ kind: 'response', id: 3, ok: true })
    expect(parseFrame('{"method":"x"}')).toMatchObject({ kind: 'notification' })
    expect(errorFrame(null, { code: 1, message: 'm' })).toBe('{"id":null,"jsonrpc":"2.0","error":{"code":1,"message":"m"}}')
  })
})
