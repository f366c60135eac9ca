import type { Messages } from './en.js'

export const ko = {} satisfies Partial<Messages>
