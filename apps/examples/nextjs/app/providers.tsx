'use client'

import { PorticoProvider } from '@portico/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { cookieToInitialState, WagmiProvider } from 'wagmi'
import { createClients } from './config'

export function Providers({ cookie, origin, children }: { cookie: string | null; origin: string; children: ReactNode }) {
  const [{ portico, config }] = useState(() => createClients(origin))
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config} initialState={cookieToInitialState(config, cookie)}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider portico={portico}>{children}</PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
