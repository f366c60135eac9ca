import { openModal, shortenAddress } from '@portico/core'
import { useRef, type MouseEvent, type PointerEvent } from 'react'
import { usePortico, usePorticoStore } from '../context.js'
import { usePorticoAccount } from '../hooks/usePorticoAccount.js'
import { preloadModal } from '../modal/loadModal.js'
import { setOpener } from '../opener.js'
import { useFormatAmount, useT } from '../i18n/context.js'
import { ShadowHost } from './ShadowHost.js'

const css = `
button{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;height:40px;padding:0 16px;
  border-radius:var(--portico-radius-3xl);font:600 15px/1 var(--portico-font-family);cursor:pointer;
  background:var(--portico-accent-strong);color:#fff;transition:filter .15s}
button:hover{filter:brightness(1.1)}
button:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
button.account{background:var(--portico-color-bg-150);color:var(--portico-color-fg-100);border:1px solid var(--portico-color-border);padding:0 6px 0 12px}
.balance{font-weight:500;color:var(--portico-color-fg-150)}
.address{background:var(--portico-color-bg-200);border-radius:var(--portico-radius-3xl);padding:7px 10px}
button[aria-busy=true]{opacity:.75}
button,span{white-space:nowrap}
@media (max-width:480px){.balance{display:none}}
`

export interface ConnectButtonProps {
  /** Defaults to 'Connect Wallet' in the modal's language. */
  label?: string
  /** Show the native balance beside the address when connected. */
  balance?: 'show' | 'hide'
}

/** The host page's button: 'Connect Wallet' when disconnected, balance and address when connected. */
export function ConnectButton({ label, balance = 'show' }: ConnectButtonProps) {
  const portico = usePortico()
  const t = useT()
  const amount = useFormatAmount()
  const account = usePorticoAccount()
  const modalOpen = usePorticoStore('modal', (s) => s.open)
  const busy = account.connectionStatus === 'reconnecting' || (account.connectionStatus === 'connecting' && modalOpen)
  // A mouse opens the modal as the button is pressed, not when it is released: a click's press and
  // release are 50-150 ms apart, which the user would wait on. Touch and pen keep the click (a press
  // may start a scroll), and so do the keyboard and assistive technology (a click with detail 0).
  const pressed = useRef(false)
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    preloadModal()
    pressed.current = event.pointerType === 'mouse' && event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
    if (pressed.current) open(event, 'press')
  }
  // The press's own mousedown would move focus back to the button, out of the dialog just opened.
  const keepFocus = (event: MouseEvent<HTMLButtonElement>) => {
    if (pressed.current) event.preventDefault()
  }
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // The release of a press that opened the modal already (it lands on the dialog, rarely here).
    if (event.detail > 0 && pressed.current) return
    open(event)
  }
  // Where focus returns on close. A mouse press does not focus the button (its mousedown is held
  // back, and focusing would restyle the page inside the open's first frame): the dialog is told.
  const open = (event: MouseEvent<HTMLButtonElement>, press?: 'press') => {
    if (press) setOpener(portico, event.currentTarget)
    else event.currentTarget.focus()
    openModal(portico)
  }
  // The pointer or focus on the button: the modal's code is fetched now if the page has not done it yet.
  const intent = { onPointerEnter: preloadModal, onPointerDown: press, onMouseDown: keepFocus, onFocus: preloadModal, onClick: click }
  return (
    <ShadowHost css={css} display="inline-block" testId="portico-connect-button">
      {account.isConnected && account.address ? (
        <button className="account" {...intent} aria-label={t('button.account', { address: account.address })}>
          {balance === 'show' && account.balance !== undefined && (
            <span className="balance">
              {amount(account.balance)} {account.balanceSymbol}
            </span>
          )}
          <span className="address">{account.profileName ?? shortenAddress(account.address)}</span>
        </button>
      ) : (
        <button {...intent} aria-busy={busy} aria-haspopup="dialog">
          {account.connectionStatus === 'reconnecting' ? t('button.reconnecting') : busy ? t('button.connecting') : (label ?? t('button.connect'))}
        </button>
      )}
    </ShadowHost>
  )
}
