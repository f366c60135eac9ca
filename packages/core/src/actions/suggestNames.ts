import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { Time } from '../spec/defaults.js'
import { isValidName, toNameLabel } from '../spec/names.js'
import type { Message } from '../i18n/message.js'
import type { Portico } from '../portico.js'

/** What the user typed: a label, or a full name. */
export interface SuggestNamesParameters {
  input: string
}
export type SuggestNamesReturnType = void
/** Never throws: a failure is stored in `names.error` (a key and parameters; the server's own words as 'error.external'). */
export type SuggestNamesErrorType = never

const SuggestionsSchema = v.object({ suggestions: v.array(v.object({ name: v.string(), registered: v.boolean() })) })
const invalidName: Message = { key: 'nameText.invalidName' }

/** Suggestions as the user types (after the default 500 ms debounce), with availability. */
export function suggestNames(portico: Portico, parameters: SuggestNamesParameters): SuggestNamesReturnType
/** @deprecated use `suggestNames(portico, { input })` */
export function suggestNames(portico: Portico, input: string): SuggestNamesReturnType
export function suggestNames(portico: Portico, parameters: SuggestNamesParameters | string): SuggestNamesReturnType {
  const { input } = typeof parameters === 'object' ? parameters : { input: parameters }
  const { names } = portico.stores
  names.setState({ input, error: undefined })
  const pending = portico.timers.get('nameSuggestions')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  const label = toNameLabel(input, portico.options.nameSuffix)
  if (!portico.api || !isValidName(label)) {
    names.setState({ suggestions: [], suggestionsLoading: false, error: label && !isValidName(label) ? invalidName : undefined })
    return
  }
  names.setState({ suggestionsLoading: true })
  portico.timers.set(
    'nameSuggestions',
    portico.clock.setTimeout(async () => {
      portico.timers.delete('nameSuggestions')
      try {
        const json = await portico.api!.get({ path: `v1/profile/suggestions/${encodeURIComponent(label)}` })
        if (names.getState().input !== input) return
        names.setState({ suggestions: v.parse(SuggestionsSchema, json).suggestions, suggestionsLoading: false })
      } catch (error) {
        const reason = error instanceof HttpRequestError ? error.reason : undefined
        const message: Message = reason ? { key: 'error.external', params: { text: reason } } : { key: 'error.errorFetchingNameSuggestions' }
        names.setState({ suggestionsLoading: false, suggestions: [], error: message })
      }
    }, Time.defaultDebounceMs),
  )
}
