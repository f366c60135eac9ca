/** Styles of the sign-in steps (SIWXSignMessage, DataCapture), shipped with their chunks. */
export const siwxCss = `
.siwx{display:flex;flex-direction:column;align-items:center;text-align:center;gap:12px;padding:8px 4px 4px}
.siwx-pair{display:flex;align-items:center;justify-content:center;padding:4px 0 2px}
.siwx-pair > *{width:64px;height:64px;border-radius:50%;border:4px solid var(--portico-color-bg-125);box-sizing:content-box}
.siwx-pair > * + *{margin-inline-start:-14px}
.siwx-pair img.dapp-icon{object-fit:cover;background:var(--portico-color-bg-200)}
.siwx-pair .dapp-icon.monogram{font-size:26px}
.siwx-account{display:inline-flex;align-items:center;gap:8px;padding:6px 12px 6px 6px;border-radius:var(--portico-radius-3xl);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm);font-weight:600}
.siwx-account .muted{font-weight:500}
.siwx-actions{display:flex;gap:8px;width:100%;margin-top:4px}
.siwx-actions .button{flex:1}
.siwx-status{min-height:18px;font-size:var(--portico-font-size-xs);margin:0}
.siwx-form{display:flex;flex-direction:column;gap:10px;width:100%;text-align:start}
.siwx-form .field.invalid{border-color:var(--portico-color-error-100)}
.siwx-form .error-text{font-size:var(--portico-font-size-xs);margin:0;min-height:16px}
.siwx-icon{display:inline-flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:50%;
  background:color-mix(in srgb,var(--portico-accent) 15%,transparent);color:var(--portico-accent-text)}
.siwx-icon svg{width:24px;height:24px}
.link-button{font-size:var(--portico-font-size-sm);font-weight:600;color:var(--portico-color-fg-200);padding:6px 10px;border-radius:var(--portico-radius-s);align-self:center}
.link-button:hover{color:var(--portico-color-fg-100);background:var(--portico-color-bg-150)}
`
