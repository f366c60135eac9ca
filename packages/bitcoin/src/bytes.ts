// Hex and base64 for the wallet drivers, small enough for the page's first load (@scure/base loads with the send code).

export const hex = {
  encode: (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
  decode(text: string): Uint8Array {
    if (text.length % 2 || /[^0-9a-fA-F]/.test(text)) throw new Error('not hex')
    return Uint8Array.from({ length: text.length / 2 }, (_, i) => Number.parseInt(text.slice(i * 2, i * 2 + 2), 16))
  },
}

export const base64 = {
  encode(bytes: Uint8Array): string {
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  },
  decode: (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)),
}
