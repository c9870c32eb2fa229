// Helpers for the money journeys (plans, investments, transfers, history, referrals).
import { centsToDollarsInput, FOUR_EYES_THRESHOLD_CENTS_DEFAULT } from '@meridian/shared';
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
  type Route,
  request,
} from '@playwright/test';
import { mailCount, waitForMail } from './mailbox';
import { signInOperator } from './operator';
import { appOrigin, createActiveUser, runAdmin, type TestUser } from './users';

/**
 * Moves money into `email`'s balance through the books (`npm run admin -- adjust`). At or above the
 * four-eyes threshold the command (one operator) only records the adjustment, and the seeded operator
 * gives the second approval through the console's API, as on a real platform.
 */
export async function fund(email: string, cents: number, reason = 'E2E funding'): Promise<void> {
  await runAdmin(['adjust', email, centsToDollarsInput(cents), reason]);
  if (cents >= FOUR_EYES_THRESHOLD_CENTS_DEFAULT) await approveAdjustmentOf(email);
}

/**
 * The seeded operator, signed in once per worker (a sign-in waits for a fresh authenticator step) and
 * signed in again when the session has ended (a journey that moves the clock past the console's idle limit).
 */
let operator: APIRequestContext | null = null;

async function operatorGet(origin: string, path: string): Promise<{ context: APIRequestContext; answer: APIResponse }> {
  for (let attempt = 0; ; attempt += 1) {
    if (!operator) {
      operator = await request.newContext();
      await signInOperator(operator, origin);
    }
    const answer = await operator.get(`${origin}${path}`);
    if (answer.status() !== 401 || attempt > 0) return { context: operator, answer };
    await operator.dispose();
    operator = null;
  }
}

async function approveAdjustmentOf(email: string): Promise<void> {
  const origin = appOrigin();
  const { context, answer } = await operatorGet(origin, '/api/admin/adjustments');
  expect(answer.ok(), `adjustments: ${answer.status()}`).toBe(true);
  const { items } = (await answer.json()) as { items: { id: string; userEmail: string }[] };
  const mine = items.find((a) => a.userEmail === email);
  if (!mine) throw new Error(`no adjustment of ${email} awaits approval`);
  const approved = await context.post(`${origin}/api/admin/adjustments/${mine.id}/approve`, {
    headers: { origin, 'idempotency-key': `e2e-fund-${mine.id}` },
  });
  expect(approved.ok(), `approve: ${approved.status()} ${await approved.text()}`).toBe(true);
}

/** A new active user signed in within `page`'s context, with `cents` on their balance. */
export async function createFundedUser(
  page: Page,
  cents: number,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = await createActiveUser(page, overrides);
  if (cents > 0) await fund(user.email, cents);
  return user;
}

/** `12345` cents as the app shows it: `$123.45`, with thousands separators. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** The description line of the live toast titled exactly `title`. */
export function toastDescription(page: Page, title: string): Locator {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .locator('[data-sonner-toast]:not([data-removed="true"])')
    .filter({ has: page.locator('[data-title]').filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }) })
    .locator('[data-description]');
}

const AMOUNT = /^\s*\$[\d,]+\.\d{2}\s*$/;

/** The figure of the dashboard's Account Summary card labelled `label` (e.g. 'Total Balance'). */
export function summaryFigure(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Account Summary' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) })
    .getByText(AMOUNT);
}

/** The balance in the slide-in side menu; opens the menu, reads it, and closes the menu again. */
export async function expectMenuBalance(page: Page, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByTestId('menu-balance')).toHaveText(amount);
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
}

/**
 * Holds requests matching `url` until `release()` is called, so a progress state (a loading toast,
 * a busy button) can be observed deterministically instead of racing a fast server.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

declare global {
  interface Window {
    __realtimeOpened?: number;
  }
}

/**
 * Counts opened WebSockets in every page of the context (window.__realtimeOpened), so a journey
 * can wait until the live-update channel is connected before it changes something elsewhere.
 * Must be called before the page loads.
 */
export async function countOpenedSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    class Counted extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => {
          window.__realtimeOpened = (window.__realtimeOpened ?? 0) + 1;
        });
      }
    }
    window.WebSocket = Counted;
  });
}

/** Waits until the page's realtime WebSocket has opened at least once. */
export async function waitForRealtime(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => (window.__realtimeOpened ?? 0) > 0, undefined, { timeout });
}

/** Invests through the API from `page`'s signed-in context (setup for journeys about other screens). */
export async function investViaApi(page: Page, planName: string, cents: number): Promise<void> {
  const plansRes = await page.request.get('/api/plans');
  if (!plansRes.ok()) throw new Error(`GET /api/plans failed: ${plansRes.status()} ${await plansRes.text()}`);
  const plans = (await plansRes.json()) as { id: string; name: string }[];
  const plan = plans.find((p) => p.name === planName);
  if (!plan) throw new Error(`no plan named ${planName}`);
  await moneyPost(page, '/api/investments', { planId: plan.id, amountCents: cents });
}

/** Transfers through the API from `page`'s signed-in context (setup for journeys about other screens). */
export async function transferViaApi(page: Page, recipientEmail: string, cents: number): Promise<void> {
  await moneyPost(page, '/api/transfers', { recipientEmail, amountCents: cents });
}

/** A receipt file as a multipart upload names it. */
export interface ReceiptFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Files a deposit of `cents` by the method labelled `methodLabel`, with `receipt` (a tiny PNG unless given), through the
 * API from `page`'s signed-in context (setup for the operator's queue). Returns the deposit's id.
 */
export async function depositViaApi(
  page: Page,
  cents: number,
  receipt: ReceiptFile = { name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG },
  methodLabel = 'PayPal',
): Promise<string> {
  const methods = (await (await page.request.get('/api/deposit-methods')).json()) as { id: string; label: string }[];
  const method = methods.find((m) => m.label === methodLabel);
  if (!method) throw new Error(`no deposit method labelled ${methodLabel}`);
  const res = await page.request.post('/api/deposits', {
    multipart: { amountCents: String(cents), methodId: method.id, receipt },
    headers: { origin: appOrigin(), 'idempotency-key': newIdempotencyKey() },
  });
  if (!res.ok()) throw new Error(`POST /api/deposits failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { deposit: { id: string } }).deposit.id;
}

/**
 * Requests a PayPal withdrawal of `cents` through the API from `page`'s signed-in context, confirmed
 * with the code e-mailed to `email` (read from the journeys' mailbox): the amount is then held.
 */
export async function withdrawViaApi(page: Page, email: string, cents: number): Promise<void> {
  const request = { amountCents: cents, method: 'paypal', destination: { email } };
  const before = await mailCount(email, 'Withdrawal OTP');
  const otp = await page.request.post('/api/withdrawals/otp', { data: request, headers: { origin: appOrigin() } });
  if (!otp.ok()) throw new Error(`POST /api/withdrawals/otp failed: ${otp.status()} ${await otp.text()}`);
  const code = /is: (\d{6})/.exec((await waitForMail(email, 'Withdrawal OTP', before)).text)?.[1];
  if (!code) throw new Error('no code in the Withdrawal OTP e-mail');
  await moneyPost(page, '/api/withdrawals', { ...request, otp: code });
}

const newIdempotencyKey = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A money POST as the web app sends it: same origin, a fresh Idempotency-Key; throws unless 2xx. */
async function moneyPost(page: Page, url: string, data: unknown): Promise<void> {
  const res = await page.request.post(url, {
    data,
    headers: { origin: appOrigin(), 'idempotency-key': newIdempotencyKey() },
  });
  if (!res.ok()) throw new Error(`POST ${url} failed: ${res.status()} ${await res.text()}`);
}

/** The /transfer form's controls and its confirmation dialog, found as a user finds them. */
export function transferForm(page: Page): { email: Locator; amount: Locator; send: Locator; dialog: Locator } {
  return {
    email: page.getByLabel('Email', { exact: true }),
    amount: page.getByLabel('Amount', { exact: true }),
    send: page.getByRole('button', { name: 'Transfer', exact: true }),
    dialog: page.getByRole('dialog', { name: 'Confirm Transfer' }),
  };
}

/** A real 1×1 PNG, so a receipt preview can be drawn. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
