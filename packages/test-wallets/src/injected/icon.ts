/** Wallet icon: a small SVG as a data: URI (EIP-6963 requires a data URI). */
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="8" fill="#f59e0b"/>' +
  '<path d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z" fill="#1f2937"/>' +
  '<rect x="13" y="12.5" width="4" height="3" rx="1" fill="#f59e0b"/>' +
  '</svg>'

export const TEST_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`
