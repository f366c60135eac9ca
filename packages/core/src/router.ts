import type { RouterData, RouterStore } from './stores/router.js'
import type { View } from './views.js'

/** SPEC §2 'Navigation': push ignores a view equal to the current one. */
export function push(router: RouterStore, view: View, data?: RouterData) {
  const { view: current, history } = router.getState()
  if (view === current) return
  router.setState({ view, history: [...history, view], data })
}

/** SPEC §2 'Navigation': replace ignores a view equal to the last history entry. */
export function replace(router: RouterStore, view: View, data?: RouterData) {
  const { history } = router.getState()
  if (history.at(-1) === view) return
  router.setState({ view, history: [...history.slice(0, -1), view], data })
}

/** SPEC §2 'Navigation': reset clears the history. */
export function reset(router: RouterStore, view: View, data?: RouterData) {
  router.setState({ view, history: [view], data })
}
