// The adapter's on-demand chunk: everything that needs @solana/kit, imported on first use.
export { getSolBalance, type ChainContext } from './rpc.js'
export { prepareTransfer, estimateTransferFee } from './transfer.js'
export { sendWire, signatureToString, waitForTransaction } from './confirm.js'
