import { z } from 'zod'
import { nonNegativeInt, port, positiveInt, programmatic, secret, stringList, httpUrl } from './fields.js'

/** Listening, logs, metrics, limits: how the process meets the network. */
export const httpShape = {
  host: z.string().min(1).default('127.0.0.1').describe('Listen address (0.0.0.0 for every interface, e.g. in a container). Flag --host.'),
  port: port(0).default(8787).describe('Listen port; 0 picks a free one. Flag --port.'),
  publicUrl: httpUrl()
    .optional()
    .describe('The URL clients reach this server at (links in mails and onramp pages, icons). Default http://<host>:<port>. Flag --public-url.'),
  trustProxy: stringList().default([]).describe('Proxies (CIDRs or addresses) whose X-Forwarded-For names the client; none by default. Flag --trust-proxy.'),
  shutdownDeadlineMs: nonNegativeInt().default(10_000).describe('How long a graceful stop (SIGTERM) lets in-flight requests finish, in ms.'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('pino log level.'),
  logDestination: programmatic(z.custom<import('pino').DestinationStream>().optional()).describe('Where log lines go instead of stdout (tests, embedding).'),
  metrics: z
    .strictObject({
      allow: stringList().default(['127.0.0.1', '::1']).describe('CIDRs or addresses that may read /metrics (loopback by default).'),
      token: secret(z.string().min(16, { error: 'expected at least 16 characters' }).optional()).describe(
        'A bearer token that may read /metrics from anywhere.',
      ),
    })
    .default({ allow: ['127.0.0.1', '::1'] })
    .describe('Who may read /metrics.'),
  bodyLimitBytes: positiveInt()
    .optional()
    .describe(
      'Largest request body in bytes (default 65536); larger ones get 413. Chain reads (POST /v1/rpc/{caip2}) take up to 512 KiB, or this when larger.',
    ),
  rateLimits: z
    .strictObject({
      perIpPerMinute: positiveInt().default(1200).describe('API requests per client address (IPv4, or IPv6 /64) per minute.'),
      perProjectPerMinute: positiveInt().default(12000).describe('API requests per project per minute.'),
      rpcPerIpPerMinute: positiveInt().optional().describe('Chain reads through POST /v1/rpc/{caip2} per client address per minute (600 when unset).'),
    })
    .default({ perIpPerMinute: 1200, perProjectPerMinute: 12000 })
    .describe('Request limits (429 with Retry-After above them).'),
  outboundAllowOrigins: stringList()
    .optional()
    .describe('Origins exempt from the outbound fetch guard (loopback, private addresses). Development only: refused without --dev.'),
  ipfsGateway: httpUrl().optional().describe('Base URL ipfs:// metadata is fetched through (https://gateway.example/ipfs/); ipfs:// is refused without one.'),
  devRoutes: z.boolean().optional().describe('Development routes under /dev/ (analytics inbox, mail catcher inbox). Set by --dev; refused without it.'),
}
