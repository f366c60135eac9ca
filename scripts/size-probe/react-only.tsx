// Baseline: React 19 and a button, nothing else.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<button>Connect Wallet</button>)
