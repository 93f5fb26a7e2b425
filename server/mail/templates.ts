/**
 * The mails identity (and, from issue 7, the underwriter's desk) sends, each as a text part and
 * an HTML part saying the same thing. Every value interpolated into HTML is escaped; links are
 * built by the server from PUBLIC_URL.
 */
import { formatCalendarDay } from '@shared/contract/date-format';
import { coverStopsSentence } from '@shared/contract/cover-stops';
import type { OutgoingMail } from '@server/mail/outbox';

export const PRODUCT_NAME = 'Practice Shield';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

/** A paragraph; a button link; someone's own words, kept as written (line breaks included). */
export type Block = { text: string } | { link: string; label: string } | { quote: string };

const BUTTON =
  'display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px';

/** A button, and the address spelled out for mail clients that strip links. */
const linkHtml = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="${BUTTON}">${escapeHtml(label)}</a></p>\n` +
  `<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(link)}</p>`;

const QUOTE = 'margin:12px 0;padding:8px 14px;border-left:4px solid #1d4ed8;background:#f3f4f6;white-space:pre-wrap';

const blockText = (b: Block) =>
  'link' in b ? [`${b.label}: ${b.link}`, ''] : 'quote' in b ? [b.quote, ''] : [b.text, ''];
const blockHtml = (b: Block) =>
  'link' in b
    ? linkHtml(b.link, b.label)
    : 'quote' in b
      ? `<blockquote style="${QUOTE}">${escapeHtml(b.quote)}</blockquote>`
      : `<p>${escapeHtml(b.text)}</p>`;

export function render(to: string, subject: string, greeting: string, blocks: Block[]): OutgoingMail {
  const lines = blocks.flatMap(blockText);
  const text = [greeting, '', ...lines, `— ${PRODUCT_NAME}`].join('\n');
  const body = blocks.map(blockHtml).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
${body}
<p>— ${PRODUCT_NAME}</p>
</body></html>
`;
  return { to, subject, text, html };
}

export const greet = (firstName: string | null | undefined) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function welcomeMail(input: { to: string; firstName: string; signInUrl: string }): OutgoingMail {
  return render(input.to, `Welcome to ${PRODUCT_NAME}`, greet(input.firstName), [
    {
      text: `Your ${PRODUCT_NAME} account for ${input.to} is ready. You can come back to your quotes and orders at any time.`,
    },
    { link: input.signInUrl, label: 'Sign in' },
    { text: 'If you did not create this account, ignore this e-mail or reply to let us know.' },
  ]);
}

export function passwordResetMail(input: { to: string; firstName: string | null; resetUrl: string }): OutgoingMail {
  return render(input.to, `Reset your ${PRODUCT_NAME} password`, greet(input.firstName), [
    { text: `Someone (hopefully you) asked to reset the password of the ${PRODUCT_NAME} account for ${input.to}.` },
    { link: input.resetUrl, label: 'Choose a new password' },
    {
      text: 'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    },
  ]);
}

export function passwordChangedMail(input: { to: string; firstName: string | null; forgotUrl: string }): OutgoingMail {
  return render(input.to, `Your ${PRODUCT_NAME} password was changed`, greet(input.firstName), [
    {
      text: `The password of your ${PRODUCT_NAME} account ${input.to} was just changed, and every device signed in with the old one was signed out.`,
    },
    { text: 'If this was not you, reset your password now:' },
    { link: input.forgotUrl, label: 'Reset my password' },
  ]);
}

/** After Google sign-in was linked to an account that had a password: the password is gone. */
export function googleLinkedMail(input: { to: string; firstName: string | null; forgotUrl: string }): OutgoingMail {
  return render(input.to, `Google sign-in was linked to your ${PRODUCT_NAME} account`, greet(input.firstName), [
    {
      text: `Your ${PRODUCT_NAME} account ${input.to} was just signed in to with Google for the first time. From now on you sign in with Google.`,
    },
    {
      text: 'To keep the account yours alone, its password was removed and every device signed in before was signed out. If you want to sign in with a password as well, choose one here:',
    },
    { link: input.forgotUrl, label: 'Choose a password' },
    { text: 'If this was not you, reply to this e-mail to let us know.' },
  ]);
}

/** An underwriter's request for information on an order (issue 7): their words, and where to answer. */
/** An underwriter's decision on a referred order: approved (pay to bind) or declined, with the reason given. */
export function decisionMail(input: {
  to: string;
  firstName: string | null;
  orderNumber: string;
  decision: 'approved' | 'declined';
  reason: string | null;
  orderUrl: string;
}): OutgoingMail {
  if (input.decision === 'approved') {
    return render(input.to, `Order ${input.orderNumber} is approved`, greet(input.firstName), [
      {
        text: `Our underwriter has approved your order ${input.orderNumber}. Pay the first installment to bind your policy.`,
      },
      ...(input.reason ? [{ quote: input.reason }] : []),
      { link: input.orderUrl, label: 'See your order' },
    ]);
  }
  return render(input.to, `Order ${input.orderNumber}: we cannot offer cover`, greet(input.firstName), [
    { text: `Our underwriter has reviewed your order ${input.orderNumber} and we cannot offer this cover:` },
    ...(input.reason ? [{ quote: input.reason }] : []),
    { link: input.orderUrl, label: 'See your order' },
  ]);
}

export function infoRequestMail(input: {
  to: string;
  firstName: string | null;
  orderNumber: string;
  message: string;
  answerUrl: string;
}): OutgoingMail {
  return render(
    input.to,
    `Order ${input.orderNumber}: our underwriter needs more information`,
    greet(input.firstName),
    [
      {
        text: `Our underwriter has reviewed your order ${input.orderNumber} and needs more from you before it can go ahead:`,
      },
      { quote: input.message },
      { link: input.answerUrl, label: 'Supply the information' },
      { text: 'Upload the documents or change your answers there, then send the order back to the underwriter.' },
    ],
  );
}

/** After payment: the policy is bound and issued; its declarations, binder and invoice are attached. */
export function orderConfirmationMail(input: {
  to: string;
  firstName: string | null;
  orderNumber: string;
  policyNumber: string;
  speciality: string;
  effectiveDate: string;
  expirationDate: string;
  /** The year's total, formatted. */
  paid: string;
  documentsUrl: string;
}): OutgoingMail {
  return render(input.to, `Your policy ${input.policyNumber} is issued`, greet(input.firstName), [
    {
      text:
        `Thank you: we have received your payment for order ${input.orderNumber}, and your ${input.speciality} professional ` +
        `liability policy ${input.policyNumber} is issued. It covers ${formatCalendarDay(input.effectiveDate)} to ${formatCalendarDay(input.expirationDate)} ` +
        `at a yearly total of ${input.paid}.`,
    },
    {
      text: 'Your declarations page, binder and invoice are attached. The full policy and every document are on your documents page.',
    },
    { link: input.documentsUrl, label: 'Your documents' },
  ]);
}

/**
 * A copy of an order's confirmation or summary, sent where the insured asked (their accountant,
 * a practice manager): it says who sent it, and nothing beyond the attached PDF.
 */
export function sharedDocumentMail(input: {
  to: string;
  senderName: string;
  senderEmail: string;
  orderNumber: string;
  what: 'order summary' | 'order confirmation';
  policyNumber: string | null;
}): OutgoingMail {
  const subject =
    input.what === 'order summary'
      ? // Not the sender's name: it is whatever they typed, and a subject line is where spam speaks.
        `Order summary ${input.orderNumber} from ${PRODUCT_NAME}`
      : `Order confirmation ${input.orderNumber}${input.policyNumber ? `, policy ${input.policyNumber}` : ''}`;
  return render(input.to, subject, 'Hello,', [
    {
      text:
        `${input.senderName} (${input.senderEmail}) asked ${PRODUCT_NAME} to send you the ${input.what} of their ` +
        `professional liability order ${input.orderNumber}${input.policyNumber ? ` (policy ${input.policyNumber})` : ''}. It is attached as a PDF.`,
    },
    {
      text: `If you did not expect this e-mail, you can ignore it: ${PRODUCT_NAME} will not write to you again unless someone sends you another.`,
    },
  ]);
}

/** A policy cancelled at the insured's request: the notice is attached; the tail still on offer. */
export function cancellationNoticeMail(input: {
  to: string;
  firstName: string | null;
  policyNumber: string;
  cancellationDate: string;
  /** The business day it is sent: a cancellation from today has already stopped the cover. */
  today: string;
  /** The return premium owed, formatted. */
  returned: string;
  /** A payment plan's premium still unpaid, set against the return (issue 20), formatted: what is left either way. */
  unpaid?: { unpaid: string; net: string; owedToInsured: boolean };
  /** The tail's lengths and prices, formatted ("1 year: $1,234.00"). */
  tails: string[];
  documentsUrl: string;
}): OutgoingMail {
  const cancelled =
    `As you asked, your policy ${input.policyNumber} is cancelled. ` +
    coverStopsSentence(input.cancellationDate, input.today);
  const { unpaid } = input;
  let money = ` The return premium owed to you is ${input.returned}.`;
  if (unpaid) {
    money = unpaid.owedToInsured
      ? ` The return premium, ${input.returned}, less the ${unpaid.unpaid} of instalments unpaid, leaves ${unpaid.net} owed to you.`
      : ` The return premium, ${input.returned}, less the ${unpaid.unpaid} of instalments unpaid, leaves ${unpaid.net} ` +
        'of premium earned for the days you were covered still to pay.';
  }
  return render(input.to, `Your policy ${input.policyNumber} is cancelled`, greet(input.firstName), [
    { text: cancelled + money },
    {
      text:
        'It is a claims-made policy: claims first made after the cancellation are not covered unless you buy an ' +
        `extended reporting period (tail). On offer: ${input.tails.join('; ')}.`,
    },
    { text: 'The notice of cancellation is attached, and kept with your documents.' },
    { link: input.documentsUrl, label: 'Your documents' },
  ]);
}

/**
 * A renewal offer (issue 20), to the insured (a link to accept and pay) or, with `broker`, to the
 * broker the policy came through (the insured's name, no link to act for them).
 */
export function renewalOfferMail(input: {
  to: string;
  firstName: string | null;
  policyNumber: string;
  speciality: string;
  effectiveDate: string;
  expirationDate: string;
  /** The new year's total, formatted; null when new questions must be answered before it is priced. */
  premium: string | null;
  /** How many questions are new or changed since last year. */
  asked: number;
  renewalUrl: string;
  broker?: { insuredEmail: string };
}): OutgoingMail {
  const period = `${formatCalendarDay(input.effectiveDate)} to ${formatCalendarDay(input.expirationDate)}`;
  const priced = input.premium
    ? `The renewal for ${period} is ${input.premium} for the year, priced on today's rates with last year's answers.`
    : `The renewal for ${period} is priced once you answer the new questions.`;
  const questions =
    input.asked > 0
      ? `${input.asked === 1 ? 'One question is' : `${input.asked} questions are`} new or changed since last year: only ${input.asked === 1 ? 'it is' : 'those are'} asked.`
      : 'Nothing new is asked: your answers from last year carry over.';
  if (input.broker) {
    return render(input.to, `Renewal offered: ${input.policyNumber}`, 'Hello,', [
      {
        text: `Your client ${input.broker.insuredEmail}'s ${input.speciality} policy ${input.policyNumber} has been offered its renewal. ${priced}`,
      },
      { text: questions },
      { text: 'They accept and pay it from their dashboard; it shows in your book until then.' },
    ]);
  }
  return render(input.to, `Your renewal offer for policy ${input.policyNumber}`, greet(input.firstName), [
    {
      text: `Your ${input.speciality} professional liability policy ${input.policyNumber} ends on ${formatCalendarDay(input.effectiveDate)}. ${priced}`,
    },
    { text: questions },
    { text: 'Accept and pay in one step: the new period starts the day this one ends, with no gap in cover.' },
    { link: input.renewalUrl, label: 'See your renewal' },
  ]);
}

/**
 * A renewal bound (paid, its new term issued), to the broker the policy came through: the insured
 * has the confirmation with the documents; the broker learns the client stays covered.
 */
export function renewalBoundMail(input: {
  to: string;
  insuredEmail: string;
  speciality: string;
  /** The expiring term's number, and the new term's (P-…-R1). */
  policyNumber: string;
  renewalNumber: string;
  effectiveDate: string;
  expirationDate: string;
  /** The new year's total, formatted. */
  total: string;
}): OutgoingMail {
  return render(input.to, `Renewal bound: ${input.renewalNumber}`, 'Hello,', [
    {
      text:
        `Your client ${input.insuredEmail}'s ${input.speciality} policy ${input.policyNumber} is renewed: their renewal ` +
        `was paid and policy ${input.renewalNumber} is issued for ${formatCalendarDay(input.effectiveDate)} to ` +
        `${formatCalendarDay(input.expirationDate)}, at a yearly total of ${input.total}.`,
    },
    { text: 'Its declarations, policy and binder are issued to your client.' },
  ]);
}

/** The policy ends soon unrenewed (issue 20): to the insured, or the broker with `broker`. */
export function expiryReminderMail(input: {
  to: string;
  firstName: string | null;
  policyNumber: string;
  expirationDate: string;
  daysLeft: number;
  renewalUrl: string;
  broker?: { insuredEmail: string };
}): OutgoingMail {
  const when = `${formatCalendarDay(input.expirationDate)} (in ${input.daysLeft} day${input.daysLeft === 1 ? '' : 's'})`;
  if (input.broker) {
    return render(
      input.to,
      `Not yet renewed: ${input.policyNumber} ends ${formatCalendarDay(input.expirationDate)}`,
      'Hello,',
      [
        {
          text: `Your client ${input.broker.insuredEmail}'s policy ${input.policyNumber} ends on ${when} and has not been renewed.`,
        },
      ],
    );
  }
  return render(
    input.to,
    `Your policy ${input.policyNumber} ends on ${formatCalendarDay(input.expirationDate)}`,
    greet(input.firstName),
    [
      { text: `Your policy ${input.policyNumber} ends at 12:01 a.m. on ${when} and has not been renewed yet.` },
      {
        text: 'It is a claims-made policy: claims first made after it ends are not covered unless it is renewed (or a tail is bought).',
      },
      { link: input.renewalUrl, label: 'Renew your policy' },
    ],
  );
}

/** The period ended unrenewed (issue 20): to the insured, or the broker with `broker`. */
export function policyExpiredMail(input: {
  to: string;
  firstName: string | null;
  policyNumber: string;
  expirationDate: string;
  policyUrl: string;
  broker?: { insuredEmail: string };
}): OutgoingMail {
  const subject = `Policy ${input.policyNumber} has expired`;
  if (input.broker) {
    return render(input.to, subject, 'Hello,', [
      {
        text: `Your client ${input.broker.insuredEmail}'s policy ${input.policyNumber} expired on ${formatCalendarDay(input.expirationDate)} without renewal.`,
      },
    ]);
  }
  return render(input.to, subject, greet(input.firstName), [
    {
      text: `Your policy ${input.policyNumber} expired at 12:01 a.m. on ${formatCalendarDay(input.expirationDate)}: it was not renewed.`,
    },
    { text: 'An Extended Reporting Period (tail) can still be bought for claims reported later.' },
    { link: input.policyUrl, label: 'Your policy' },
  ]);
}

// ---------------------------------------------------------------------------------------------
// A payment plan's later instalments (issue 20). `payUrl` pays exactly that instalment: the
// insured signs in if need be and lands on it, one button from the hosted checkout.

type InstalmentMailInput = {
  to: string;
  firstName: string | null;
  policyNumber: string;
  /** "2 of 10". */
  which: string;
  /** Formatted. */
  amount: string;
  dueDate: string;
  invoiceNumber: string;
  payUrl: string;
};

export function instalmentInvoiceMail(input: InstalmentMailInput): OutgoingMail {
  return render(
    input.to,
    `Instalment ${input.which} of policy ${input.policyNumber}: ${input.amount} due ${formatCalendarDay(input.dueDate)}`,
    greet(input.firstName),
    [
      {
        text:
          `Instalment ${input.which} of your policy ${input.policyNumber}, ${input.amount}, is due on ` +
          `${formatCalendarDay(input.dueDate)} (invoice ${input.invoiceNumber}).`,
      },
      { link: input.payUrl, label: `Pay ${input.amount}` },
      { text: 'Paying is done on our secure payment page; we never see your card number.' },
    ],
  );
}

export function instalmentReminderMail(input: InstalmentMailInput & { when: 'before' | 'after' }): OutgoingMail {
  const due = formatCalendarDay(input.dueDate);
  return render(
    input.to,
    input.when === 'before'
      ? `Reminder: ${input.amount} due ${due} on policy ${input.policyNumber}`
      : `Overdue: ${input.amount} was due ${due} on policy ${input.policyNumber}`,
    greet(input.firstName),
    [
      {
        text:
          input.when === 'before'
            ? `A reminder that instalment ${input.which} of your policy ${input.policyNumber}, ${input.amount}, is due on ${due}.`
            : `Instalment ${input.which} of your policy ${input.policyNumber}, ${input.amount}, was due on ${due} and ` +
              'we have not received it. Please pay it now: if it stays unpaid, we will have to send a notice of ' +
              'cancellation for non-payment.',
      },
      { link: input.payUrl, label: `Pay ${input.amount}` },
    ],
  );
}

export function nonPaymentNoticeMail(input: InstalmentMailInput & { coverEnds: string }): OutgoingMail {
  const ends = formatCalendarDay(input.coverEnds);
  return render(
    input.to,
    `Notice of cancellation for non-payment: policy ${input.policyNumber}`,
    greet(input.firstName),
    [
      {
        text:
          `Instalment ${input.which} of your policy ${input.policyNumber}, ${input.amount}, was due on ` +
          `${formatCalendarDay(input.dueDate)} and is still unpaid. This is notice that your policy will be cancelled ` +
          `for non-payment from 12:01 a.m. on ${ends} unless it is paid before then.`,
      },
      { text: 'Paying it in full before that day withdraws this notice: your cover continues as before.' },
      { link: input.payUrl, label: `Pay ${input.amount} now` },
    ],
  );
}

export function instalmentPaidMail(input: {
  to: string;
  firstName: string | null;
  policyNumber: string;
  which: string;
  amount: string;
  invoiceNumber: string;
  /** The notice of cancellation this payment withdrew, if any. */
  reinstated: boolean;
  policyUrl: string;
}): OutgoingMail {
  return render(
    input.to,
    input.reinstated
      ? `Policy ${input.policyNumber} is back in force: payment received`
      : `Payment received: instalment ${input.which} of policy ${input.policyNumber}`,
    greet(input.firstName),
    [
      {
        text: `We received ${input.amount} for instalment ${input.which} (invoice ${input.invoiceNumber}). Thank you.`,
      },
      ...(input.reinstated
        ? [{ text: `The notice of cancellation is withdrawn: your policy ${input.policyNumber} is in force.` }]
        : []),
      { link: input.policyUrl, label: 'Your policy' },
    ],
  );
}

export function nonPaymentCancellationMail(input: {
  to: string;
  firstName: string | null;
  policyNumber: string;
  cancellationDate: string;
  /** Formatted: the pro rata return, the unpaid premium set against it, and what is left either way. */
  returned: string;
  unpaid: string;
  net: string;
  /** Whether the net is owed to the insured (true) or by them (false). */
  owedToInsured: boolean;
  documentsUrl: string;
}): OutgoingMail {
  return render(input.to, `Your policy ${input.policyNumber} is cancelled for non-payment`, greet(input.firstName), [
    {
      text:
        `The instalment of your policy ${input.policyNumber} stayed unpaid to the end of the notice, so the policy is ` +
        `cancelled for non-payment from 12:01 a.m. on ${formatCalendarDay(input.cancellationDate)}. Claims first ` +
        'made after that are not covered.',
    },
    {
      text: input.owedToInsured
        ? `The return premium, ${input.returned} pro rata, less the ${input.unpaid} unpaid, leaves ${input.net} owed to you.`
        : `The return premium, ${input.returned} pro rata, less the ${input.unpaid} unpaid, leaves ${input.net} ` +
          'of premium earned for the days you were covered still to pay.',
    },
    { text: 'The notice of cancellation is attached, and kept with your documents.' },
    { link: input.documentsUrl, label: 'Your documents' },
  ]);
}
