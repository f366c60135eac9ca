import type { Portico } from '../../portico.js'
import { replace } from '../../router.js'
import { accountView } from '../accountView.js'

/** Keeps an open modal in step with the wallet's chain: Account ⇄ UnsupportedChain. */
export function syncUnsupportedChainView(portico: Portico) {
  const { router, modal } = portico.stores
  if (!modal.getState().open) return
  const { view } = router.getState()
  if (view === 'Account' || view === 'UnsupportedChain') {
    const wanted = accountView(portico)
    if (wanted !== view) replace(router, wanted)
  }
}
