/**
 * How every page describes the referral bonus. It is paid when the referred friend's account is first
 * activated, not when they register (DESIGN.md section 5: scripted sign-ups mint nothing), so no
 * wording may promise it at registration. `bonus` is the amount as shown ("$50.00"): the operator's
 * setting where the page has it (signed-in pages), the default on the public ones.
 */
export const referralWording = {
  /** The affiliate banner above the signed-in pages. */
  banner: (bonus: string) => `Share your referral link and earn ${bonus} for every friend whose account is activated.`,
  /** The dashboard's referral card. */
  linkCard: (bonus: string) =>
    `Share it: you earn ${bonus} for every friend who joins with it, once their account is activated.`,
  linkSteps: (bonus: string) => ['Share your link', 'A friend joins and is activated', `You earn ${bonus}`],
  /** /referrals */
  pageDescription: (bonus: string) =>
    `Invite friends with your link and earn ${bonus} for each one whose account is activated.`,
  emptyList: (bonus: string) =>
    `Share your referral link above. You earn ${bonus} when a friend who registers with it is activated.`,
  /** The landing page. */
  feature: (bonus: string) =>
    `Share your personal referral link. Every friend who joins with it adds a ${bonus} bonus to your account once their account is activated.`,
  invitation: (bonus: string) =>
    `Every member gets a personal referral link. When a friend who joined with it is activated, ${bonus} lands in your referral bonus. There is no limit to how many friends you can invite.`,
  /** The terms. */
  terms: (bonus: string) =>
    `Every member receives a personal referral link. When a new member who registered with your link is activated, a ${bonus} bonus is added to your referral bonus, once per person referred.`,
} as const;
