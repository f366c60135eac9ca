import { ErrorText } from './catalogue.js'

/** SPEC §5 'Embedded wallet input': the alert texts of a bad email, on both sides of the frame. */
export const EmailTexts = {
  invalid: ErrorText.invalidEmail,
  pleaseEnterValid: ErrorText.enterValidEmail,
} as const

/** The one-time code of an email login or update: 6 to 8 digits (Portico's server sends 6). */
export const OTP_PATTERN = /^\d{6,8}$/
