import type { SocialProvider } from '@portico/core'

/** Display names of the login providers. */
export const socialNames: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

const colors: Record<SocialProvider, string> = {
  google: '#ffffff',
  x: '#0f0f0f',
  discord: '#5865f2',
  farcaster: '#7c65c1',
  github: '#24292f',
  apple: '#0f0f0f',
  facebook: '#1877f2',
}

/** Portico's own simple marks for the providers: a coloured tile with the provider's initial. */
export function SocialIcon({ provider }: { provider: SocialProvider }) {
  const background = colors[provider]
  if (provider === 'farcaster')
    return (
      <svg className="social-icon" viewBox="0 0 40 40" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill={background} />
        {/* an arch: Farcaster's gate, drawn as plain shapes */}
        <path d="M11 13h18v15h-4v-7a5 5 0 00-10 0v7h-4z" fill="#fff" />
      </svg>
    )
  const letter = provider === 'github' ? 'GH' : provider === 'facebook' ? 'f' : socialNames[provider].charAt(0)
  const ink = provider === 'google' ? '#4285f4' : '#ffffff'
  return (
    <svg className="social-icon" viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill={background} stroke={provider === 'google' ? '#dadce0' : 'none'} />
      <text
        x="20"
        y="21"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="system-ui,-apple-system,Segoe UI,Roboto,sans-serif"
        fontWeight="700"
        fontSize={letter.length > 1 ? 15 : 20}
        fill={ink}
      >
        {letter}
      </text>
    </svg>
  )
}

export const MailIcon = ({ className }: { className?: string }) => (
  <svg className={className} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="3" stroke="currentColor" strokeWidth="1.8" />
    <path d="M4 7l8 6 8-6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

export const DeviceIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <rect x="6" y="2.5" width="12" height="19" rx="3" stroke="currentColor" strokeWidth="1.8" />
    <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
)

export const ArrowRightIcon = () => (
  <svg className="rtl-mirror" width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true">
    <path d="M3 8h10M9 4l4 4-4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)
