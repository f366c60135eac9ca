import { ErrorText } from '@portico/core/spec'
import { showApproval, type ApprovalContent, type ApprovalRequest } from './approval.js'
import { UserRejectedRequestError } from './errors/rpc.js'
import type { Emit } from './emit.js'

export interface ApprovalQueue {
  /** Shows the approval screen when the requests before it are decided; resolves whether the user approved. */
  approve(request: ApprovalContent, method: string): Promise<boolean>
  /** RPC_ABORT and sign-out: every waiting request rejects with UserRejectedRequestError ('Request was aborted'), the shown screen closes. */
  abortAll(): void
}

/** Unsafe requests wait here, one screen at a time; abortAll rejects them all. */
export function createApprovalQueue(opts: {
  root: HTMLElement
  emit: Emit
  screen(): Pick<ApprovalRequest, 'dappName' | 'hostOrigin' | 'account'>
}): ApprovalQueue {
  const { root, emit } = opts
  const approvals: Array<{ run(): void; abort(): void }> = []
  let current: { cancel(): void; aborted: boolean } | undefined
  return {
    approve: (request, method) =>
      new Promise<boolean>((resolve, reject) => {
        const entry = {
          run() {
            emit('RPC_APPROVAL_NEEDED', { method })
            const screen = showApproval(root, { ...request, ...opts.screen(), ...(request.account ? { account: request.account } : {}) })
            const state = { cancel: screen.cancel, aborted: false }
            current = state
            screen.decision.then((approved) => {
              current = undefined
              emit('RPC_APPROVAL_DONE', { approved: state.aborted ? false : approved })
              if (state.aborted) reject(new UserRejectedRequestError({ message: ErrorText.requestAborted }))
              else resolve(approved)
              approvals.shift()
              approvals[0]?.run()
            })
          },
          abort() {
            reject(new UserRejectedRequestError({ message: ErrorText.requestAborted }))
          },
        }
        approvals.push(entry)
        if (approvals.length === 1) entry.run()
      }),
    abortAll() {
      const queued = approvals.splice(1)
      for (const entry of queued) entry.abort()
      if (current) {
        current.aborted = true
        current.cancel()
      }
    },
  }
}
