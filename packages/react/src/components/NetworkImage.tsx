import type { CaipNetwork } from '@portico/core'

/** A network's image, or a monogram on a colour derived from its id when the host gave none. */
export function NetworkImage({ network, size = 24 }: { network: CaipNetwork | undefined; size?: number }) {
  if (network?.imageUrl) return <img className="network-image" src={network.imageUrl} alt="" width={size} height={size} />
  const hue = hash(network?.caipNetworkId ?? '?') % 360
  return (
    <span className="network-image monogram" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.45, background: `hsl(${hue} 70% 45%)` }}>
      {(network?.name ?? '?').slice(0, 1).toUpperCase()}
    </span>
  )
}

export function hash(text: string) {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0
  return h
}
