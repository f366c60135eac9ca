import * as v from 'valibot'
import { ErrorText } from '../../spec/catalogue.js'
import { errorMessage } from '../../i18n/message.js'

/** SPEC §5 'Embedded wallet input': email for login and email update must be a valid address. */
export const EmailAddressSchema = v.pipe(
  v.string(ErrorText.enterValidEmail),
  v.trim(),
  v.nonEmpty(ErrorText.enterValidEmail),
  v.maxLength(254, ErrorText.invalidEmail),
  v.email(ErrorText.invalidEmail),
)

/** The schema's first problem as a message (by the issue's type, not its text): malformed or too long, else missing. */
export const emailProblem = (issue: v.BaseIssue<unknown> | undefined) =>
  errorMessage(issue?.type === 'email' || issue?.type === 'max_length' ? 'invalidEmail' : 'enterValidEmail')
