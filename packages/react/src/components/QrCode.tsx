import { useMemo } from 'react'
import { encode } from 'uqr'

/** A QR code as SVG: one path for the dark modules, on a white quiet zone so any scanner reads it in either theme. */
export function QrCode({ value, size = 220, label, testId }: { value: string; size?: number; label: string; testId?: string }) {
  const { path, modules } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      }),
    )
    return { path: d, modules: data.length }
  }, [value])
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#141414" />
    </svg>
  )
}
