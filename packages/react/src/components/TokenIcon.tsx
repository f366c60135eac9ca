import { useState } from 'react'
import { hash } from './NetworkImage.js'

/** A token's icon, or its symbol's first letter on a colour derived from the symbol when the image is missing or broken. */
export function TokenIcon({ src, symbol, size = 36 }: { src: string | undefined; symbol: string; size?: number }) {
  const [broken, setBroken] = useState(false)
  if (src && !broken) return <img className="token-icon" src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />
  return (
    <span
      className="token-icon monogram"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.42, background: `hsl(${hash(symbol) % 360} 60% 45%)` }}
    >
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}
