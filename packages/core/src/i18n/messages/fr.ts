import type { Messages } from './en.js'

export const fr = {} satisfies Partial<Messages>
