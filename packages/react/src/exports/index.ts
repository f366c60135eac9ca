'use client'

// Public API of @portico/react.
export { PorticoProvider, type PorticoProviderProps } from '../PorticoProvider.js'
export { ConnectButton, type ConnectButtonProps } from '../components/ConnectButton.js'
export { usePortico, usePorticoStore } from '../context.js'
export { usePorticoSelector, shallowEqual } from '../hooks/usePorticoSelector.js'
export { usePorticoModal } from '../hooks/usePorticoModal.js'
export { usePorticoAccount } from '../hooks/usePorticoAccount.js'
export { usePorticoNetwork } from '../hooks/usePorticoNetwork.js'
export { usePorticoTheme } from '../hooks/usePorticoTheme.js'
export { usePorticoSiwx } from '../hooks/usePorticoSiwx.js'
export { usePorticoProvider } from '../hooks/usePorticoProvider.js'
