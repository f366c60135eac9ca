import { Time } from '@portico/core'

/** The modal's stylesheet; it lives in the modal's shadow root (SPEC §2 'Layout and timing'). */
export const modalCss = `
*{box-sizing:border-box}
button{all:unset;box-sizing:border-box;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.overlay{position:fixed;inset:0;z-index:var(--portico-z-index);background:var(--portico-color-overlay);display:flex;
  align-items:center;justify-content:center;font-family:var(--portico-font-family);color:var(--portico-color-fg-100);
  animation:backdrop-in ${Time.viewTransitionMs}ms ease-out;-webkit-font-smoothing:antialiased}
.card{position:relative;width:370px;max-width:100%;max-height:calc(100vh - 32px);display:flex;flex-direction:column;
  background:var(--portico-color-bg-125);border:1px solid var(--portico-color-border);border-radius:var(--portico-radius-3xl);
  box-shadow:0 12px 40px rgba(0,0,0,.3);overflow:hidden;animation:rise ${Time.viewTransitionMs}ms ease-out}
.card.shake{animation:shake ${Time.shakeMs}ms cubic-bezier(.36,.07,.19,.97)}
.grabber{display:none}
.card.settling{transition:transform ${Time.viewTransitionMs}ms ease-out}
@media (max-width:430px){
  .overlay{align-items:flex-end}
  .card{width:100%;border-radius:var(--portico-radius-3xl) var(--portico-radius-3xl) 0 0;border-bottom:none;max-height:90vh;
    animation:sheet-up ${Time.viewTransitionMs}ms ease-out}
  /* The sheet is dragged down by its grabber or header (useSwipeToClose): no browser panning there. */
  .grabber{display:block;flex:none;width:36px;height:4px;margin:8px auto -6px;border-radius:2px;background:var(--portico-color-bg-300);touch-action:none}
  .header{touch-action:none}
  /* Touch targets of at least 44 × 44 px. */
  button,a[href],[role=tab],.card .input,.card .field input{min-height:44px;min-width:44px}
  .icon-button{width:44px;height:44px}
}
.header{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:14px 14px 6px;min-height:56px}
.header h2{margin:0;font-size:var(--portico-font-size-md);font-weight:600;flex:1;text-align:center;
  animation:fade-in ${Time.headerTextMs}ms ease-out;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:var(--portico-radius-s);color:var(--portico-color-fg-200)}
.icon-button:hover{background:var(--portico-color-bg-200);color:var(--portico-color-fg-100)}
.icon-button[hidden]{visibility:hidden;display:inline-flex}
.body{transition:height ${Time.heightChangeMs}ms ease;overflow:hidden}
.body-inner{padding:6px 14px 14px;overflow-y:auto;max-height:calc(90vh - 120px)}
.view{animation:view-in ${Time.viewTransitionMs}ms ease-out}
.list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.list-item{display:flex;align-items:center;gap:12px;width:100%;padding:8px 12px 8px 8px;min-height:56px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);color:var(--portico-color-fg-100);font-size:var(--portico-font-size-sm);font-weight:500}
.list-item:hover{background:var(--portico-color-bg-200)}
.list-item[aria-current=true]{outline:1px solid var(--portico-accent)}
.list-item .name{flex:1;text-align:start}
.list-item img,.wallet-image{width:40px;height:40px;border-radius:var(--portico-radius-m);object-fit:cover;background:var(--portico-color-bg-200)}
.tag{font-size:var(--portico-font-size-xxs);font-weight:600;padding:4px 6px;border-radius:var(--portico-radius-xs);
  background:var(--portico-color-bg-200);color:var(--portico-color-fg-200);text-transform:uppercase;letter-spacing:.02em}
.tag.accent{background:color-mix(in srgb,var(--portico-accent) 15%,transparent);color:var(--portico-accent-text)}
.tag.success{background:color-mix(in srgb,var(--portico-color-success-100) 15%,transparent);color:color-mix(in srgb,var(--portico-color-success-100) 70%,var(--portico-color-fg-100))}
.network-groups{display:flex;flex-direction:column;gap:12px}
.group-heading{display:flex;align-items:center;justify-content:space-between;margin:0;padding:0 12px 0 8px;font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-fg-200);text-transform:uppercase;letter-spacing:.04em}
.center{display:flex;flex-direction:column;align-items:center;text-align:center;gap:12px;padding:16px 8px 8px}
.title{font-size:var(--portico-font-size-md);font-weight:600;margin:0}
.text{font-size:var(--portico-font-size-sm);color:var(--portico-color-fg-200);margin:0;line-height:1.4}
.error{color:var(--portico-color-error-100)}
.balance{margin:0;font-size:var(--portico-font-size-md);font-weight:500;color:var(--portico-color-fg-150);min-height:20px}
.button{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:40px;padding:0 16px;border-radius:var(--portico-radius-3xl);
  font-size:var(--portico-font-size-sm);font-weight:600;background:var(--portico-accent-strong);color:#fff}
.button:hover{filter:brightness(1.1)}
.button.secondary{background:var(--portico-color-bg-200);color:var(--portico-color-fg-100)}
.button.full{width:100%}
.button[disabled]{opacity:.5;cursor:default}
.ring{position:relative;display:inline-flex;padding:6px;border-radius:var(--portico-radius-3xl)}
.ring::after{content:"";position:absolute;inset:0;border-radius:inherit;border:3px solid transparent;border-top-color:var(--portico-accent);
  animation:spin 1s linear infinite}
.ring.error::after{animation:none;border-color:var(--portico-color-error-100)}
.ring img,.ring .network-image,.ring .wallet-image{width:72px;height:72px;border-radius:var(--portico-radius-xl)}
.spinner{display:inline-block;border-radius:50%;border:2px solid var(--portico-color-bg-300);border-top-color:var(--portico-accent);animation:spin .8s linear infinite}
.network-image{border-radius:50%;flex:none}
.monogram{display:inline-flex;align-items:center;justify-content:center;color:#fff;font-weight:700}
.avatar{display:inline-block;border-radius:50%;flex:none}
.footer{border-top:1px solid var(--portico-color-border);padding:12px 16px 14px;text-align:center;font-size:var(--portico-font-size-xs);
  color:var(--portico-color-fg-200);line-height:1.4}
.footer a{color:var(--portico-color-fg-100);text-decoration:none;font-weight:600}
.footer+.branding{border-top:0;padding-top:0}
.branding{display:flex;justify-content:center;align-items:center;gap:4px;padding-block:6px 8px}
.branding a{display:inline-flex;align-items:center;gap:4px}
.legal-checkbox{display:flex;align-items:center;gap:10px;text-align:start;cursor:pointer;min-height:44px}
.legal-checkbox input{flex:none;width:20px;height:20px;margin:0;accent-color:var(--portico-accent-strong,var(--portico-accent))}
.list-item[aria-disabled=true]{opacity:.5;cursor:not-allowed}
.snack{position:absolute;left:50%;bottom:16px;transform:translateX(-50%);display:flex;align-items:center;gap:8px;padding:8px 14px;
  border-radius:var(--portico-radius-3xl);background:var(--portico-color-bg-200);border:1px solid var(--portico-color-border);
  font-size:var(--portico-font-size-xs);font-weight:500;white-space:nowrap;animation:view-in ${Time.viewTransitionMs}ms ease-out;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.snack.error{color:var(--portico-color-error-100)}
.snack.success{color:var(--portico-color-success-100)}
.qr-box{display:flex;align-items:center;justify-content:center;padding:12px;border-radius:var(--portico-radius-xl);background:#fff}
.qr-box .qr{display:block}
.qr-placeholder{width:232px;height:232px;display:flex;align-items:center;justify-content:center}
.input{all:unset;box-sizing:border-box;width:100%;height:40px;padding:0 14px;margin-bottom:12px;border-radius:var(--portico-radius-m);
  background:var(--portico-color-bg-150);border:1px solid var(--portico-color-border);color:var(--portico-color-fg-100);font-size:var(--portico-font-size-sm)}
.input:focus-visible{outline:2px solid var(--portico-accent)}
.wallet-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;margin:0;padding:0;list-style:none}
.wallet-tile{display:flex;flex-direction:column;align-items:center;gap:6px;width:100%;padding:10px 4px;border-radius:var(--portico-radius-m);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-xxs);color:var(--portico-color-fg-100);text-align:center}
.wallet-tile:hover{background:var(--portico-color-bg-200)}
.wallet-tile img,.wallet-tile .wallet-image{width:48px;height:48px;border-radius:var(--portico-radius-m)}
.wallet-tile span{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.alert{display:flex;align-items:center;gap:8px;margin:0 14px 8px;padding:10px 12px;border-radius:var(--portico-radius-m);
  font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-error-100);
  background:color-mix(in srgb,var(--portico-color-error-100) 12%,transparent)}
.alert.warning{color:#c98a00;background:color-mix(in srgb,#c98a00 12%,transparent)}
.token-icon{border-radius:50%;flex:none;object-fit:cover;background:var(--portico-color-bg-200)}
.muted{color:var(--portico-color-fg-200)}
.row{display:flex;align-items:center;justify-content:space-between;gap:8px}
.field{display:flex;flex-direction:column;gap:8px;padding:12px;border-radius:var(--portico-radius-l);background:var(--portico-color-bg-150);
  border:1px solid transparent}
.field:focus-within{border-color:var(--portico-accent)}
.field input{all:unset;box-sizing:border-box;width:100%;min-width:0;color:var(--portico-color-fg-100);font-family:inherit}
.field input::placeholder{color:var(--portico-color-fg-300)}
.field label,.field .label{font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-200);font-weight:500}
.empty{display:flex;flex-direction:column;align-items:center;gap:8px;padding:28px 12px;text-align:center;
  color:var(--portico-color-fg-200);font-size:var(--portico-font-size-sm)}
.snack.loading{color:var(--portico-color-fg-100)}
.card-wrap{position:relative;display:contents}
/* Rendered ahead (Modal.tsx), the dialog waits laid out and hidden. (Not moved aside with a transform, which
   would restyle less on reveal: a transformed ancestor defeats the secure frame's visibility check against
   redress — e2e/approval-redress.) */
.ahead{visibility:hidden;pointer-events:none}
/* Only the backdrop and the card animate as the dialog opens; the title and view are shown as they are. */
.ahead .overlay,.ahead .card{animation:none}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@keyframes spin{to{transform:rotate(360deg)}}
@keyframes fade-in{from{opacity:0}}
/* The backdrop fades in, not the dialog: the card is seen in the very first frame of the open. */
@keyframes backdrop-in{from{background-color:transparent}}
@keyframes rise{from{opacity:.5;transform:translateY(8px) scale(.98)}}
@keyframes sheet-up{from{transform:translateY(100%)}}
@keyframes view-in{from{opacity:0;transform:translateX(6px)}}
@keyframes view-in-rtl{from{opacity:0;transform:translateX(-6px)}}
[dir=rtl] .view{animation-name:view-in-rtl}
[dir=rtl] .rtl-mirror{transform:scaleX(-1)}
@keyframes shake{10%,90%{transform:translateX(-1px)}20%,80%{transform:translateX(2px)}30%,50%,70%{transform:translateX(-4px)}40%,60%{transform:translateX(4px)}}
@media (prefers-reduced-motion:reduce){*{animation-duration:1ms!important;transition-duration:1ms!important}}
`
