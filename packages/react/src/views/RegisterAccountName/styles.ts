/** Styles of RegisterAccountName and RegisterAccountNameSuccess. */
export const namesCss = `
.names{display:flex;flex-direction:column;gap:10px}
.names .intro{margin:0 2px 2px}
.name-input{display:flex;align-items:baseline;font-size:var(--portico-font-size-lg);font-weight:600;overflow:hidden}
.name-input .grow{display:inline-grid;min-width:0;max-width:100%}
.name-input .grow::after{content:attr(data-value);visibility:hidden;white-space:pre;grid-area:1/1;font:inherit;overflow:hidden}
.field .name-input .grow input{grid-area:1/1;width:100%;min-width:1ch;font:inherit}
.name-suffix{flex:none;color:var(--portico-color-fg-200);white-space:nowrap}
.names .field.invalid{border-color:var(--portico-color-error-100)}
.names-hint{font-size:var(--portico-font-size-xs);margin:0 2px;min-height:16px;color:var(--portico-color-fg-200)}
.names-hint.error{color:var(--portico-color-error-100)}
.suggestions{display:flex;flex-direction:column;gap:6px;margin:0;padding:0;list-style:none}
.suggestion{display:flex;align-items:center;justify-content:space-between;gap:8px;width:100%;padding:10px 12px;border-radius:var(--portico-radius-m);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm);font-weight:600}
.suggestion:hover:not([disabled]){background:var(--portico-color-bg-200)}
.suggestion[disabled]{cursor:default;color:var(--portico-color-fg-200)}
.suggestion .label{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.suggestions-head{display:flex;align-items:center;gap:8px;font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-fg-200);
  margin:4px 2px 0;text-transform:uppercase;letter-spacing:.04em}
.tag.taken{background:color-mix(in srgb,var(--portico-color-error-100) 14%,transparent);color:var(--portico-color-error-100)}
.name-success{display:flex;flex-direction:column;align-items:center;gap:10px;text-align:center;padding:8px 4px 4px}
.name-success .badge{position:relative}
.name-success .badge .check{position:absolute;inset-inline-end:-2px;bottom:-2px;display:inline-flex;align-items:center;justify-content:center;width:24px;height:24px;
  border-radius:50%;background:var(--portico-color-success-100);color:#fff;border:3px solid var(--portico-color-bg-125)}
.name-success .registered{font-size:var(--portico-font-size-lg);font-weight:700;margin:0;word-break:break-all}
`
