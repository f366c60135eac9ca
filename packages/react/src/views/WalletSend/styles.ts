/** Styles shared by the send steps. */
export const sendCss = `
.send{display:flex;flex-direction:column;gap:10px}
.send > .button[disabled]{background:var(--portico-color-bg-200);color:var(--portico-color-fg-200);opacity:1;font-size:var(--portico-font-size-xs);
  text-align:center;line-height:1.2}
.send > .button[disabled].problem-error{color:var(--portico-color-error-100)}
.amount-input{font-size:var(--portico-font-size-title-sm);font-weight:600;font-variant-numeric:tabular-nums}
.token-pick{display:inline-flex;align-items:center;gap:6px;flex:none;padding:6px 10px 6px 6px;border-radius:var(--portico-radius-3xl);
  background:var(--portico-color-bg-200);font-size:var(--portico-font-size-sm);font-weight:600}
.token-pick:hover{background:var(--portico-color-bg-300)}
.max{font-size:var(--portico-font-size-xs);font-weight:700;color:var(--portico-accent-text);padding:2px 6px;border-radius:var(--portico-radius-xs)}
.max:hover{background:color-mix(in srgb,var(--portico-accent) 12%,transparent)}
.hint{font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200);font-variant-numeric:tabular-nums}
.hint.error{color:var(--portico-color-error-100)}
.receiver-card{display:flex;align-items:center;gap:10px;font-size:var(--portico-font-size-sm)}
.receiver-card .main{display:flex;flex-direction:column;min-width:0}
.receiver-card .primary{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.send-arrow{display:flex;justify-content:center;margin:-16px 0;position:relative;z-index:1}
.send-arrow span{display:inline-flex;width:32px;height:32px;border-radius:var(--portico-radius-m);align-items:center;justify-content:center;
  background:var(--portico-color-bg-200);border:4px solid var(--portico-color-bg-125);color:var(--portico-color-fg-200)}
.preview-amount{display:flex;align-items:center;gap:12px}
.preview-amount .value{font-size:var(--portico-font-size-title-sm);font-weight:600}
.details{display:flex;flex-direction:column;gap:10px;margin:0;padding:12px;border-radius:var(--portico-radius-l);background:var(--portico-color-bg-150);
  font-size:var(--portico-font-size-sm)}
.details dt{color:var(--portico-color-fg-200)}
.details dd{margin:0;font-weight:600;text-align:end}
.actions{display:flex;gap:8px;margin-top:4px}
.actions .button{flex:1}
.token-row{width:100%}
.token-row .end{display:flex;flex-direction:column;text-align:end;font-variant-numeric:tabular-nums}
`
