/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PORTICO_API_URL?: string
  readonly VITE_PORTICO_PROJECT_ID?: string
  readonly VITE_PORTICO_FRAME_URL?: string
  readonly VITE_PORTICO_RELAY_URL?: string
  readonly VITE_DEVNET_RPC_31337?: string
  readonly VITE_DEVNET_RPC_31338?: string
  readonly VITE_USDC_ADDRESS?: string
}
