/** Styles of the Account view and its tabs (shipped with the view's chunk). */
export const accountCss = `
.account-head{display:flex;flex-direction:column;align-items:center;gap:6px;padding:4px 8px 12px;text-align:center}
.account-name{display:inline-flex;align-items:center;gap:8px;font-size:var(--portico-font-size-md);font-weight:600}
.account-sub{font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200)}
.account-total{font-size:var(--portico-font-size-title-sm);font-weight:600;letter-spacing:-.01em;margin:4px 0 0}
.features{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:8px;margin:4px 0 14px}
.feature{display:flex;flex-direction:column;align-items:center;gap:6px;padding:10px 4px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-fg-100)}
.feature:hover{background:var(--portico-color-bg-200)}
.feature svg{width:18px;height:18px;color:var(--portico-accent)}
.tabs{display:flex;gap:4px;padding:3px;border-radius:var(--portico-radius-3xl);background:var(--portico-color-bg-150);margin-bottom:10px}
.tab{flex:1;text-align:center;padding:7px 0;border-radius:var(--portico-radius-3xl);font-size:var(--portico-font-size-sm);font-weight:600;
  color:var(--portico-color-fg-200)}
.tab[aria-selected=true],.tab[aria-pressed=true]{background:var(--portico-color-bg-300);color:var(--portico-color-fg-100)}
.tabpanel{min-height:120px}
.asset{display:flex;align-items:center;gap:12px;padding:8px 6px;border-radius:var(--portico-radius-m)}
.asset .main{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px;text-align:start}
.asset .end{display:flex;flex-direction:column;gap:2px;text-align:end;font-variant-numeric:tabular-nums}
.asset .primary{font-size:var(--portico-font-size-sm);font-weight:600;color:var(--portico-color-fg-100);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.asset .secondary{font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200)}
.nft-grid{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.nft{display:flex;flex-direction:column;gap:6px;margin:0}
.nft img,.nft .placeholder{width:100%;aspect-ratio:1;border-radius:var(--portico-radius-l);object-fit:cover;background:var(--portico-color-bg-200)}
.nft figcaption{font-size:var(--portico-font-size-xs);font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.day{font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-fg-200);margin:10px 6px 2px;text-transform:uppercase;letter-spacing:.04em}
.day:first-child{margin-top:0}
.tx-icon{position:relative;flex:none}
.tx-icon .direction{position:absolute;inset-inline-end:-3px;bottom:-3px;width:16px;height:16px;border-radius:50%;display:inline-flex;align-items:center;
  justify-content:center;background:var(--portico-color-bg-300);border:2px solid var(--portico-color-bg-125)}
.tx-icon .direction svg{width:10px;height:10px}
.tx-icon .direction.in{color:var(--portico-color-success-100)}
.tx-icon .direction.out{color:var(--portico-accent)}
.tx-icon img.nft-thumb{width:36px;height:36px;border-radius:var(--portico-radius-s);object-fit:cover;background:var(--portico-color-bg-200)}
.sentinel{height:1px}
.account-actions{margin-top:14px}
.account-actions .list-item{min-height:48px}
`
