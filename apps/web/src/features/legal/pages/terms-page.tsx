import { formatCents, REFERRAL_BONUS_CENTS, referralWording } from '@meridian/shared';
import { LegalDocument, type LegalSection } from '../components/legal-document';

const sections: readonly LegalSection[] = [
  {
    heading: 'Who we are and what these terms cover',
    body: (
      <p>
        These Terms of Service govern your use of the Meridian platform, including the website, your account, your
        wallet and every service offered through them. By registering or using Meridian you agree to these terms. If you
        do not agree, do not use the platform.
      </p>
    ),
  },
  {
    heading: 'Eligibility and your account',
    body: (
      <>
        <p>
          You must be at least 18 years old and legally able to enter into a binding contract in your country of
          residence. You may hold one account only.
        </p>
        <ul>
          <li>The information you give at registration must be accurate, complete and kept up to date.</li>
          <li>New accounts are reviewed and activated within 24 hours of registration.</li>
          <li>You are responsible for keeping your password secret and for everything done with your account.</li>
          <li>Tell us at once if you believe someone else has accessed your account.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'Your wallet',
    body: (
      <p>
        Your wallet shows your balance, profit, bonus and referral bonus in US dollars, to the cent. Every movement of
        money is recorded in your transaction history. If you believe a figure is wrong, contact support before taking
        any further action; we will investigate and correct any error we find.
      </p>
    ),
  },
  {
    heading: 'Deposits',
    body: (
      <ul>
        <li>The minimum deposit is $100.</li>
        <li>Deposits are made by bank transfer, cryptocurrency or PayPal to the details shown in the app.</li>
        <li>You must upload a receipt of your payment. A deposit is credited only after we have confirmed it.</li>
        <li>We may refuse or reverse a deposit we cannot verify, or that we suspect is linked to unlawful activity.</li>
      </ul>
    ),
  },
  {
    heading: 'Investment plans and profit',
    body: (
      <>
        <p>
          Each plan states its minimum and maximum amount, its duration in days and its profit rate before you invest.
          You may hold one active investment per plan. The amount you invest leaves your balance for the duration of the
          plan.
        </p>
        <p>
          Profit accrues daily while a plan runs and can be claimed into your balance at any time. Past or projected
          returns are not a promise of future returns. All investing carries risk, including the risk of losing money;
          invest only what you can afford to lose.
        </p>
      </>
    ),
  },
  {
    heading: 'Transfers between members',
    body: (
      <p>
        You may send funds from your balance to another Meridian member identified by their email address. A fee of 2%
        of the amount is charged to you on top of the amount sent, and is shown before you confirm. Confirmed transfers
        cannot be reversed, so check the recipient carefully.
      </p>
    ),
  },
  {
    heading: 'Withdrawals',
    body: (
      <ul>
        <li>The minimum withdrawal is $100.</li>
        <li>Each withdrawal must be confirmed with a one-time code sent to your registered email address.</li>
        <li>
          A security deposit may be required before a withdrawal is paid; the amount is shown to you before you submit.
        </li>
        <li>Withdrawals are reviewed before payment and may be delayed or refused to meet legal obligations.</li>
      </ul>
    ),
  },
  {
    heading: 'Referral programme',
    body: (
      <p>
        {referralWording.terms(formatCents(REFERRAL_BONUS_CENTS))} Referring yourself, creating accounts for people who
        do not exist, or any other abuse of the programme will lead to the bonus being withdrawn and may lead to your
        account being closed.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        You must not use Meridian for money laundering, fraud, the financing of illegal activity, or to break the law of
        any country. You must not try to interfere with the platform, access accounts that are not yours, or work around
        its limits. We may suspend or close an account that breaks these rules, and we may report it to the authorities.
      </p>
    ),
  },
  {
    heading: 'Liability',
    body: (
      <p>
        We provide Meridian with reasonable care and skill, but we do not guarantee that it will always be available or
        free of errors. To the extent the law allows, we are not liable for indirect or consequential losses, or for
        losses caused by events beyond our reasonable control. Nothing in these terms limits liability that cannot be
        limited by law.
      </p>
    ),
  },
  {
    heading: 'Changes and contact',
    body: (
      <p>
        We may update these terms. When we make a material change we will tell you by email or in the app before it
        takes effect. If you have a question about these terms, contact our support team by email or through the 24/7
        support chat.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="1 January 2025"
      intro="Please read these terms carefully. They explain your rights and obligations when you use Meridian, and ours to you."
      sections={sections}
    />
  );
}
