/**
 * The mails identity sends, each as a text part and an HTML part saying the same thing. Every
 * value interpolated into HTML is escaped; links are built by the server from PUBLIC_URL.
 */
import type { OutgoingMail } from '@server/mail/outbox';

export const PRODUCT_NAME = 'Practice Shield';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!);

type Block = { text: string } | { link: string; label: string };

const BUTTON =
  'display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px';

/** A button, and the address spelled out for mail clients that strip links. */
const linkHtml = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="${BUTTON}">${escapeHtml(label)}</a></p>\n` +
  `<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(link)}</p>`;

function render(to: string, subject: string, greeting: string, blocks: Block[]): OutgoingMail {
  const lines = blocks.flatMap((b) => ('link' in b ? [`${b.label}: ${b.link}`, ''] : [b.text, '']));
  const text = [greeting, '', ...lines, `— ${PRODUCT_NAME}`].join('\n');
  const body = blocks.map((b) => ('link' in b ? linkHtml(b.link, b.label) : `<p>${escapeHtml(b.text)}</p>`)).join('\n');
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

const greet = (firstName: string | null | undefined) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function welcomeMail(input: { to: string; firstName: string; signInUrl: string }): OutgoingMail {
  return render(input.to, `Welcome to ${PRODUCT_NAME}`, greet(input.firstName), [
    { text: `Your ${PRODUCT_NAME} account for ${input.to} is ready. You can come back to your quotes and orders at any time.` },
    { link: input.signInUrl, label: 'Sign in' },
    { text: 'If you did not create this account, ignore this e-mail or reply to let us know.' },
  ]);
}

export function passwordResetMail(input: { to: string; firstName: string | null; resetUrl: string }): OutgoingMail {
  return render(input.to, `Reset your ${PRODUCT_NAME} password`, greet(input.firstName), [
    { text: `Someone (hopefully you) asked to reset the password of the ${PRODUCT_NAME} account for ${input.to}.` },
    { link: input.resetUrl, label: 'Choose a new password' },
    { text: 'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.' },
  ]);
}

export function passwordChangedMail(input: { to: string; firstName: string | null; forgotUrl: string }): OutgoingMail {
  return render(input.to, `Your ${PRODUCT_NAME} password was changed`, greet(input.firstName), [
    { text: `The password of your ${PRODUCT_NAME} account ${input.to} was just changed, and every device signed in with the old one was signed out.` },
    { text: 'If this was not you, reset your password now:' },
    { link: input.forgotUrl, label: 'Reset my password' },
  ]);
}

/** After Google sign-in was linked to an account that had a password: the password is gone. */
export function googleLinkedMail(input: { to: string; firstName: string | null; forgotUrl: string }): OutgoingMail {
  return render(input.to, `Google sign-in was linked to your ${PRODUCT_NAME} account`, greet(input.firstName), [
    { text: `Your ${PRODUCT_NAME} account ${input.to} was just signed in to with Google for the first time. From now on you sign in with Google.` },
    { text: 'To keep the account yours alone, its password was removed and every device signed in before was signed out. If you want to sign in with a password as well, choose one here:' },
    { link: input.forgotUrl, label: 'Choose a password' },
    { text: 'If this was not you, reply to this e-mail to let us know.' },
  ]);
}
