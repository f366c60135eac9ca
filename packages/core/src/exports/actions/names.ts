// @portico/core, name registration. Explicit named re-exports, re-exported by index.ts.
export { isValidName } from '../../spec/names.js'
export { NameRecordSchema } from '../../api/schemas.js'
export { registerName, type RegisterNameParameters, type RegisterNameErrorType, type RegisterNameReturnType } from '../../actions/registerName.js'
export { suggestNames, type SuggestNamesParameters, type SuggestNamesReturnType, type SuggestNamesErrorType } from '../../actions/suggestNames.js'
export { fullName, canRegisterName, getNameAvailability, type NameAvailability } from '../../selectors/nameSelectors.js'
export { NameText } from '../../spec/names.js'
export type { NamesState } from '../../stores/names.js'
