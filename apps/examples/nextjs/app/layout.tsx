import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: 'Portico + Next.js',
  description: 'Portico’s ConnectButton in a server-rendered Next.js page',
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers()
  const host = requestHeaders.get('host') ?? '127.0.0.1:3000'
  const origin = `${requestHeaders.get('x-forwarded-proto') ?? 'http'}://${host}`
  return (
    <html lang="en">
      <body>
        <Providers cookie={requestHeaders.get('cookie')} origin={origin}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
