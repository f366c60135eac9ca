export type EmailResourceReturnType = string
export type EmailResourceErrorType = never

/**
 * The email a visitor gives on DataCapture travels in the sign-in message itself, as an
 * EIP-4361 resource URI, so the server stores it signed by the account, with the session.
 */
export function emailResource(email: string): string {
  return `mailto:${email}`
}
