/**
 * What each generated document is drawn from: plain data, gathered by
 * server/documents/document-sources.ts from the database and the configured insurer. The PDF
 * modules turn it into bytes and nothing else: the same data always gives the same bytes.
 */
import type { Trust } from '@shared/contract/runtime-config';

export type Party = {
  name: string;
  /** Street, "City, ST 12345"… already split into lines; empty when unknown. */
  addressLines: string[];
};

export type Broker = { name: string; abbreviation: string | null };

/** The price as rated, all integer cents. */
export type PriceBreakdown = {
  /** After every factor (and an underwriter's adjustment), before fees and taxes. */
  premiumCents: number;
  policyFeeCents: number;
  taxCents: number;
  stateFeeCents: number;
  /** The year's total. */
  totalCents: number;
};

export type ScheduledPayment = { installmentNo: number; dueDate: string; amountCents: number };

/** The policy (declarations page and coverage form) and the binder. */
export type PolicyDocumentData = {
  policyNumber: string;
  orderNumber: string;
  specialityName: string;
  /** YYYY-MM-DD; 12:01 a.m. standard time at the insured's address, as US policies say. */
  effectiveDate: string;
  expirationDate: string;
  /**
   * YYYY-MM-DD: claims about work done before it are not covered (claims-made). The effective
   * date for new business, or the prior-acts date of continuous prior cover.
   */
  retroactiveDate: string;
  /** The policy's issue time: its date on the page and the PDF's metadata dates. */
  issuedAt: Date;
  namedInsured: Party;
  /** The insured's e-mail, printed under the name. */
  insuredEmail: string;
  /** The covered locations, the primary first. */
  locations: Party[];
  /** "Texas". */
  stateName: string;
  broker: Broker | null;
  limit: { label: string; perClaimCents: number; aggregateCents: number };
  deductible: { label: string; amountCents: number };
  price: PriceBreakdown;
  paymentTermName: string;
  /** Set when an underwriter adjusted the premium at approval: +1000 = +10 %. */
  adjustmentBps: number | null;
  /**
   * The endorsements in effect, when the declarations are reissued for one (issue 19): listed
   * on the page, as declarations "together with any endorsements" make the policy. Absent at issue.
   */
  endorsements?: Array<{ number: string; effectiveDate: string; summary: string }>;
  /** The insurer that carries the risk and the producer's licences (the server's config). */
  trust: Trust;
};

/**
 * What an invoice other than the order's first bills: a later instalment of the plan (its number
 * of the schedule), or an endorsement's additional premium or a tail (its own charge, billed apart
 * from the year's price). The order's first invoice has none: it is the year's invoice.
 */
export type InvoiceBills =
  | { kind: 'instalment'; installmentNo: number }
  | {
      kind: 'endorsement' | 'tail';
      endorsementNumber: string;
      premiumCents: number;
      feeCents: number;
      taxCents: number;
    };

export type InvoiceDocumentData = {
  invoiceNumber: string;
  orderNumber: string;
  /** Null until the policy is issued. */
  policyNumber: string | null;
  specialityName: string;
  /** The invoice's creation: its date on the page and the PDF's metadata dates. */
  createdAt: Date;
  /** YYYY-MM-DD: the first installment's due date. */
  dueDate: string;
  /** void: a later instalment or an endorsement's invoice the policy's cancellation (or a withdrawal) voided. */
  status: 'open' | 'paid' | 'void';
  paidAt: Date | null;
  billTo: Party;
  broker: Broker | null;
  effectiveDate: string;
  expirationDate: string;
  price: PriceBreakdown;
  paymentTermName: string;
  /** Due now: the first installment (or what this invoice bills). */
  amountDueCents: number;
  schedule: ScheduledPayment[];
  /** Absent for the order's first invoice. */
  bills?: InvoiceBills;
  /** The insurer that carries the risk and the producer's licences (the server's config). */
  trust: Trust;
};

export type OrderSummaryData = {
  orderNumber: string;
  /** "Awaiting payment", "Complete"… */
  statusLabel: string;
  policyNumber: string | null;
  specialityName: string;
  /** The order's last change: its date on the page and the PDF's metadata dates. */
  asOf: Date;
  namedInsured: Party;
  insuredEmail: string;
  broker: Broker | null;
  stateName: string;
  zipcode: string;
  effectiveDate: string | null;
  limitLabel: string | null;
  deductibleLabel: string | null;
  paymentTermName: string | null;
  price: PriceBreakdown | null;
  locations: Party[];
  /** Every answer given, in the order the questions are asked. */
  answers: Array<{ question: string; answer: string }>;
  /** The insurer that carries the risk and the producer's licences (the server's config). */
  trust: Trust;
};
