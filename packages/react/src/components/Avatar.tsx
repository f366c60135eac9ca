import { hash } from './NetworkImage.js'

/** An address's avatar: the profile image, else a gradient derived from the address. */
export function Avatar({ address, image, size = 64 }: { address: string; image?: string; size?: number }) {
  if (image) return <img className="avatar" src={image} alt="" width={size} height={size} />
  const h = hash(address.toLowerCase())
  const a = h % 360
  const b = (h >> 9) % 360
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{ width: size, height: size, background: `radial-gradient(circle at 30% 30%, hsl(${a} 80% 65%), hsl(${b} 70% 40%))` }}
    />
  )
}
