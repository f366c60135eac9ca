import type { Messages } from './en.js'

export const zhCN = {} satisfies Partial<Messages>
