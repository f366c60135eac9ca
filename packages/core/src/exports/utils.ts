// @portico/core, formatting, retry, analytics and the HTTP client. Explicit named re-exports, re-exported by index.ts.
export { formatUnits, formatUsd, shortenAddress, truncateDecimals } from '../utils/format.js'
export { retry, type RetryParameters } from '../utils/retry.js'
export { track, type AnalyticsEvent } from '../actions/internal/track.js'
export { reportError } from '../actions/internal/reportError.js'
export { createHttpClient, HttpRequestError, type HttpClient, type RequestParameters } from '../api/http.js'
export { isWalletAssetsResponseValid, type WalletAsset } from '../api/walletAssets.js'
export { parseUnits } from '../utils/format.js'
export { totalBalanceUsd } from '../utils/format.js'
