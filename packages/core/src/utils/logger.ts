export type LogLevel = 'debug' | 'warn' | 'error'
export interface Logger {
  debug(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
}

const rank: Record<LogLevel, number> = { debug: 0, warn: 1, error: 2 }

/** SPEC §9: the default log level is error; `debug: true` lowers it. */
export function createLogger(level: LogLevel): Logger {
  const at =
    (l: LogLevel) =>
    (...args: unknown[]) => {
      if (rank[l] >= rank[level]) console[l === 'debug' ? 'debug' : l]('[portico]', ...args)
    }
  return { debug: at('debug'), warn: at('warn'), error: at('error') }
}
