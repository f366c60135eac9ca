/** Styles of the email, social and embedded-wallet views (inside the modal's shadow root). */
export const embeddedCss = `
.login{display:flex;flex-direction:column;gap:12px}
.login-divider{display:flex;align-items:center;gap:10px;color:var(--portico-color-fg-200);font-size:var(--portico-font-size-xs);margin:2px 0}
.login-divider::before,.login-divider::after{content:"";flex:1;height:1px;background:var(--portico-color-border)}
.email-form{display:flex;flex-direction:column;gap:6px}
.email-row{display:flex;align-items:center;gap:8px;height:56px;padding:0 8px 0 14px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);border:1px solid var(--portico-color-border)}
.email-row:focus-within{border-color:var(--portico-accent)}
.email-row.invalid{border-color:var(--portico-color-error-100)}
.email-row svg.lead{width:20px;height:20px;flex:none;color:var(--portico-color-fg-200)}
.email-row input{all:unset;box-sizing:border-box;flex:1;min-width:0;height:100%;text-align:start;color:var(--portico-color-fg-100);
  font-family:inherit;font-size:var(--portico-font-size-sm)}
.email-row input::placeholder{color:var(--portico-color-fg-300)}
.email-submit{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;flex:none;border-radius:50%;
  background:var(--portico-accent-strong);color:#fff}
.email-submit[disabled]{opacity:.45;cursor:default}
.field-error{margin:0;min-height:0;font-size:var(--portico-font-size-xs);color:var(--portico-color-error-100);line-height:1.4}
.field-error:empty{display:none}
.frame-failed{display:flex;flex-direction:column;gap:10px;padding:12px;border-radius:var(--portico-radius-l);
  background:color-mix(in srgb,var(--portico-color-error-100) 10%,transparent);border:1px solid color-mix(in srgb,var(--portico-color-error-100) 35%,transparent)}
.frame-failed-text{display:flex;align-items:flex-start;gap:8px;margin:0;font-size:var(--portico-font-size-xs);line-height:1.45;color:var(--portico-color-fg-100);text-align:start}
.frame-failed-text svg{width:16px;height:16px;flex:none;margin-top:1px;color:var(--portico-color-error-100)}
.storage-access-slot{height:44px}
.frame-retry{display:inline-flex;align-items:center;justify-content:center;height:40px;padding:0 16px;border-radius:var(--portico-radius-m);
  background:var(--portico-color-bg-200);color:var(--portico-color-fg-100);font-size:var(--portico-font-size-sm);font-weight:600}
.frame-retry:hover{background:var(--portico-color-bg-300)}
.frame-retry:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.socials{display:flex;flex-direction:column;gap:8px}
.social-wide{display:flex;align-items:center;gap:12px;width:100%;height:56px;padding:0 12px 0 8px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm);font-weight:500;color:var(--portico-color-fg-100)}
.social-wide:hover,.social-tile:hover{background:var(--portico-color-bg-200)}
.social-wide .name{flex:1;text-align:start}
.social-row{display:grid;grid-template-columns:repeat(auto-fit,minmax(44px,1fr));gap:8px}
.social-tile{display:inline-flex;align-items:center;justify-content:center;height:48px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150)}
.social-icon{width:32px;height:32px;border-radius:var(--portico-radius-s);flex:none}
.social-ring .social-icon{display:block;width:72px;height:72px;border-radius:var(--portico-radius-xl)}
.social-wide .social-icon{width:40px;height:40px;border-radius:var(--portico-radius-m)}
.embedded-step{display:flex;flex-direction:column;align-items:center;text-align:center;gap:12px;padding:8px 4px 4px}
.embedded-step .text strong{color:var(--portico-color-fg-100);font-weight:600;overflow-wrap:anywhere}
.step-icon{display:inline-flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:var(--portico-radius-xl);
  background:color-mix(in srgb,var(--portico-accent) 14%,transparent);color:var(--portico-accent-text)}
.step-icon svg{width:28px;height:28px}
.otp-form{display:flex;flex-direction:column;align-items:stretch;gap:10px;width:100%}
.otp-input{all:unset;box-sizing:border-box;width:100%;height:56px;text-align:center;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);border:1px solid var(--portico-color-border);color:var(--portico-color-fg-100);
  font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:26px;letter-spacing:.4em;padding-inline-start:.4em}
.otp-input:focus{border-color:var(--portico-accent);outline:2px solid color-mix(in srgb,var(--portico-accent) 35%,transparent)}
.otp-input[aria-invalid=true]{border-color:var(--portico-color-error-100)}
.otp-input::placeholder{color:var(--portico-color-fg-300);letter-spacing:.4em}
.link-button{all:unset;cursor:pointer;align-self:center;color:var(--portico-accent-text);font-size:var(--portico-font-size-sm);font-weight:600;
  padding:4px 8px;border-radius:var(--portico-radius-s)}
.link-button:focus-visible{outline:2px solid var(--portico-accent)}
.link-button[aria-disabled=true]{color:var(--portico-color-fg-300);cursor:default}
.approve-frame-slot{position:relative;height:420px;display:flex;align-items:center;justify-content:center}
.approve-frame-slot.narrow{height:min(420px,calc(90vh - 140px))}
.signed-in{display:flex;align-items:center;gap:10px;padding:10px 12px;margin:4px 0 10px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm)}
.signed-in .who{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;text-align:start}
.signed-in svg{width:18px;height:18px;flex:none;color:var(--portico-color-fg-200)}
.signed-in .social-icon{width:22px;height:22px;border-radius:6px}
.match-code{display:flex;flex-direction:column;align-items:center;gap:4px;width:100%;padding:10px 12px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200)}
.match-code strong{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:24px;letter-spacing:.12em;color:var(--portico-color-fg-100)}
`
