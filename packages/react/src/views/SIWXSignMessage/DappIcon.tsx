import { useState } from 'react'
import { hash } from '../../components/NetworkImage.js'

/** The host's icon (metadata.icons[0]), else its name's first letter. */
export function DappIcon({ name, icon }: { name: string; icon: string | undefined }) {
  const [broken, setBroken] = useState(false)
  if (icon && !broken) return <img className="dapp-icon" src={icon} alt="" onError={() => setBroken(true)} />
  return (
    <span className="dapp-icon monogram" aria-hidden="true" style={{ background: `hsl(${hash(name) % 360} 55% 45%)` }}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
