import type { SVGProps } from 'react'

// Decorative: every icon sits beside its text or in a button named by aria-label, so screen readers skip it.
const base = { width: 16, height: 16, viewBox: '0 0 16 16', fill: 'none' } as const
const stroke = { stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const

export const CloseIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M4 4l8 8M12 4l-8 8" {...stroke} />
  </svg>
)
/** Points back: mirrored right to left (the modal's [dir=rtl] .rtl-mirror). */
export const BackIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p} className={`rtl-mirror ${p.className ?? ''}`}>
    <path d="M10 3L5 8l5 5" {...stroke} />
  </svg>
)
export const ChevronIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p} className={`rtl-mirror ${p.className ?? ''}`}>
    <path d="M6 3l5 5-5 5" {...stroke} />
  </svg>
)
export const CopyIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <rect x="5" y="5" width="8" height="8" rx="2" {...stroke} />
    <path d="M3 10V4a1 1 0 011-1h6" {...stroke} />
  </svg>
)
export const CheckIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M3 8.5l3 3 7-7" {...stroke} />
  </svg>
)
export const WarningIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M8 2l6.5 11.5h-13L8 2z" {...stroke} />
    <path d="M8 6.5v3M8 11.5v.01" {...stroke} />
  </svg>
)
export const DisconnectIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M6 3H4a1 1 0 00-1 1v8a1 1 0 001 1h2M10 11l3-3-3-3M13 8H6" {...stroke} />
  </svg>
)
export const WalletIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <rect x="2" y="4" width="12" height="9" rx="2" {...stroke} />
    <path d="M2 6.5h12M10.5 9.5h1" {...stroke} />
  </svg>
)
export const ArrowUpIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M8 13V3M3.5 7.5L8 3l4.5 4.5" {...stroke} />
  </svg>
)
export const ArrowDownIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M8 3v10M3.5 8.5L8 13l4.5-4.5" {...stroke} />
  </svg>
)
export const ArrowUpRightIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M5 11l6-6M6 5h5v5" {...stroke} />
  </svg>
)
export const ArrowDownLeftIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M11 5l-6 6M10 11H5V6" {...stroke} />
  </svg>
)
export const SwapIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <path d="M3 5.5h9.5L10 3M13 10.5H3.5L6 13" {...stroke} />
  </svg>
)
export const CardIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" focusable="false" {...base} {...p}>
    <rect x="2" y="3.5" width="12" height="9" rx="2" {...stroke} />
    <path d="M2 6.5h12M4.5 10h2" {...stroke} />
  </svg>
)
