import { PorticoError, type PorticoErrorOptions } from './base.js'

/** A host's `createPortico` options are wrong; the message says which option and why. */
export class InvalidOptionsError extends PorticoError {
  override name = 'InvalidOptionsError'
  constructor(issues: string[], options: PorticoErrorOptions = {}) {
    super(
      { key: 'error.invalidOptions', text: 'Invalid Portico options' },
      {
        category: 'CONFIGURATION_ERROR',
        details: issues.join('\n'),
        ...options,
      },
    )
  }
}
