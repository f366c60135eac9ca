import type { Messages } from './en.js'

export const de = {} satisfies Partial<Messages>
