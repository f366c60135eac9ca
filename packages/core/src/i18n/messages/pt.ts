import type { Messages } from './en.js'

export const pt = {} satisfies Partial<Messages>
