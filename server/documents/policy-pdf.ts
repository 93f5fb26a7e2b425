/**
 * The policy as issued: the declarations page (who is insured, for what, when, for how much),
 * and, for the full policy, the coverage form after it: plain-English claims-made professional
 * liability wording. The wording is sample wording written for this portal, not a filed form,
 * and says so on the page.
 */
import { dayOf } from '@shared/calendar';
import { formatUpToTwoDecimals } from '@shared/contract/number-format';
import type { PolicyDocumentData } from '@server/documents/document-data';
import {
  brokerText,
  coverageText,
  locationList,
  PdfWriter,
  policyPeriod,
  priceTable,
  usDate,
} from '@server/documents/pdf-layout';
import { limitsSection, namedInsuredSection } from '@server/documents/policy-sections';

export type PolicyDocumentType = 'policy' | 'declarations';

export const DECLARATIONS_TITLE = 'Professional Liability Policy — Declarations';
const POLICY_TITLE = 'Professional Liability Policy';
const FORM_TITLE = 'Professional Liability Coverage Form';
const FORM_NUMBER = 'PS-PL 01 (sample)';

/** +1000 basis points → "+10 %", -250 → "-2.5 %". */
export function adjustmentText(bps: number): string {
  const percent = formatUpToTwoDecimals(Math.abs(bps) / 100);
  return `${bps < 0 ? '-' : '+'}${percent} %`;
}

function declarations(writer: PdfWriter, data: PolicyDocumentData) {
  writer.title(DECLARATIONS_TITLE, `Issued ${usDate(dayOf(data.issuedAt))}`);

  writer.heading('Policy');
  writer.field('Policy number', data.policyNumber, { bold: true });
  writer.field('Order number', data.orderNumber);
  writer.field('Policy period', policyPeriod(data.effectiveDate, data.expirationDate));
  writer.field('Coverage', coverageText(data.specialityName));
  writer.field('Form', 'Claims-made and reported');
  writer.field('Retroactive date', usDate(data.retroactiveDate));
  writer.field('State', data.stateName);
  writer.field('Issue date', usDate(dayOf(data.issuedAt)));
  writer.space(6);

  namedInsuredSection(writer, data);
  limitsSection(writer, data);

  writer.heading('Premium');
  priceTable(writer, data.price);
  writer.field('Payment plan', data.paymentTermName);
  if (data.adjustmentBps !== null) {
    writer.paragraph(
      `Underwriter’s adjustment: ${adjustmentText(data.adjustmentBps)} (included in the premium above).`,
    );
  }
  writer.space(6);

  writer.heading('Covered locations');
  locationList(writer, data.locations);
  writer.space(6);

  writer.heading('Producer');
  writer.field('Broker', brokerText(data.broker));
  writer.space(8);

  if (data.endorsements?.length) {
    writer.heading('Endorsements');
    for (const endorsement of data.endorsements) {
      writer.paragraph(
        `${endorsement.number}, effective ${usDate(endorsement.effectiveDate)}: ${endorsement.summary}.`,
      );
    }
    writer.space(8);
  }

  writer.paragraph(
    'These declarations, together with the coverage form and any endorsements issued to form a part of it, complete the ' +
      'policy. Coverage applies only to claims first made against the insured during the policy period and reported as the ' +
      'policy requires.',
    { size: 8.5 },
  );
}

type Clause = { title?: string; text: string };
type Part = { heading: string; clauses: Clause[] };

/** The sample coverage form, part by part: plain English, claims-made and reported. */
const COVERAGE_FORM: Part[] = [
  {
    heading: 'About this form',
    clauses: [
      {
        text:
          'SAMPLE WORDING. This coverage form illustrates how a claims-made professional liability policy reads. It was written ' +
          'for the Practice Shield portal and is not a filed insurance contract; the wording of the policy actually issued by ' +
          'the insurer governs.',
      },
      {
        text:
          'Throughout this form "we", "us" and "our" mean the insurer named in the declarations, and "you" and "your" mean the ' +
          'named insured. Words in quotation marks in part 2 have the meaning given there. Read the whole policy carefully: ' +
          'the declarations, this form and any endorsements are one contract.',
      },
    ],
  },
  {
    heading: '1. Insuring agreement',
    clauses: [
      {
        title: 'What we pay.',
        text:
          'We will pay on behalf of the insured the damages and claim expenses that the insured becomes legally obligated to ' +
          'pay because of a claim arising out of a wrongful act in the performance of professional services, provided that: ' +
          '(a) the claim is first made against the insured during the policy period; (b) the claim is reported to us in ' +
          'writing during the policy period, or within 60 days after it ends; and (c) the wrongful act took place on or after ' +
          'the retroactive date shown in the declarations, and before the end of the policy period.',
      },
      {
        title: 'Defence.',
        text:
          'We have the right and the duty to defend any claim this policy covers, even if the allegations are groundless, false ' +
          'or fraudulent. We choose defence counsel after consulting you. Our duty to defend ends when the applicable limit of ' +
          'liability has been used up by the payment of damages or claim expenses.',
      },
      {
        title: 'Consent to settle.',
        text:
          'We will not settle a claim without your written consent. If you refuse a settlement we recommend and the claimant ' +
          'would accept, our payment for that claim will not exceed the amount for which it could have been settled, plus the ' +
          'claim expenses incurred up to the date you refused, and 50 % of the damages and claim expenses incurred after it.',
      },
      {
        title: 'Limits of liability.',
        text:
          'The each-claim limit in the declarations is the most we will pay for damages and claim expenses for any one claim. ' +
          'The aggregate limit is the most we will pay for all claims first made during the policy period together. Claim ' +
          'expenses are within, and reduce, the limits. All claims arising out of the same or related wrongful acts are one ' +
          'claim, first made on the date the earliest of them was made.',
      },
      {
        title: 'Deductible.',
        text:
          'The deductible in the declarations applies to each claim and is borne by you; it applies to damages and claim ' +
          'expenses alike. We may pay all or part of the deductible to settle or defend a claim, and you will repay us promptly.',
      },
    ],
  },
  {
    heading: '2. Definitions',
    clauses: [
      {
        title: '"Claim"',
        text:
          'means a written demand for money or services, or a civil, arbitration or administrative proceeding, received by an ' +
          'insured and alleging a wrongful act. A claim is first made when any insured first receives it.',
      },
      {
        title: '"Claim expenses"',
        text:
          'means reasonable fees charged by lawyers we appoint, and other reasonable costs of investigating, defending and ' +
          'appealing a claim that we incur or approve in writing. They do not include salaries of your employees or our own ' +
          'overhead.',
      },
      {
        title: '"Damages"',
        text:
          'means a monetary judgment, award or settlement, including pre- and post-judgment interest. Damages do not include ' +
          'fines, penalties, taxes, punitive or exemplary damages, the multiplied part of any multiplied award, the return of ' +
          'fees, or the cost of complying with an injunction or other non-monetary relief.',
      },
      {
        title: '"Insured"',
        text:
          'means you; your partners, officers, directors and employees while acting within the scope of their duties for you; ' +
          'and the estate, heirs or legal representatives of any of them, for wrongful acts committed before their death or ' +
          'incapacity.',
      },
      {
        title: '"Professional services"',
        text:
          'means the services of the speciality shown in the declarations, performed for others for a fee, in accordance with ' +
          'any licence the law requires, at or from the covered locations.',
      },
      {
        title: '"Wrongful act"',
        text:
          'means an actual or alleged negligent act, error or omission, or negligent misstatement, in the performance of ' +
          'professional services by an insured or by anyone for whom the insured is legally responsible.',
      },
      {
        title: '"Policy period"',
        text: 'means the period shown in the declarations, or any shorter period that results from cancellation of this policy.',
      },
    ],
  },
  {
    heading: '3. Exclusions',
    clauses: [
      {
        text: 'This policy does not apply to any claim, and we will not pay damages or claim expenses, based upon or arising out of:',
      },
      {
        title: 'a. Intentional acts.',
        text: 'Any dishonest, fraudulent, criminal or malicious act, or any knowing violation of law, by an insured, as established by a final adjudication. We will defend such a claim until then.',
      },
      {
        title: 'b. Prior knowledge.',
        text: 'Any wrongful act that an insured knew of, or could reasonably have foreseen might lead to a claim, before the policy period began.',
      },
      {
        title: 'c. Prior notice.',
        text: 'Any wrongful act or circumstance reported under any other policy in force before this one.',
      },
      {
        title: 'd. Bodily injury and property damage.',
        text: 'Bodily injury, sickness, disease or death of any person, or damage to or loss of use of tangible property, except to the extent it results directly from professional services.',
      },
      {
        title: 'e. Contractual liability.',
        text: 'Liability assumed under a contract or agreement, unless the insured would have been liable in the absence of that contract or agreement.',
      },
      {
        title: 'f. Employment practices.',
        text: 'Any employment relationship, including wrongful dismissal, discrimination, harassment or the insured’s obligations as an employer.',
      },
      {
        title: 'g. Insured versus insured.',
        text: 'A claim brought by one insured against another, or by any entity that an insured owns, controls or manages.',
      },
      {
        title: 'h. Pollution.',
        text: 'The actual, alleged or threatened discharge, release or escape of pollutants, or any request to test for, clean up or remove them.',
      },
      {
        title: 'i. Guarantees and fees.',
        text: 'Any guarantee or warranty of results, cost estimates being exceeded, or any dispute over the insured’s fees or charges.',
      },
      {
        title: 'j. Other businesses.',
        text: 'Activities outside professional services, including the ownership, maintenance or use of premises, vehicles, aircraft or watercraft.',
      },
    ],
  },
  {
    heading: '4. Conditions',
    clauses: [
      {
        title: 'Notice of a claim.',
        text:
          'You must give us written notice of a claim as soon as practicable, and in any event within the period set out in ' +
          'the insuring agreement, with copies of every demand, summons or other paper received.',
      },
      {
        title: 'Notice of circumstances.',
        text:
          'If during the policy period you first become aware of a wrongful act that may give rise to a claim and tell us in ' +
          'writing, with the details of the act, the people involved and the injury that may result, any claim later made ' +
          'arising out of that wrongful act is treated as first made during this policy period.',
      },
      {
        title: 'Cooperation.',
        text:
          'The insured will cooperate with us and help us investigate, defend and settle claims, and will not admit liability, ' +
          'make any payment or incur any expense without our written consent, except at its own cost.',
      },
      {
        title: 'Other insurance.',
        text:
          'This policy is excess over any other valid and collectible insurance, unless that insurance is written specifically ' +
          'as excess over this policy.',
      },
      {
        title: 'Cancellation.',
        text:
          'You may cancel this policy by written notice to us. We may cancel it only for non-payment of premium, with 10 days’ ' +
          'written notice, or for material misrepresentation, with 30 days’ written notice, or as the law of the state shown ' +
          'in the declarations requires. Any return premium is calculated pro rata.',
      },
      {
        title: 'Application.',
        text:
          'The statements in the application are your representations, are material to us, and are the basis on which we issued ' +
          'this policy. The application is part of this policy.',
      },
      {
        title: 'Subrogation.',
        text:
          'When we make a payment, we take over the insured’s rights of recovery against others, and the insured will do nothing ' +
          'after a loss to impair them.',
      },
      {
        title: 'Territory.',
        text: 'This policy applies to wrongful acts committed anywhere in the world, provided the claim is brought in the United States, its territories or possessions.',
      },
      {
        title: 'Changes and assignment.',
        text: 'Only an endorsement we issue can change this policy. Your rights under it may not be assigned without our written consent.',
      },
    ],
  },
  {
    heading: '5. Extended reporting period',
    clauses: [
      {
        title: 'Automatic period.',
        text:
          'If this policy is cancelled or not renewed for any reason other than non-payment of premium, you have 60 days after ' +
          'the end of the policy period to report claims first made during the policy period.',
      },
      {
        title: 'Optional period.',
        text:
          'If this policy is cancelled or not renewed, other than by us for non-payment or misrepresentation, you may buy an ' +
          'extended reporting period of one, two or three years by asking us in writing within 60 days after the policy period ' +
          'ends and paying the additional premium, which will not exceed 100 %, 160 % or 200 % of the annual premium ' +
          'respectively. The extended reporting period applies only to claims first made during it for wrongful acts committed ' +
          'before the end of the policy period and otherwise covered by this policy.',
      },
      {
        title: 'Limits.',
        text:
          'The extended reporting period does not reinstate or increase the limits of liability; claims made during it are ' +
          'subject to the aggregate limit of the expired policy period. Once bought, it cannot be cancelled, and its premium is ' +
          'fully earned.',
      },
    ],
  },
];

function coverageForm(writer: PdfWriter) {
  writer.newPage();
  writer.title(FORM_TITLE, `Form ${FORM_NUMBER}`);
  for (const part of COVERAGE_FORM) {
    writer.heading(part.heading);
    for (const clause of part.clauses) {
      writer.paragraph(clause.text, { lead: clause.title ?? '', after: 5 });
    }
    writer.space(4);
  }
  writer.paragraph('End of sample coverage form.', { size: 8.5 });
}

export async function policyPdf(data: PolicyDocumentData, documentType: PolicyDocumentType): Promise<Uint8Array> {
  const documentTitle = documentType === 'policy' ? POLICY_TITLE : DECLARATIONS_TITLE;
  const writer = await PdfWriter.open({
    title: documentTitle,
    number: data.policyNumber,
    subject: `${data.specialityName}: ${data.namedInsured.name}`,
    date: data.issuedAt,
    trust: data.trust,
  });
  declarations(writer, data);
  if (documentType === 'policy') coverageForm(writer);
  return writer.save();
}
