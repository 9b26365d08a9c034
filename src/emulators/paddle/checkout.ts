// The hosted checkout: a page with the price and a card form; paying creates the subscription and sends webhooks.
import type { Context, Hono } from "hono";
import { toDisplayAmount } from "../../shared/money.ts";
import { demoTestCard } from "../../shared/self-hosting.ts";
import type { PaddlePriceEntity } from "./entities.ts";
import { PaddleEmulatorError, type PaddleWorld } from "./world.ts";

export const DECLINED_CARD = "4000000000000002";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Checks the card like a payment form would; returns the refusal text, or null when it is accepted. */
export function cardProblem(card: CardInput, now: number): { text: string; declined: boolean } | null {
  const digits = card.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { text: "Enter a valid card number.", declined: false };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { text: "Enter the expiry date as MM/YY.", declined: false };
  const yearText = expiry[2] ?? "";
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (Date.UTC(year, month, 1) <= now) return { text: "Your card has expired.", declined: false };
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return { text: "Enter the 3 or 4 digit security code.", declined: false };
  if (digits === DECLINED_CARD) return { text: "Your card was declined.", declined: true };
  return null;
}

interface PageModel {
  action: string;
  heading: string;
  price: PaddlePriceEntity | null;
  hidden: Record<string, string>;
  email: string;
  error: string | null;
  button: string;
}

function renderPage(m: PageModel): string {
  const amount = m.price
    ? toDisplayAmount(m.price.unit_price.amount, m.price.unit_price.currency_code)
    : null;
  const hidden = Object.entries(m.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.heading)} · Paddle checkout (emulator)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f7;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:40px 16px;padding:28px;border-radius:12px;max-width:420px;width:100%;box-shadow:0 2px 12px #0002}
label{display:block;margin-top:14px;font-size:14px;color:#333}
input{display:block;width:100%;box-sizing:border-box;padding:10px;margin-top:4px;font-size:16px;border:1px solid #bbb;border-radius:6px}
button{margin-top:22px;width:100%;padding:12px;font-size:17px;border:0;border-radius:6px;background:#1f6feb;color:#fff;cursor:pointer}
.price{font-size:28px;font-weight:600;margin:8px 0}.note{color:#666;font-size:13px;margin-top:18px}
.error{background:#fde8e8;color:#9b1c1c;padding:10px;border-radius:6px;margin-top:14px}
.row{display:flex;gap:12px}.row label{flex:1}
</style></head>
<body><main>
<h1>${escapeHtml(m.heading)}</h1>
${m.price ? `<p>${escapeHtml(m.price.description)}</p><p class="price" data-testid="checkout-price">${escapeHtml(amount ?? "")} ${escapeHtml(m.price.unit_price.currency_code)} <small>/ year</small></p>` : ""}
${m.error ? `<p class="error" role="alert">${escapeHtml(m.error)}</p>` : ""}
<form method="post" action="${escapeHtml(m.action)}">${hidden}
<label>Email<input name="email" type="email" required autocomplete="email" value="${escapeHtml(m.email)}"></label>
<label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="${demoTestCard}"></label>
<div class="row"><label>Expiry<input name="expiry" autocomplete="cc-exp" required placeholder="MM/YY"></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"></label></div>
<button type="submit">${escapeHtml(m.button)}</button>
</form>
<p class="note">Emulated Paddle checkout: no money moves. ${demoTestCard} is accepted; 4000 0000 0000 0002 is declined.</p>
</main></body></html>`;
}

export interface CheckoutOptions {
  base: string;
  /** the app's origin: success URLs must point there */
  appOrigin: string;
  defaultSuccessPath: string;
  defaultPaymentUpdatedPath: string;
}

/** Only the app's own pages are valid return targets (no open redirect). */
function safeReturnUrl(raw: string | undefined, fallbackPath: string, appOrigin: string): string {
  const fallback = `${appOrigin}${fallbackPath}`;
  if (!raw) return fallback;
  try {
    const url = new URL(raw, appOrigin);
    return url.origin === appOrigin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

export function mountCheckout(app: Hono, world: PaddleWorld, opts: CheckoutOptions) {
  const action = `${opts.base}/checkout`;
  const html = (c: Context, body: string, status = 200) => c.html(body, status as 200);

  const model = (fields: Record<string, string | undefined>, error: string | null): PageModel | string => {
    const transactionId = fields._ptxn;
    if (transactionId) {
      const txn = world.transaction(transactionId);
      if (txn?.origin !== "subscription_payment_method_change") return "This checkout link is not valid.";
      return {
        action,
        heading: "Update payment details",
        price: null,
        hidden: { _ptxn: transactionId, success_url: fields.success_url ?? "" },
        email: fields.email ?? "",
        error,
        button: "Save card",
      };
    }
    const price = world.price(fields.price_id ?? "");
    if (!price) return "Unknown price.";
    if (!fields.user_id) return "The checkout needs custom data with a user_id.";
    const amount = toDisplayAmount(price.unit_price.amount, price.unit_price.currency_code);
    return {
      action,
      heading: "Crate Premium",
      price,
      hidden: { price_id: price.id, user_id: fields.user_id, success_url: fields.success_url ?? "" },
      email: fields.email ?? "",
      error,
      button: `Pay ${amount} ${price.unit_price.currency_code}`,
    };
  };

  const problemPage = (c: Context, text: string) =>
    html(
      c,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main><h1>Checkout unavailable</h1><p role="alert">${escapeHtml(text)}</p></main></body></html>`,
      400,
    );

  app.get(action, (c) => {
    const m = model(c.req.query(), null);
    return typeof m === "string" ? problemPage(c, m) : html(c, renderPage(m));
  });

  app.post(action, async (c) => {
    let form: Awaited<ReturnType<typeof c.req.parseBody>>;
    try {
      form = await c.req.parseBody();
    } catch {
      return problemPage(c, "The form could not be read.");
    }
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) if (typeof v === "string") fields[k] = v;
    const m = model(fields, null);
    if (typeof m === "string") return problemPage(c, m);
    const problem = cardProblem(
      { cardNumber: fields.card_number ?? "", expiry: fields.expiry ?? "", cvc: fields.cvc ?? "" },
      world.now(),
    );
    if (problem) return html(c, renderPage({ ...m, error: problem.text }), problem.declined ? 402 : 422);
    const email = (fields.email ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return html(c, renderPage({ ...m, error: "Enter a valid email address." }), 422);
    try {
      if (fields._ptxn) {
        await world.completePaymentMethodUpdate(fields._ptxn);
        return c.redirect(
          safeReturnUrl(fields.success_url, opts.defaultPaymentUpdatedPath, opts.appOrigin),
          303,
        );
      }
      await world.checkout({ priceId: m.hidden.price_id ?? "", userId: fields.user_id ?? "", email });
      return c.redirect(safeReturnUrl(fields.success_url, opts.defaultSuccessPath, opts.appOrigin), 303);
    } catch (err) {
      if (err instanceof PaddleEmulatorError) return problemPage(c, err.detail);
      throw err;
    }
  });
}
