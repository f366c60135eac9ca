import { z } from 'zod'
import { httpUrl, positiveInt, secret } from './fields.js'

/** The wallet registry: where a production server syncs it from (the bundled list serves otherwise). */
export const registryShape = {
  walletRegistry: z
    .strictObject({
      url: httpUrl().describe('The API root, e.g. https://explorer.example/v3 (GET /wallets?projectId=&entries=&page= and /logo/md/{image_id}).'),
      projectId: secret(z.string().min(1)).describe('Sent as the projectId query parameter (the explorer API key).'),
      intervalMs: positiveInt()
        .default(6 * 3600_000)
        .describe('How often the registry is synced (6 h); the first sync runs at start.'),
      timeoutMs: positiveInt().default(10_000).describe('Per request; a failed sync keeps the wallets the database has.'),
      pageSize: positiveInt().default(100).describe('Wallets asked for per page.'),
      maxIconBytes: positiveInt()
        .default(256 * 1024)
        .describe('Larger icons are not mirrored (the wallet keeps a generated icon).'),
    })
    .optional()
    .describe(
      'Sync the wallet registry from a WalletConnect-explorer-compatible API into the database on a schedule, mirroring its icons (PNG, JPEG, WebP) that the server then serves itself. Unset: the bundled list (src/registry/wallets.json).',
    ),
}
