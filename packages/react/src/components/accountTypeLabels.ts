import type { AccountType } from '@portico/core'

/** The catalogue key of each account type's name (SPEC §6: eoa, smartAccount; SPEC §3 Bitcoin: payment, ordinal). */
export const AccountTypeLabels = {
  payment: 'account.typePayment',
  ordinal: 'account.typeOrdinal',
  eoa: 'account.typeEoa',
  smartAccount: 'account.typeSmart',
} as const satisfies Record<AccountType, string>
