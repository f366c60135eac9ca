/** Generated wallet icons: a rounded square in the wallet's brand colour with its initials. */

const SKIP = new Set(['wallet', 'app', 'the'])

/** "MetaMask" → "MM", "Trust Wallet" → "T", "Coin98 Super Wallet" → "CS", "Safe" → "S". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s.|_-]+/).filter((w) => w && !SKIP.has(w.toLowerCase()))
  const source = words.length ? words : [name]
  if (source.length >= 2) return (source[0]![0]! + source[1]![0]!).toUpperCase()
  const word = source[0]!
  const capitals = word.slice(1).match(/[A-Z]/)
  return capitals ? word[0]!.toUpperCase() + capitals[0] : word[0]!.toUpperCase()
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
}

/** Dark text on light colours, white on dark ones (WCAG relative luminance). */
function textColour(hex: string) {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
  return luminance > 0.4 ? '#141414' : '#FFFFFF'
}

export function walletIconSvg(wallet: { name: string; color: string; initials?: string | null }): string {
  const color = /^#[0-9a-fA-F]{6}$/.test(wallet.color) ? wallet.color.toUpperCase() : '#3B82F6'
  const initials = escapeXml(wallet.initials || initialsOf(wallet.name))
  const size = initials.length >= 3 ? 30 : initials.length === 2 ? 38 : 46
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(wallet.name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-color="#000" stop-opacity=".08"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="24" fill="${color}"/><rect width="96" height="96" rx="24" fill="url(#g)"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="Inter,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-size="${size}" font-weight="700" fill="${textColour(color)}">${initials}</text>` +
    `</svg>`
  )
}
