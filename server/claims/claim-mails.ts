/**
 * The mails a claim sends its insured (issue 19 item 4): a receipt when they report it, a word
 * each time whoever handles it moves it, and each message the handler writes. Each names the
 * claim's number (what people quote on the phone) and links to the claims screen, on the
 * broker's branded site when the policy came through one.
 */
import { CLAIM_KIND_WORDS, claimFacts } from '@shared/contract/claim-facts';
import type { Claim, ClaimStatus } from '@shared/contract/claims';
import type { OutgoingMail } from '@server/mail/outbox';
import { greet, render, type Block } from '@server/mail/templates';

type Addressee = { to: string; firstName: string | null; claimNumber: string; claimUrl: string };

const seeClaim = (claimUrl: string): Block => ({ link: claimUrl, label: 'Follow your claim' });

/** What the report told us, one fact a line ("Claimant: Harbor Tower Owners LLC"). */
const factsBlock = (claim: ReportedClaim): Block => ({
  quote: claimFacts(claim)
    .map((fact) => `${fact.label}: ${fact.value}`)
    .join('\n'),
});

export type ReportedClaim = Pick<
  Claim,
  | 'kind'
  | 'policyNumber'
  | 'dateOfLoss'
  | 'actDate'
  | 'claimant'
  | 'lawsuitFiled'
  | 'amountDemandedCents'
  | 'description'
>;

/** The receipt of a report: what was recorded, and what happens next. */
export function claimReceivedMail(input: Addressee & { claim: ReportedClaim }): OutgoingMail {
  const { claim } = input;
  const what = claim.kind === 'circumstance' ? 'notice of circumstance' : 'claim';
  return render(input.to, `We have received your ${what} ${input.claimNumber}`, greet(input.firstName), [
    {
      text: `Thank you for telling us. Your ${what} ${input.claimNumber} on policy ${claim.policyNumber} is recorded as you reported it:`,
    },
    factsBlock(claim),
    { quote: claim.description },
    {
      text:
        'We acknowledge every report within one business day, and a claims handler then tells you what happens next. ' +
        'Until then, add any documents you have (letters, the demand, court papers) and write to us on the claim. ' +
        'Please don’t admit liability or agree to a settlement or payment: we handle that with you.',
    },
    seeClaim(input.claimUrl),
  ]);
}

/** What each status means to the insured, after "Your claim C-… ". */
const MOVED_WORDS: Record<ClaimStatus, { subject: string; text: string }> = {
  reported: { subject: 'is reported', text: 'is reported and waiting for a claims handler.' },
  acknowledged: {
    subject: 'is acknowledged',
    text: 'is acknowledged: a claims handler has it and will be in touch about what happens next.',
  },
  under_review: {
    subject: 'is under review',
    text: 'is under review: the claims handler is looking into it and may ask you for documents.',
  },
  closed: { subject: 'is closed', text: 'is closed. You can still read it, its messages and its documents.' },
};

/** A handler moved the claim: its new status in words and what they said with it. */
export function claimMovedMail(
  input: Addressee & { from: ClaimStatus; status: ClaimStatus; handlerName: string; note: string | null },
): OutgoingMail {
  const words = MOVED_WORDS[input.status];
  const reopened = input.from === 'closed';
  return render(
    input.to,
    `Your claim ${input.claimNumber} ${reopened ? 'is reopened' : words.subject}`,
    greet(input.firstName),
    [
      { text: `Your claim ${input.claimNumber} ${reopened ? `is reopened and ${words.text}` : words.text}` },
      ...(input.note ? [{ text: `${input.handlerName} wrote:` }, { quote: input.note }] : []),
      seeClaim(input.claimUrl),
    ],
  );
}

/** The handler wrote to the insured on the claim: their words, and where to answer. */
export function claimMessageMail(input: Addressee & { handlerName: string; body: string }): OutgoingMail {
  return render(input.to, `A message about your claim ${input.claimNumber}`, greet(input.firstName), [
    { text: `${input.handlerName}, who handles your claim ${input.claimNumber}, wrote:` },
    { quote: input.body },
    { text: 'Answer on the claim itself, where you can also add documents.' },
    seeClaim(input.claimUrl),
  ]);
}

/** The claim's own page (screen `claim`): on the broker's branded site when the policy came through one. */
export function claimUrl(publicUrl: string, clientUrl: string | null, claimId: number): string {
  return clientUrl ? `${publicUrl}/client/claim/${claimId}/${clientUrl}` : `${publicUrl}/claim/${claimId}`;
}

/** Who is told that the insured wrote or attached something: the handler by first name. */
type HandlerAddressee = {
  to: string;
  firstName: string | null;
  claimNumber: string;
  policyNumber: string;
  /** The insured as the desk names them: "Dana Reyes (Reyes Dental)". */
  insured: string;
  deskUrl: string;
};

const openOnDesk = (deskUrl: string): Block => ({ link: deskUrl, label: 'Open the claim on the claims desk' });

/** The insured wrote on the claim: their words, and the claim on the desk to answer from. */
export function claimInsuredMessageMail(input: HandlerAddressee & { body: string }): OutgoingMail {
  return render(input.to, `Claim ${input.claimNumber}: a message from the insured`, greet(input.firstName), [
    { text: `${input.insured}, the insured on claim ${input.claimNumber} (policy ${input.policyNumber}), wrote:` },
    { quote: input.body },
    { text: 'Answer on the claim itself: the insured is mailed your answer.' },
    openOnDesk(input.deskUrl),
  ]);
}

/** The insured attached files to the claim: their names (the files stay on the claim, not in the mail). */
export function claimInsuredFilesMail(input: HandlerAddressee & { filenames: string[] }): OutgoingMail {
  const files = input.filenames.length === 1 ? 'a file' : `${input.filenames.length} files`;
  return render(input.to, `Claim ${input.claimNumber}: the insured attached ${files}`, greet(input.firstName), [
    {
      text: `${input.insured}, the insured on claim ${input.claimNumber} (policy ${input.policyNumber}), attached ${files}:`,
    },
    { quote: input.filenames.join('\n') },
    openOnDesk(input.deskUrl),
  ]);
}

/**
 * A new report, to the claims desk: everything the insured reported, so the handler can
 * acknowledge it from the mail. Its subject does not start "Claim C-…:" as the mails about an
 * insured's later words do: it is the report itself.
 */
export function claimReportedDeskMail(
  input: Omit<HandlerAddressee, 'policyNumber'> & { claim: ReportedClaim },
): OutgoingMail {
  const { claim } = input;
  const kind = CLAIM_KIND_WORDS[claim.kind].toLowerCase();
  return render(
    input.to,
    `New ${kind} ${input.claimNumber} on policy ${claim.policyNumber}${claim.lawsuitFiled ? ': lawsuit filed' : ''}`,
    greet(input.firstName),
    [
      {
        text: `${input.insured} reported a ${kind}, ${input.claimNumber}, on policy ${claim.policyNumber}:`,
      },
      factsBlock(claim),
      { quote: claim.description },
      { text: 'The insured was told we acknowledge every report within one business day.' },
      openOnDesk(input.deskUrl),
    ],
  );
}

/** The claim opened on the claims desk (screen `claims-desk`), where handlers work: never branded. */
export function claimDeskUrl(publicUrl: string, claimId: number): string {
  return `${publicUrl}/underwriting/claims?claimid=${claimId}`;
}
