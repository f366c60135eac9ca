/** Styles shared by the onramp steps (OnRampTokenSelect, OnRampFiatSelect, OnRampProviders). */
export const onrampCss = `
.onramp{display:flex;flex-direction:column;gap:10px}
.onramp .intro{margin:0 2px 2px}
.onramp .list-item .main{flex:1;display:flex;flex-direction:column;gap:2px;text-align:start;min-width:0}
.onramp .list-item .sub{font-size:var(--portico-font-size-xs);font-weight:500;color:var(--portico-color-fg-200);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.onramp .list-item .check{color:var(--portico-accent)}
.fiat-icon{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%;flex:none;
  background:var(--portico-color-bg-200);font-weight:700;font-size:var(--portico-font-size-md)}
.onramp-summary{display:flex;align-items:center;gap:6px;flex-wrap:wrap;font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200)}
.chip{display:inline-flex;align-items:center;gap:6px;padding:4px 10px 4px 4px;border-radius:var(--portico-radius-3xl);background:var(--portico-color-bg-150);
  color:var(--portico-color-fg-100);font-weight:600;font-size:var(--portico-font-size-xs)}
.chip .fiat-icon{width:20px;height:20px;font-size:11px}
.amount-row{display:flex;align-items:center;gap:8px}
.amount-row input{flex:1;font-size:var(--portico-font-size-title-sm);font-weight:600;font-variant-numeric:tabular-nums}
.amount-row .currency{flex:none;font-size:var(--portico-font-size-md);font-weight:600;color:var(--portico-color-fg-200)}
.onramp .field.invalid{border-color:var(--portico-color-error-100)}
.limits{font-size:var(--portico-font-size-xs);margin:0 2px;color:var(--portico-color-fg-200);min-height:16px}
.limits.error{color:var(--portico-color-error-100)}
.quote{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:12px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm);min-height:46px}
.quote .value{font-weight:700;font-variant-numeric:tabular-nums}
.providers-head{font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-fg-200);margin:6px 2px 0;text-transform:uppercase;letter-spacing:.04em}
.provider-icon{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:var(--portico-radius-m);flex:none;
  background:color-mix(in srgb,var(--portico-accent) 15%,transparent);color:var(--portico-accent-text)}
.provider-icon svg{width:20px;height:20px}
.list-item[disabled]{opacity:.5;cursor:default}
.onramp-pending{display:flex;flex-direction:column;align-items:center;gap:10px;text-align:center;padding:8px 4px 4px}
.onramp-pending .balance-line{font-size:var(--portico-font-size-sm);font-weight:600;margin:0;font-variant-numeric:tabular-nums}
.link-button{font-size:var(--portico-font-size-sm);font-weight:600;color:var(--portico-color-fg-200);padding:6px 10px;border-radius:var(--portico-radius-s);align-self:center}
.link-button:hover{color:var(--portico-color-fg-100);background:var(--portico-color-bg-150)}
.onramp-pending .actions{display:flex;flex-direction:column;gap:8px;width:100%;margin-top:4px}
`
