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
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidCharacter: 'This field contains a character that is not allowed',
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

export const notificationsNotice = 'No Preferences – You will receive all email notifications.';

/** The app shell and public pages (ours, where the specification is silent). */
export const shellMessages = {
  /** In place of a money figure that could not be loaded: never $0.00. */
  figureUnavailable: 'Unavailable',
  retry: 'Retry',
  goToDashboard: 'Go to Dashboard',
  scrollLeft: 'Scroll left',
  scrollRight: 'Scroll right',
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
  securityDeposit: (percent: string) =>
    `Before your withdrawal is paid, a security deposit of ${percent} of the amount must be made to your account.`,
  goToDeposit: 'Go to Deposit',
  confirmWithdrawal: 'Request withdrawal',
  withdrawalRequested: 'Withdrawal requested',
  withdrawalRequestedDescription: 'It will be paid out once an operator approves it.',
  failedToWithdraw: 'Failed to withdraw',
  withdrawalNotFound: 'Withdrawal not found',
  alreadySettled: 'This withdrawal has already been settled',
  payoutSaved: 'Withdrawal information saved',
  routingNumberRequired: 'Routing number is required',
  bitcoinRequired: 'Bitcoin address is required',
  ethereumRequired: 'Ethereum address is required',
  litecoinRequired: 'Litecoin address is required',
} as const;

/** The parts of an audit entry its sentence is made of (see adminMessages.audit.says). */
export interface AuditWords {
  who: string;
  amount: string;
  name: string;
  to: string;
  action: string;
}

/** The operator's console (ours: the specification does not show the administrator application). */
export const adminMessages = {
  reasonRequired: 'A reason is required',
  adjustAmountInvalid: 'Enter a whole number of cents other than zero',
  adjusted: 'Balance adjusted',
  activated: 'Account activated',
  deactivated: 'Account deactivated',
  roleChanged: 'Role changed',
  lastAdmin: 'The last admin cannot be removed: make another account an admin first',
  ownRole: 'You cannot change your own role',
  ownAccount: 'You cannot deactivate your own account',
  depositApproved: 'Deposit approved',
  depositRejected: 'Deposit rejected',
  withdrawalApproved: 'Withdrawal paid out',
  withdrawalRejected: 'Withdrawal rejected',
  failedToLoad: 'Failed to load',
  noResults: 'Nothing matches these filters',
  exportStarted: 'Your download has started',
  /** The console's frame: links in and out, the access guard, and the states every page shares. */
  console: {
    title: 'Admin console',
    openConsole: 'Admin console',
    backToApp: 'Back to app',
    noAccessBody: "The operator's console is for administrators only.",
    notBuilt: 'This section is not built yet',
    notBuiltBody: 'It will appear here in a later release.',
    pageNotFound: 'Page not found',
    pageNotFoundBody: 'There is no console page at this address.',
    signOut: 'Sign out',
    signingOut: 'Signing out...',
    sections: 'Console sections',
    openMenu: 'Open console menu',
    closeMenu: 'Close console menu',
    skipToContent: 'Skip to content',
    exportCsv: 'Export CSV',
    /** A queue's badge in the navigation, read after the section's name. */
    pending: (n: number) => `${n} pending`,
  },
  /** The sections of the console's navigation. */
  nav: {
    overview: 'Overview',
    users: 'Users',
    transactions: 'Transactions',
    deposits: 'Deposits',
    withdrawals: 'Withdrawals',
    plans: 'Plans',
    depositMethods: 'Deposit methods',
    settings: 'Settings',
    mailbox: 'Mailbox',
    audit: 'Audit log',
  },
  overview: {
    failedToLoad: 'Failed to load the overview',
    booksBalance: 'Books balance',
    booksProblems: (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'}`,
    booksProblemsHelp: 'A journal does not sum to zero or a cached balance differs from its entries.',
    noActivity: 'No operator activity yet',
    flowCaption: 'Deposits, withdrawals and net flow per day, last 30 days',
  },
  users: {
    failedToLoad: 'Failed to load users',
    failedToLoadUser: 'Failed to load this user',
    searchLabel: 'Search users',
    searchPlaceholder: 'Name, e-mail or referral code',
    filterLabel: 'Filter users',
    filters: { all: 'All', active: 'Active', inactive: 'Inactive', admin: 'Admins' },
    activate: 'Activate',
    deactivate: 'Deactivate',
    activating: 'Activating...',
    deactivating: 'Deactivating...',
    activateTitle: 'Activate this account?',
    activateBody: 'They can use the app at once, and receive the account-activated e-mail.',
    deactivateTitle: 'Deactivate this account?',
    deactivateBody:
      'They are signed out everywhere at once and cannot use the app until an operator activates it again.',
    makeAdmin: 'Make admin',
    revokeAdmin: 'Revoke admin',
    changingRole: 'Saving...',
    makeAdminTitle: 'Make this user an admin?',
    makeAdminBody: 'They will be able to open this console, settle money and change any account.',
    revokeAdminTitle: 'Revoke admin rights?',
    revokeAdminBody: 'They keep their account but can no longer open this console.',
    noTransactions: 'No transactions in this category',
    noInvestments: 'No investments yet',
    noReferees: 'Nobody has registered with their referral code yet',
    noReceipts: 'No receipts uploaded',
    openReceipt: 'Open receipt',
    opensInNewTab: '(opens in a new tab)',
    notFoundBody: 'There is no account with this id. It may have been typed wrongly.',
    backToUsers: 'Back to users',
    tabs: { transactions: 'Transactions', investments: 'Investments', referees: 'Referees', receipts: 'Receipts' },
    signedInDevices: (n: number) => `${n} signed-in ${n === 1 ? 'device' : 'devices'}`,
    viewAllTransactions: 'Open in Transactions',
  },
  adjust: {
    title: 'Adjust balance',
    description: 'The amount is booked against the outside world, in the books and in their history, with your reason.',
    amountLabel: 'Amount (USD)',
    amountHint: 'Positive adds to their balance, negative takes from it: 25 or -12.50',
    amountInvalid: 'Enter an amount in dollars other than zero, for example 25 or -12.50',
    reasonLabel: 'Reason',
    submit: 'Adjust balance',
    submitting: 'Adjusting...',
  },
  transactions: {
    failedToLoad: 'Failed to load transactions',
    filterLabel: 'Filter by category',
    typeLabel: 'Type',
    statusLabel: 'Status',
    anyType: 'Any type',
    anyStatus: 'Any status',
    typeLabels: { credit: 'Credit', debit: 'Debit' },
    statusLabels: { success: 'Success', pending: 'Pending', failed: 'Failed' },
    /** Each history mode as the console's tables name it. */
    modeLabels: {
      deposit: 'Deposit',
      withdrawal: 'Withdrawal',
      transfer: 'Transfer',
      profit: 'Profit claimed',
      investment: 'Investment',
      capital: 'Capital returned',
      referral: 'Referral bonus',
      adjustment: 'Adjustment',
      bonus: 'Bonus moved',
    },
    oneUser: (name: string) => `Only ${name}`,
    oneMember: 'Only one member',
    everyone: 'Show everyone',
  },
  audit: {
    failedToLoad: 'Failed to load the audit log',
    actorLabel: 'Actor',
    actorPlaceholder: 'admin:ops@example.com, cli, system:...',
    actionLabel: 'Action',
    anyAction: 'Any action',
    targetLabel: 'Target',
    targetPlaceholder: "User's e-mail or id",
    /** Each AUDIT_ACTIONS entry as the filter and the table name it. */
    actionLabels: {
      'user.activate': 'Account activated',
      'user.deactivate': 'Account deactivated',
      'user.role': 'Role changed',
      'balance.adjust': 'Balance adjusted',
      'deposit.approve': 'Deposit approved',
      'deposit.reject': 'Deposit rejected',
      'withdrawal.approve': 'Withdrawal paid out',
      'withdrawal.reject': 'Withdrawal rejected',
      'plan.create': 'Plan created',
      'plan.update': 'Plan edited',
      'plan.activate': 'Plan activated',
      'plan.deactivate': 'Plan deactivated',
      'plan.delete': 'Plan deleted',
      'deposit-method.create': 'Deposit method created',
      'deposit-method.update': 'Deposit method edited',
      'deposit-method.activate': 'Deposit method activated',
      'deposit-method.deactivate': 'Deposit method deactivated',
      'deposit-method.reorder': 'Deposit methods reordered',
      'settings.update': 'Settings changed',
      'mail.resend': 'E-mail resent',
    },
    /**
     * What an entry says, after its actor ('admin:ops@meridian.test approved a deposit of $120.00 for
     * Jane Doe'). `who` is the target member, `amount` formatted, `name` the plan or method, `to` an address.
     */
    says: {
      'user.activate': ({ who }: AuditWords) => `activated ${who}'s account`,
      'user.deactivate': ({ who }: AuditWords) => `deactivated ${who}'s account`,
      makeAdmin: ({ who }: AuditWords) => `made ${who} an admin`,
      revokeAdmin: ({ who }: AuditWords) => `revoked ${who}'s admin rights`,
      'user.role': ({ who }: AuditWords) => `changed ${who}'s role`,
      credit: ({ who, amount }: AuditWords) => `added ${amount} to ${who}'s balance`,
      debit: ({ who, amount }: AuditWords) => `took ${amount} from ${who}'s balance`,
      'balance.adjust': ({ who }: AuditWords) => `adjusted ${who}'s balance`,
      'deposit.approve': ({ who, amount }: AuditWords) => `approved a deposit of ${amount} for ${who}`,
      'deposit.reject': ({ who, amount }: AuditWords) => `rejected a deposit of ${amount} for ${who}`,
      'withdrawal.approve': ({ who, amount }: AuditWords) => `paid out a withdrawal of ${amount} to ${who}`,
      'withdrawal.reject': ({ who, amount }: AuditWords) => `rejected a withdrawal of ${amount} for ${who}`,
      'plan.create': ({ name }: AuditWords) => `created the plan ${name}`,
      'plan.update': ({ name }: AuditWords) => `edited the plan ${name}`,
      'plan.activate': ({ name }: AuditWords) => `activated the plan ${name}`,
      'plan.deactivate': ({ name }: AuditWords) => `deactivated the plan ${name}`,
      'plan.delete': ({ name }: AuditWords) => `deleted the plan ${name}`,
      'deposit-method.create': ({ name }: AuditWords) => `created the deposit method ${name}`,
      'deposit-method.update': ({ name }: AuditWords) => `edited the deposit method ${name}`,
      'deposit-method.activate': ({ name }: AuditWords) => `activated the deposit method ${name}`,
      'deposit-method.deactivate': ({ name }: AuditWords) => `deactivated the deposit method ${name}`,
      'deposit-method.reorder': () => 'reordered the deposit methods',
      'settings.update': () => 'changed the settings',
      'mail.resend': ({ to }: AuditWords) => `resent an e-mail to ${to}`,
      other: ({ action, who }: AuditWords) => `did ${action} for ${who}`,
    },
    /** Who acted, by the actor's prefix ('admin:<email>', 'cli', 'system:<job>'). */
    actorKinds: { admin: 'Admin', cli: 'Command line', system: 'System' },
    /** Stand-ins when an entry does not name its target. */
    someone: 'a member',
    unnamed: '(unnamed)',
  },
  plans: {
    nameRequired: 'Plan name is required',
    nameTaken: 'A plan with this name already exists',
    amountInvalid: 'Enter an amount of at least $0.01',
    minAboveMax: 'The minimum must not be above the maximum',
    profitInvalid: 'Profit must be between 0.01% and 1000%',
    durationInvalid: 'Duration must be between 1 and 3650 days',
    roiInvalid: 'ROI must be between 0% and 1000%',
    roiMinAboveMax: 'The minimum ROI must not be above the maximum ROI',
    planNotFound: 'Plan not found',
    inUse: 'This plan has investments: deactivate it instead of deleting it',
    created: 'Plan created',
    saved: 'Plan saved',
    deleted: 'Plan deleted',
    activated: 'Plan activated',
    deactivated: 'Plan deactivated',
  },
  methods: {
    labelRequired: 'Label is required',
    typeRequired: 'Choose bank, crypto or PayPal',
    bankNameRequired: 'Bank name is required',
    accountNumberRequired: 'Account number is required',
    accountNameRequired: 'Account name is required',
    swiftCodeRequired: 'Swift code is required',
    networkRequired: 'Network is required',
    addressRequired: 'Wallet address is required',
    tooMany: 'There can be at most 100 deposit methods',
    orderMismatch: 'The order must list every deposit method exactly once',
    created: 'Deposit method created',
    saved: 'Deposit method saved',
    activated: 'Deposit method activated',
    deactivated: 'Deposit method deactivated',
    reordered: 'Order saved',
  },
  settings: {
    transferFeeInvalid: 'The transfer fee must be between 0% and 50%',
    referralBonusInvalid: 'The referral bonus must be between $0 and $10,000',
    securityDepositInvalid: 'The security deposit must be between 0% and 100%',
    minimumInvalid: 'Enter a minimum of at least $0.01',
    chatUrlInvalid: 'Enter a web address starting with https://',
    autoActivateInvalid: 'Enter a number of hours between 1 and 8760, or turn auto-activation off',
    saved: 'Settings saved',
  },
  mailbox: {
    messageNotFound: 'Message not found',
    notFailed: 'Only a failed message can be resent',
    redacted: 'This message carried a one-time code or link that is no longer kept: it cannot be resent',
    resent: 'Message queued to be sent again',
  },
} as const;
