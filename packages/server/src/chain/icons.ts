/** Generated token icons, served at /icons/tokens/<symbol>.svg (chain/balanceRoutes.ts). */

export const ICON_SYMBOL_PATTERN = /^[A-Za-z0-9._-]{1,16}$/

export function tokenIconUrl(publicUrl: string, symbol: string): string {
  const safe = ICON_SYMBOL_PATTERN.test(symbol) ? symbol : 'UNKNOWN'
  return `${publicUrl.replace(/\/+$/, '')}/icons/tokens/${encodeURIComponent(safe.toUpperCase())}.svg`
}

/** A round badge with the symbol's first letters on a colour derived from the symbol. */
export function tokenIconSvg(symbol: string): string {
  const text =
    symbol
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 4) || '?'
  let hash = 0
  for (const ch of symbol.toUpperCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const hue = hash % 360
  const size = text.length <= 2 ? 26 : text.length === 3 ? 20 : 16
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<circle cx="32" cy="32" r="32" fill="hsl(${hue} 65% 45%)"/>
<circle cx="32" cy="32" r="27" fill="none" stroke="hsl(${hue} 70% 80%)" stroke-width="2"/>
<text x="32" y="33" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle" dominant-baseline="central">${text}</text>
</svg>`
}
