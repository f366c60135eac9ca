// Baseline: React 19 and a button, nothing else.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<button type="button">Connect Wallet</button>)
