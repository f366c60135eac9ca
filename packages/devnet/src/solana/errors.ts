/**
 * JSON-RPC errors and transaction errors, shaped and worded as Agave (the Solana validator)
 * answers them, so clients' error handling sees what it sees on a real cluster.
 */
import type { FailedTransactionMetadata } from 'litesvm'

export const RPC_PARSE_ERROR = -32700
export const RPC_INVALID_REQUEST = -32600
export const RPC_METHOD_NOT_FOUND = -32601
export const RPC_INVALID_PARAMS = -32602
export const RPC_INTERNAL_ERROR = -32603
/** JSON_RPC_SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE */
export const RPC_PREFLIGHT_FAILURE = -32002
/** JSON_RPC_SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE */
export const RPC_SIGNATURE_VERIFICATION_FAILURE = -32003

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }

  toJSON() {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}

export const invalidParams = (message: string) => new RpcError(RPC_INVALID_PARAMS, message)

/** A TransactionError as the RPC serializes it: 'BlockhashNotFound', { InstructionError: [0, { Custom: 1 }] }, … */
export type TransactionErrorJson = string | Record<string, unknown>

// litesvm's numeric enums, by value (TransactionErrorFieldless, InstructionErrorFieldless).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** The Display texts of solana-transaction-error, for the errors a local chain can produce. */
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
  UnbalancedTransaction: 'Sum of account balances before and after transaction do not match',
}

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  DuplicateAccountIndex: 'instruction contains duplicate accounts',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  MissingAccount: 'An account required by the instruction is missing',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
}

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>

/** litesvm's error object → the RPC's JSON form. Class names tell apart the variants with the same fields. */
export function transactionErrorJson(err: LiteSvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'InvalidError'
  const kind = err.constructor.name
  if (kind === 'TransactionErrorInstructionError' && 'index' in err && 'err' in err) {
    const inner = err.err()
    if (typeof inner === 'number') return { InstructionError: [err.index, INSTRUCTION_ERRORS[inner] ?? 'InvalidError'] }
    if ('code' in inner) return { InstructionError: [err.index, { Custom: inner.code }] }
    return { InstructionError: [err.index, { BorshIoError: inner.msg }] }
  }
  if (kind === 'TransactionErrorDuplicateInstruction' && 'index' in err) return { DuplicateInstruction: err.index }
  if (kind === 'TransactionErrorInsufficientFundsForRent' && 'accountIndex' in err) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  }
  if ('accountIndex' in err) return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  return 'InvalidError'
}

/** The text Agave puts after 'Transaction simulation failed: '. */
export function transactionErrorText(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err
  const [kind, value] = Object.entries(err)[0] as [string, unknown]
  if (kind === 'InstructionError') {
    const [index, inner] = value as [number, string | Record<string, unknown>]
    let text: string
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? inner
    else if ('Custom' in inner) text = `custom program error: 0x${Number(inner.Custom).toString(16)}`
    else text = `Failed to serialize or deserialize account data: ${String(inner.BorshIoError)}`
    return `Error processing Instruction ${index}: ${text}`
  }
  if (kind === 'InsufficientFundsForRent') {
    return `Transaction results in an account (${(value as { account_index: number }).account_index}) with insufficient funds for rent`
  }
  if (kind === 'DuplicateInstruction') return `Transaction contains a duplicate instruction (${value}) that is not allowed`
  return kind
}
