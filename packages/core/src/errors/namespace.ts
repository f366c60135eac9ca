import { PorticoError, type PorticoErrorOptions } from './base.js'
import { ConnectionErrorText as ErrorText } from '../spec/connectionErrorText.js'

/** No network of the namespace is configured (switchActiveNamespace, in every page's first load). */
export class NamespaceNotConfiguredError extends PorticoError {
  override name = 'NamespaceNotConfiguredError'
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.namespaceNotConfigured', text: ErrorText.namespaceNotConfigured }, options)
  }
}
