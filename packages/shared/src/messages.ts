/**
 * Every user-visible string of the specification, word for word.
 * Server errors and web toasts both read from here so the two can never drift apart.
 */
export const messages = {
  // Auth and account (spec section 8)
  loginSuccessful: 'Login successful',
  accountCreated: 'Account created successfully',
  logoutSuccessful: 'Logout successful',
  passwordChanged: 'Password changed successfully',
  userUpdated: 'User updated successfully',
  noChangesMade: 'No changes made',
  userNotFound: 'User not found',
  unknownError: 'An unknown error occurred',
  sessionExpired: 'Session expired',
  failedToCheckAuth: 'Failed to check auth',
  failedToFetchUserData: 'Failed to fetch user data',

  // Register (spec section 5)
  registerFillAll: 'Please fill all the fields, except referral ID',
  passwordTooShort: 'Password must be at least 8 characters long',
  phoneTooShort: 'Phone number must be at least 10 digits long',
  phoneCharacters: 'Phone number may contain only digits, spaces, dashes, brackets and a leading +',
  selectCountry: 'Please select a country',

  // Login
  loginFillAll: 'Please fill all the fields',

  // Profile
  nameRequired: 'Name is required',
  invalidEmail: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  countryRequired: 'Country is required',

  // Change password
  passwordsDoNotMatch: 'Passwords do not match',

  // Copy
  referralLinkCopied: 'Referral link copied to clipboard',

  // Our own, where the specification is silent
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  currentPasswordWrong: 'Current password is incorrect',
  notSignedIn: 'Please log in to continue',
  accountNotActive: 'Account is not active',
  forbidden: 'You do not have access to this',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  fieldTooLong: 'This field is too long',
  unknownField: 'Unknown field',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordResetSent: 'If an account exists for this email, a reset link has been sent',
  verificationLinkInvalid: 'This verification link is invalid, has expired or was already used',
  emailAlreadyVerified: 'Your e-mail is already verified',
  verificationLinkOtherAccount: 'This verification link is for another account. Log out first, then open it again.',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidCharacter: 'This field contains a character that is not allowed',
  brokenCharacter: 'This field contains a broken character (half of an emoji or symbol). Please type it again.',
  tooDeeplyNested: 'This request is nested too deeply',
  foreignOrigin: 'This request came from another website and was refused. Use Meridian itself to make changes.',
  referralIdNotFound: 'This referral ID does not exist. Check it or leave the field empty.',
  currentPasswordRequired: 'Current Password is required',
  newPasswordRequired: 'New Password is required',
  confirmPasswordRequired: 'Confirm New Password is required',
} as const;

export type MessageKey = keyof typeof messages;

/** 10000 -> "100", 12550 -> "125.50": a minimum as the specification writes it, without a currency sign. */
function minimumLabel(cents: number): string {
  const rest = cents % 100;
  return rest === 0 ? String(Math.trunc(cents / 100)) : `${Math.trunc(cents / 100)}.${String(rest).padStart(2, '0')}`;
}

/** The not-active notice of the page wrapper (spec section 2). */
export const inactiveNotice = {
  title: 'Account is not active',
  body: 'New accounts are activated within 24 hours of registration. If you think this is an error, please contact support.',
  contact: 'Contact Support',
} as const;

/**
 * The sign-up's answer, the same whether or not the address already had an account (so a sign-up
 * never tells who is a member), and the not-active page's notice while the address is unverified.
 */
export const verifyEmailTexts = {
  checkInboxTitle: 'Check your inbox',
  checkInboxBody: (email: string) =>
    `We sent a link to ${email}. Open it to verify your e-mail and sign in. The link works once, for 24 hours.`,
  notVerifiedTitle: 'Check your inbox to verify your e-mail',
  notVerifiedBody: 'We sent you a link when you signed up. Your account can be activated once your e-mail is verified.',
  resend: 'Resend the e-mail',
  resending: 'Sending...',
  resent: 'Sent. Check your inbox (and the spam folder).',
  verifying: 'Verifying your e-mail...',
  verifyingBody: 'One moment: you will be signed in and taken to your dashboard.',
  verified: 'Your e-mail is verified',
  failedTitle: 'This link does not work',
  toLogin: 'Go to login',
  toDashboard: 'Go to the dashboard',
} as const;

/** In place of the not-active notice for an account an operator deactivated (ours: the spec knows only new accounts). */
export const deactivatedNotice = {
  title: 'Account deactivated',
  body: 'An operator has deactivated this account, so it cannot be used for now. Please contact support to find out why and how to have it reactivated.',
  email: 'Email Support',
  chat: 'Chat with Support',
} as const;

export const notificationsNotice = 'No Preferences – You will receive all email notifications.';

/** The Profile page's lines about e-mail: there is nothing to choose (every member gets every e-mail), so they promise no choice. */
export const profileTexts = {
  description: 'Your personal details, withdrawal details and security, and the emails Meridian sends you.',
  notificationsLead: 'The emails Meridian sends you about your account, your deposits and your withdrawals.',
} as const;

/** The app shell and public pages (ours, where the specification is silent). */
export const shellMessages = {
  /** In place of a money figure that could not be loaded: never $0.00. */
  figureUnavailable: 'Unavailable',
  retry: 'Retry',
  goToDashboard: 'Go to Dashboard',
  scrollLeft: 'Scroll left',
  scrollRight: 'Scroll right',
  /** The member app's link to the operator's console, shown to admins only. */
  adminConsole: 'Admin console',
  /** The keyboard's first stop in the member app and the console: past the top bar to the page. */
  skipToContent: 'Skip to content',
  /** While the server (or the network) does not answer; the app asks again by itself. Never a sign-out. */
  cantReach: "Can't reach Meridian — retrying",
  /** A page whose code could not be fetched (offline for a moment). */
  pageUnavailable: 'This page could not be loaded.',
} as const;

/** The shared list controls: keyset pages, search, tables and charts (the console's, reusable anywhere). */
export const listMessages = {
  previous: 'Previous',
  next: 'Next',
  rowsPerPage: 'Rows per page',
  page: (n: number) => `Page ${n}`,
  clearSearch: 'Clear search',
  loading: 'Loading...',
  showAsTable: 'Show the figures as a table',
  reason: 'Reason',
  reasonKeys: 'Enter to confirm, Shift+Enter for a new line',
} as const;

/** Money messages of spec sections 5 and 8, and ours where it is silent. */
export const moneyMessages = {
  selectPlan: 'Please select a plan',
  enterAmount: 'Please enter an amount',
  belowPlanMin: 'Amount is less than the minimum amount',
  abovePlanMax: 'Amount is greater than the maximum amount',
  alreadyInvested: 'You already have an investment in this plan',
  investmentSuccessful: 'Investment successful',
  failedToInvest: 'Failed to invest',
  claimingProfits: 'Claiming all profits...',
  allProfitsClaimed: 'All profits claimed',
  failedToClaim: 'Failed to claim all profits',
  noProfitToClaim: 'There is no profit to claim',
  investmentNotFound: 'Investment not found',
  investmentNotActive: 'This investment has already ended',
  investmentEnded: 'Investment ended',
  emailRequired: 'Email is required',
  amountRequired: 'Amount is required',
  recipientNotFound: 'Recipient not found',
  insufficientBalance: 'Insufficient balance',
  failedToTransfer: 'Failed to transfer',
  transferSuccessful: 'Transfer successful',
  cannotTransferToSelf: 'You cannot transfer funds to yourself',
  invalidAmount: 'Amount must be a positive number of cents',
  amountTooLarge: 'Amount is too large',
  enterValidAmount: 'Enter a valid amount, for example 250 or 250.50',
  tooManyDecimals: 'Amount can have at most 2 decimal places',
  amountNotPositive: 'Amount must be greater than zero',
  noTransactions: 'No transactions found',
  noReferrals: 'No referrals yet',
  noInvestments: 'No Investments Found',
  copied: 'Copied',
  idempotencyKeyRequired: 'Idempotency-Key header is required',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyKeyInvalid:
    'Idempotency-Key must be 8 to 200 characters long, using only letters, digits and . _ : - (a UUID works)',
  reasonRequired: 'A reason is required',
  failedToFetchPlans: 'Failed to fetch plans',
  failedToFetchInvestments: 'Failed to fetch investments',
  failedToFetchTransactions: 'Failed to fetch transactions',
  failedToFetchUsers: 'Failed to fetch users',
  amountNotNumber: 'Amount must be a number of cents',
  feeChanged: 'The transfer fee has just changed. Please check the new total and confirm again.',
  // Moving the referral bonus (and bonus) to the balance, on /referrals
  nothingToMove: 'There is no bonus to move to your balance',
  bonusMoved: 'Bonus moved to your balance',
  failedToMoveBonus: 'Failed to move the bonus',
  moveToBalance: 'Move to balance',
  moveBonusTitle: 'Move bonus to balance?',
  /** `{amount}` is the formatted sum that moves. */
  moveBonusBody: '{amount} will be added to your Total Balance, where you can invest, transfer or withdraw it.',
  bonusMoveDescription: 'Bonus moved to balance',
  movingBonus: 'Moving...',
} as const;

/** Password & Security: the list of active sessions (ours; the specification has none). */
export const sessionMessages = {
  failedToFetchSessions: 'Failed to fetch sessions',
  sessionNotFound: 'Session not found',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: 'Signed out of all other sessions',
  signOutSessionTitle: 'Sign out this session?',
  signOutSessionBody: 'The device using it will have to log in again.',
  signOutOthersTitle: 'Sign out everywhere else?',
  signOutOthersBody:
    'Every other device signed in to your account will have to log in again. This device stays signed in.',
  noOtherSessions: 'No other devices are signed in.',
  unknownDevice: 'Unknown device',
  thisDevice: 'This device',
  listDescription: 'The devices signed in to your account.',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere else',
  signingOut: 'Signing out...',
  lastSeen: 'Last seen',
  ipAddress: 'IP',
  ipUnknown: 'IP unknown',
} as const;

/** Passkeys on Password & Security and the login page (ours: the specification predates them). */
export const passkeyMessages = {
  heading: 'Passkeys',
  description:
    'Sign in with your fingerprint, face or device PIN instead of your password. A passkey is both factors at once.',
  add: 'Add a passkey',
  adding: 'Adding...',
  nameLabel: 'Passkey name',
  namePlaceholder: 'e.g. My laptop',
  nameRequired: 'Give the passkey a name',
  nameTooLong: 'Passkey names are at most 50 characters',
  added: 'Passkey added',
  none: 'No passkeys yet. Add one to sign in without your password.',
  created: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  rename: 'Rename',
  renameTitle: 'Rename this passkey',
  save: 'Save',
  saving: 'Saving...',
  renamed: 'Passkey renamed',
  remove: 'Remove',
  removing: 'Removing...',
  removeTitle: 'Remove this passkey?',
  removeBody: 'You will no longer be able to sign in with it. Your password and other passkeys keep working.',
  removed: 'Passkey removed',
  failedToFetch: 'Failed to fetch passkeys',
  notFound: 'Passkey not found',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey...',
  or: 'or',
  cancelled: 'The passkey request was cancelled or timed out',
  unsupported: 'This browser cannot use passkeys',
  alreadyAdded: 'This passkey is already added to your account',
  expired: 'The passkey request expired. Try again.',
  signInFailed: 'This passkey could not sign you in',
  notYours: 'This passkey belongs to another account',
  registrationFailed: 'This passkey could not be added. Try again.',
  signInAgain: 'Log in again to add a passkey',
} as const;

/** The authenticator app (TOTP) as a second factor: Password & Security, the sign-in's second step, the console's setup (ours). */
export const twoFactorMessages = {
  title: 'Authenticator app',
  description: 'A second step at sign-in: a 6-digit code from an app such as Google Authenticator, 1Password or Authy.',
  statusOn: 'On',
  statusOff: 'Off',
  turnOn: 'Set up authenticator app',
  turnOff: 'Turn off',
  passwordLead: 'Enter your password to start.',
  scanLead: 'Scan this QR code with your authenticator app, or type the key below into it.',
  qrLabel: 'QR code for your authenticator app',
  secretLabel: 'Setup key',
  copyKey: 'Copy setup key',
  keyCopied: 'Setup key copied',
  confirmLead: 'Then enter the 6-digit code the app shows to confirm.',
  codeLabel: 'Code',
  confirm: 'Confirm',
  confirming: 'Checking...',
  enabled: 'Authenticator app turned on',
  disabled: 'Authenticator app turned off',
  recoveryTitle: 'Recovery codes',
  recoveryLead:
    'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.',
  recoverySaved: 'I have saved them',
  copyCodes: 'Copy recovery codes',
  codesCopied: 'Recovery codes copied',
  regenerate: 'New recovery codes',
  regenerateLead: 'Your old recovery codes stop working. Enter your password to continue.',
  regenerated: 'New recovery codes made',
  offTitle: 'Turn off the authenticator app?',
  offLead: 'Enter your password and a current code from the app.',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  recoveryRequired: 'Enter one of your recovery codes',
  invalidCode: 'This code is not correct, or it was already used. Enter the newest code from your app.',
  invalidRecoveryCode: 'This recovery code is not correct, or it was already used',
  locked: 'Too many wrong codes. Please wait a minute and try again.',
  signInAgain: 'This sign-in has expired. Please log in again.',
  alreadyOn: 'The authenticator app is already on',
  notOn: 'The authenticator app is not on',
  signInTitle: 'Two-step verification',
  signInLead: 'Enter the 6-digit code from your authenticator app.',
  signInRecoveryLead: 'Enter one of your recovery codes.',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use the authenticator app instead',
  trustDevice: 'Trust this device for 30 days',
  verify: 'Verify',
  backToLogin: 'Back to login',
} as const;

/** Sign-in history, new-sign-in alerts and step-up (ours: the specification is silent). */
export const securityMessages = {
  stepUpRequired: 'Please confirm it is you: enter your password to continue',
  stepUpTitle: 'Confirm it is you',
  stepUpBody: 'For your safety, changes to where your money goes need your password again.',
  stepUpPassword: 'Password',
  /** The same, for an account with an authenticator app: its code is the proof, not the password. */
  stepUpCodeRequired: 'Please confirm it is you: enter the code from your authenticator app to continue',
  stepUpCodeBody: 'For your safety, changes to where your money goes need a code from your authenticator app.',
  stepUpCode: 'Code from your authenticator app',
  stepUpConfirm: 'Confirm',
  stepUpConfirming: 'Confirming...',
  historyTitle: 'Sign-in history',
  historyDescription: 'The last 50 sign-ins and failed attempts on your account.',
  historyEmpty: 'No sign-ins recorded yet.',
  failedToFetchHistory: 'Failed to fetch sign-in history',
  succeeded: 'Signed in',
  failed: 'Failed attempt',
  methods: {
    password: 'Password',
    totp: 'Password and authenticator code',
    'recovery-code': 'Password and recovery code',
    passkey: 'Passkey',
  },
  secureAccountTitle: 'Secure your account',
  secureAccountLead:
    'A sign-in to your account that was not you: every session is signed out, and you choose a new password.',
  secureAccountWorking: 'Securing your account...',
  secureAccountDone:
    'Every session of your account has been signed out. We have sent you an e-mail to choose a new password.',
  secureAccountInvalid: 'This link is invalid, has expired or was already used.',
  secureAccountMissing: 'This link is incomplete. Open it from the e-mail again.',
  backToLogin: 'Go to login',
} as const;

/** Investments, plans, transfer and history screens (ours, where the specification is silent). */
export const moneyScreenMessages = {
  /** The history chips; 'Deposit' and 'Withdrawal' are the specification's, the rest ours. */
  categoryLabels: {
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    transfer: 'Transfers',
    investment: 'Investments',
    earnings: 'Earnings',
  },
  /** Which wallet a credit went to, shown as "to Balance". */
  walletLabels: {
    balance: 'Balance',
    profit: 'Profit',
    bonus: 'Bonus',
    referral_bonus: 'Referral bonus',
    invested: 'Invested',
    withdrawal_hold: 'Withdrawal hold',
  },
  /** A pending deposit or withdrawal request's own actions on its history card. */
  cancelRequest: 'Cancel request',
  cancelRequestTitle: 'Cancel this request?',
  cancelDeposit: (amount: string) =>
    `Your deposit request of ${amount} will be withdrawn. If you have already paid, keep it and wait for the operator.`,
  cancelWithdrawal: (amount: string) => `Your withdrawal request is withdrawn and ${amount} goes back to your balance.`,
  keepRequest: 'Keep request',
  cancellingRequest: 'Cancelling...',
  requestCancelled: 'Request cancelled',
  failedToCancelRequest: 'Failed to cancel the request',
  viewReceipt: 'View receipt',
  /** The operator's reason on a refused request. */
  refusedBecause: (reason: string) => `Reason: ${reason}`,
} as const;

/** Deposits (spec sections 5 and 8), and ours where the specification is silent. */
export const depositMessages = {
  fillAllFields: 'Please fill all fields',
  /** The specification's 'Amount must be greater than 100', with the operator's minimum (100 by default). */
  amountBelowMinimum: (minCents: number) => `Amount must be greater than ${minimumLabel(minCents)}`,
  methodSelected: (label: string) => `${label} selected`,
  uploadReceipt: 'Please upload your payment receipt',
  fileTooLarge: 'File size should be less than 5MB',
  receiptUploaded: 'Receipt uploaded successfully',
  pleaseWait: 'Please wait while we process your deposit',
  depositSuccessful: 'Deposit successful',
  depositSuccessfulDescription: 'Your balance will be updated shortly, once the payment is confirmed.',
  failedToCreateTransaction: 'Failed to create transaction',
  failedToDeposit: 'Failed to deposit',
  failedToFetchDepositMethods: 'Failed to fetch deposit methods',
  detailCopied: 'Copied to clipboard',
  addressCopied: 'Address copied to clipboard',
  emailCopied: 'Email copied to clipboard',
  // Ours
  receiptWrongType: 'The receipt must be an image (PNG, JPEG, WebP or GIF) or a PDF',
  receiptOneFile: 'Upload one receipt file',
  methodNotFound: 'This deposit method is not available',
  depositNotFound: 'Deposit not found',
  alreadySettled: 'This deposit has already been settled',
  rejectionReasonRequired: 'A reason for the rejection is required',
  receiptNotFound: 'Receipt not found',
  alreadyDecided: 'An operator has already decided this deposit: it can no longer be cancelled',
  /**
   * The deposit page's lead, naming only the kinds of method the operator has switched on (in the
   * order bank, crypto, PayPal); none known (loading, or none on offer), no kind at all.
   */
  pageLead: (kinds: readonly ('bank' | 'crypto' | 'paypal')[]) => {
    const names = (['bank', 'crypto', 'paypal'] as const)
      .filter((k) => kinds.includes(k))
      .map((k) => ({ bank: 'bank transfer', crypto: 'crypto', paypal: 'PayPal' })[k]);
    if (names.length === 0) return 'Add money to your balance.';
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
    return `Add money to your balance by ${list}.`;
  },
  /** Why checkout sent the member back to the deposit form. */
  checkoutMissing: 'Choose an amount and a method to deposit.',
} as const;

/** Withdrawals (spec sections 4, 5 and 8), and ours where the specification is silent. */
export const withdrawalMessages = {
  bankNameRequired: 'Bank name is required',
  accountNumberRequired: 'Account number is required',
  accountNameRequired: 'Account name is required',
  swiftCodeRequired: 'Swift code is required',
  labelRequired: 'Label is required',
  walletAddressRequired: 'Wallet address is required',
  networkRequired: 'Network is required',
  invalidOtp: 'Invalid OTP',
  // Ours
  otpNote: 'Submitting sends a one-time password to your email.',
  otpSent: 'We sent a one-time password to your email',
  otpExpired: 'This code has expired. Submit the form again for a new one.',
  otpLocked: 'Too many wrong codes. Submit the form again for a new one.',
  otpTooSoon: 'A code was sent less than a minute ago. Please wait a moment before asking for another.',
  otpRequired: 'Enter the 6-digit code from your email',
  cautionTitle: 'Caution',
  /** The sum and the operator's percentage of the amount: '$20.00 (10% of the amount)'. */
  securityDeposit: (sum: string, percent: string) =>
    `Before your withdrawal is paid, a security deposit of ${sum} (${percent} of the amount) must be made to your account.`,
  goToDeposit: 'Go to Deposit',
  confirmWithdrawal: 'Request withdrawal',
  withdrawalRequested: 'Withdrawal requested',
  withdrawalRequestedDescription: 'It will be paid out once an operator approves it.',
  failedToWithdraw: 'Failed to withdraw',
  withdrawalNotFound: 'Withdrawal not found',
  alreadySettled: 'This withdrawal has already been settled',
  alreadyDecided: 'An operator has already decided this withdrawal: it can no longer be cancelled',
  payoutSaved: 'Withdrawal information saved',
  routingNumberRequired: 'Routing number is required',
  bitcoinRequired: 'Bitcoin address is required',
  ethereumRequired: 'Ethereum address is required',
  litecoinRequired: 'Litecoin address is required',
} as const;

export { type AuditWords, adminMessages } from './admin-messages.js';
