import { LegalDocument, type LegalSection } from '../components/legal-document';

const sections: readonly LegalSection[] = [
  {
    heading: 'The information we collect',
    body: (
      <ul>
        <li>Account details: your full name, email address, phone number, country and, if you add it, your address.</li>
        <li>Financial activity: deposits, withdrawals, investments, transfers, profit and referral bonuses.</li>
        <li>Documents you upload, such as payment receipts.</li>
        <li>Payout details you save, such as bank account or wallet addresses.</li>
        <li>Technical data: sign-in sessions, IP address and browser type, used to keep your account secure.</li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <ul>
        <li>To create and run your account and wallet, and to process your transactions.</li>
        <li>To verify deposits and withdrawals and to prevent fraud and money laundering.</li>
        <li>To send you service emails such as one-time codes, deposit updates and password resets.</li>
        <li>To credit referral bonuses, which requires recording who referred you.</li>
        <li>To answer your questions when you contact support.</li>
      </ul>
    ),
  },
  {
    heading: 'What we never do',
    body: (
      <p>
        We do not sell your personal information. We do not store your password in readable form: it is kept only as a
        secure hash. Receipts you upload are stored privately and can be seen only by you and our operations team.
      </p>
    ),
  },
  {
    heading: 'Who we share it with',
    body: (
      <p>
        We share information only with providers that help us run the service (hosting, email delivery and file
        storage), under contracts that require them to protect it, and with authorities when the law requires us to.
        When you send a transfer, the recipient sees your name in their transaction history. A member who referred you
        can see your name, email and the date you joined.
      </p>
    ),
  },
  {
    heading: 'Cookies and local storage',
    body: (
      <p>
        We use one essential cookie to keep you signed in. Your browser also stores your light or dark theme choice. We
        do not use advertising or tracking cookies, and the app loads no third-party fonts, images or scripts.
      </p>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <p>
        We keep your account information while your account is open. Records of financial transactions are kept for as
        long as financial regulations require, even after your account is closed. Other data is deleted or anonymised
        when it is no longer needed.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal
        information, and to object to how we use it. You can update your name, phone number, country and address from
        your profile at any time. For anything else, contact our support team and we will respond within 30 days.
      </p>
    ),
  },
  {
    heading: 'Security',
    body: (
      <p>
        Connections to Meridian are encrypted, sessions are held in secure cookies, and withdrawals require a one-time
        code sent to your email. No system is perfectly secure, so please use a strong, unique password and tell us at
        once if you notice anything unusual.
      </p>
    ),
  },
  {
    heading: 'Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. When we make a material change we will tell you by email or in the
        app before it takes effect.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="1 January 2025"
      intro="This policy explains what personal information Meridian collects, why we collect it, how we protect it and the choices you have."
      sections={sections}
    />
  );
}
