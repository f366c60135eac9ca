/** Icons of the wallet-security views (custody: passkeys and passwords). */
export const ShieldIcon = ({ className }: { className?: string }) => (
  <svg className={className} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path d="M12 3l7 3v5.5c0 4.3-3 8-7 9.5-4-1.5-7-5.2-7-9.5V6l7-3z" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    <path d="M9 12l2 2 4-4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

export const PasskeyIcon = ({ className }: { className?: string }) => (
  <svg className={className} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <circle cx="9" cy="8" r="4" stroke="currentColor" strokeWidth="1.8" />
    <path d="M3 20c0-3.3 2.7-6 6-6 1.2 0 2.3.3 3.2.9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    <circle cx="17" cy="14" r="2.5" stroke="currentColor" strokeWidth="1.8" />
    <path d="M17 16.5V21m0-2h2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
)

export const KeyIcon = ({ className }: { className?: string }) => (
  <svg className={className} viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <rect x="4" y="10" width="16" height="10" rx="2.5" stroke="currentColor" strokeWidth="1.8" />
    <path d="M8 10V7a4 4 0 018 0v3" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="12" cy="15" r="1.5" fill="currentColor" />
  </svg>
)
