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
    title: 'Plans',
    description:
      'The investment plans members can choose from. An inactive plan is no longer offered; its investments run on.',
    loadFailed: 'Failed to load the plans',
    empty: 'No plans yet',
    emptyHint: 'Create the first plan members can invest in.',
    create: 'New plan',
    createTitle: 'New plan',
    editTitle: (name: string) => `Edit ${name}`,
    edit: 'Edit',
    activate: 'Activate',
    deactivate: 'Deactivate',
    delete: 'Delete',
    deleteTitle: (name: string) => `Delete ${name}?`,
    deleteBody: 'Nobody has invested in this plan. Deleting it removes it for good.',
    deleteNotOffered: 'A plan with investments cannot be deleted: deactivate it instead.',
    deactivateTitle: (name: string) => `Deactivate ${name}?`,
    deactivateBody: 'Members will no longer see it. Investments already made in it run to the end on their own terms.',
    editNotice: 'Editing never changes investments already made: each keeps the terms it was made on.',
    save: 'Save plan',
    saving: 'Saving...',
    columns: {
      name: 'Plan',
      range: 'Amount',
      profit: 'Profit',
      duration: 'Duration',
      roi: 'ROI',
      status: 'Status',
      investments: 'Investments',
      actions: 'Actions',
    },
    active: 'Active',
    inactive: 'Inactive',
    /** `{active}` of `{total}` investments are running. */
    investmentsCount: (active: number, total: number) => `${active} active / ${total} total`,
    fields: {
      name: 'Name',
      minCents: 'Minimum amount',
      maxCents: 'Maximum amount',
      profitBps: 'Profit over the term',
      durationDays: 'Duration (days)',
      minRoiBps: 'Minimum ROI',
      maxRoiBps: 'Maximum ROI',
    },
    hints: {
      profitBps: 'Earned over the whole term, in equal daily parts.',
      roi: 'The return range shown to members.',
    },
    actionsFor: (name: string) => `Actions for ${name}`,
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
    title: 'Deposit methods',
    description:
      'Where members send their deposits, in the order the deposit page lists them. An inactive method is hidden from members.',
    loadFailed: 'Failed to load the deposit methods',
    empty: 'No deposit methods yet',
    emptyHint: 'Add the first bank account, crypto wallet or PayPal address members can pay to.',
    create: 'New method',
    createTitle: 'New deposit method',
    editTitle: (label: string) => `Edit ${label}`,
    edit: 'Edit',
    activate: 'Activate',
    deactivate: 'Deactivate',
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveUpLabel: (label: string) => `Move ${label} up`,
    moveDownLabel: (label: string) => `Move ${label} down`,
    /** Said to a screen reader after a move. */
    moved: (label: string, position: number, count: number) => `${label} moved to position ${position} of ${count}`,
    saveOrder: 'Save order',
    savingOrder: 'Saving...',
    discardOrder: 'Undo changes',
    orderChanged: 'The order has changed. Save it to show members the new order.',
    save: 'Save method',
    saving: 'Saving...',
    active: 'Active',
    inactive: 'Inactive',
    types: { bank: 'Bank transfer', crypto: 'Crypto', paypal: 'PayPal' },
    fields: {
      label: 'Label',
      type: 'Type',
      bankName: 'Bank name',
      accountNumber: 'Account number',
      accountName: 'Account name',
      swiftCode: 'SWIFT code',
      network: 'Network',
      address: 'Wallet address',
      email: 'PayPal email',
    },
    dragHandle: (label: string) => `Drag ${label}`,
    actionsFor: (label: string) => `Actions for ${label}`,
  },
  settings: {
    transferFeeInvalid: 'The transfer fee must be between 0% and 50%',
    referralBonusInvalid: 'The referral bonus must be between $0 and $10,000',
    securityDepositInvalid: 'The security deposit must be between 0% and 100%',
    minimumInvalid: 'Enter a minimum of at least $0.01',
    chatUrlInvalid: 'Enter a web address starting with https://',
    autoActivateInvalid: 'Enter a number of hours between 1 and 8760, or turn auto-activation off',
    saved: 'Settings saved',
    title: 'Settings',
    description:
      'Fees, bonuses, minimums, contacts and account activation. A save applies to every server at once: members see the new values on their next screen.',
    loadFailed: 'Failed to load the settings',
    sections: { money: 'Money', contact: 'Contact', accounts: 'Accounts' },
    labels: {
      transferFeeBps: 'Transfer fee',
      referralBonusCents: 'Referral bonus',
      securityDepositBps: 'Security deposit',
      minDepositCents: 'Minimum deposit',
      minWithdrawalCents: 'Minimum withdrawal',
      supportEmail: 'Support email',
      supportChatUrl: 'Support chat link',
      operatorEmail: 'Operator email',
      autoActivateAfterHours: 'Auto-activation',
    },
    hints: {
      transferFeeBps: 'Charged on every transfer, on top of the amount (0% to 50%).',
      referralBonusCents: 'Credited to a member for each person they refer ($0 to $10,000).',
      securityDepositBps: 'Announced in the withdrawal caution dialog; 0% hides the notice.',
      minDepositCents: 'The smallest deposit a member may file.',
      minWithdrawalCents: 'The smallest withdrawal a member may request.',
      supportEmail: "Where 'Contact Support' writes to.",
      supportChatUrl: 'The 24/7 chat link in the side menu.',
      operatorEmail: 'Told of every new deposit and withdrawal.',
      autoActivateAfterHours: 'Hours after sign-up, 1 to 8760.',
    },
    autoActivateOff: 'Off: an operator activates every account',
    autoActivateAfter: 'Activate new accounts automatically',
    autoActivateHours: 'After this many hours',
    off: 'Off',
    afterHours: (hours: number) => `After ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    changesTitle: 'What changes',
    noChanges: 'Nothing has changed yet.',
    notReadable: (typed: string) => (typed === '' ? '(empty, not valid)' : `'${typed}' (not valid yet)`),
    save: 'Save settings',
    saving: 'Saving...',
    discard: 'Discard changes',
  },
  /** A deposit's receipt shown inline in the queue: an image, or page by page a PDF. */
  receipt: {
    /** `{who}` is the member's name, `{amount}` the deposit, formatted. */
    imageAlt: (who: string, amount: string) => `Receipt for ${who}'s deposit of ${amount}`,
    pdfLabel: (who: string, amount: string) => `PDF receipt for ${who}'s deposit of ${amount}`,
    zoom: 'Enlarge receipt',
    openInNewTab: 'Open in new tab',
    openPdf: 'Open PDF',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    loading: 'Loading receipt...',
    pdfFailed: 'This PDF cannot be shown here. Open it in a new tab to read it.',
    imageFailed: 'This image cannot be shown here. Open it in a new tab to see it.',
    notInline: 'This receipt cannot be shown here. Open it in a new tab.',
  },
  /** What the console's forms say about a number typed in human units, before the bounds are checked. */
  units: {
    percentInvalid: 'Enter a percentage, for example 2 or 2.5',
    percentPrecision: 'A percentage can have at most 2 decimal places',
  },
  mailbox: {
    messageNotFound: 'Message not found',
    notFailed: 'Only a failed message can be resent',
    redacted: 'This message carried a one-time code or link that is no longer kept: it cannot be resent',
    resent: 'Message queued to be sent again',
  },
} as const;
