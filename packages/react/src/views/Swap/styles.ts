/** Styles of the swap steps, beside the send steps' (fields, token picks, details). */
export const swapCss = `
.swap-warning{display:flex;gap:8px;align-items:flex-start;padding:10px 12px;border-radius:var(--portico-radius-l);
  background:color-mix(in srgb,var(--portico-color-error-100) 12%,transparent);color:var(--portico-color-error-100);font-size:var(--portico-font-size-xs)}
.swap-quote{font-size:var(--portico-font-size-title-sm);font-weight:600;font-variant-numeric:tabular-nums;min-height:1.4em;overflow:hidden;text-overflow:ellipsis}
.swap-quote.loading{color:var(--portico-color-fg-300)}
.slippage{display:flex;gap:6px;align-items:center;font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200)}
.slippage button{padding:4px 8px;border-radius:var(--portico-radius-xs);background:var(--portico-color-bg-200);font-weight:600}
.slippage button[aria-pressed=true]{background:var(--portico-accent-strong);color:#fff}
.swap-flip{cursor:pointer}
.swap-side{display:flex;flex-direction:column;min-width:0;overflow-wrap:anywhere}
.swap-balance{display:inline-flex;align-items:center;gap:4px}
.swap-facts{display:flex;flex-direction:column;gap:4px;margin:0;font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200)}
.swap-facts dd{margin:0;font-variant-numeric:tabular-nums;color:var(--portico-color-fg-100)}
.swap-approval{display:flex;gap:10px;align-items:flex-start;font-size:var(--portico-font-size-sm)}
.swap-approval label{font-weight:600;cursor:pointer}
.swap-approval input{flex:none;width:20px;height:20px;margin:0;cursor:pointer;accent-color:var(--portico-accent-strong,var(--portico-accent))}
.swap-approval:has(input:checked) .hint{color:var(--portico-color-error-100)}
`
