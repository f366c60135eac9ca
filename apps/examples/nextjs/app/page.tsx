import { Wallet } from './wallet'

// Rendered on the server for each request (the layout reads the request's cookies).
export default function Home() {
  return (
    <main>
      <h1>Portico in a Next.js App Router page</h1>
      <p>This text and the layout are rendered on the server; the wallet panel below hydrates on the client.</p>
      <Wallet />
    </main>
  )
}
