/**
 * The demo data's fixed facts: codes, client URLs, users and passwords. Fixed so that the
 * README, tests and people trying the product can rely on them (e.g. /client/landing/harbor-risk
 * or /landing?s=UY5EL3R2). Seeded only when SEED_DEMO is on.
 */
import type { LogoMark } from '@server/db/seed/broker-logo';

export const demoCategories = [
  {
    name: 'Healthcare professionals',
    description: 'Malpractice cover for clinicians in private practice.',
    sortOrder: 1,
  },
  {
    name: 'Legal and financial services',
    description: 'Errors & omissions cover for advisers whose advice clients act on.',
    sortOrder: 2,
  },
  {
    name: 'Technology and media',
    description: 'Errors & omissions cover for firms that build, run or publish for clients.',
    sortOrder: 3,
  },
  {
    name: 'Design and property',
    description: 'Professional liability for people who design, survey or sell buildings.',
    sortOrder: 4,
  },
] as const;

type CategoryName = (typeof demoCategories)[number]['name'];

/** `code` is the public speciality random code (plain `?s=` links). */
export const demoSpecialities = [
  {
    code: 'UY5EL3R2',
    name: 'Dentists',
    category: 'Healthcare professionals',
    description: 'General dentists, orthodontists and oral surgeons.',
  },
  {
    code: 'K52KZ5CY',
    name: 'Chiropractors',
    category: 'Healthcare professionals',
    description: 'Chiropractic physicians and their clinics.',
  },
  {
    code: 'RRTWDE7V',
    name: 'Physical therapists',
    category: 'Healthcare professionals',
    description: 'Physical and occupational therapists in clinics or home health.',
  },
  {
    code: '6BSL4GRW',
    name: 'Lawyers',
    category: 'Legal and financial services',
    description: 'Solo practitioners and law firms up to 20 attorneys.',
  },
  {
    code: 'AHQR55PD',
    name: 'Accountants',
    category: 'Legal and financial services',
    description: 'CPAs, tax preparers and bookkeepers.',
  },
  {
    code: 'RT852RA5',
    name: 'Financial advisors',
    category: 'Legal and financial services',
    description: 'Registered investment advisers and financial planners.',
  },
  {
    code: 'PVDZ39DH',
    name: 'IT consultants',
    category: 'Technology and media',
    description: 'IT consulting, staffing, managed services and security testing.',
  },
  {
    code: 'FLVL7CLK',
    name: 'Software developers',
    category: 'Technology and media',
    description: 'Custom software and SaaS built for clients.',
  },
  {
    code: '9YH4EA9L',
    name: 'Marketing and media agencies',
    category: 'Technology and media',
    description: 'Advertising, design, content and social media agencies.',
  },
  {
    code: 'DUW6Y4E7',
    name: 'Architects',
    category: 'Design and property',
    description: 'Licensed architects and architectural firms.',
  },
  {
    code: '5PBNYKRG',
    name: 'Engineers',
    category: 'Design and property',
    description: 'Civil, structural, mechanical, electrical and environmental engineers.',
  },
  {
    code: 'FT739YNM',
    name: 'Real estate agents',
    category: 'Design and property',
    description: 'Agents, brokers and property managers.',
  },
] as const satisfies readonly { code: string; name: string; category: CategoryName; description: string }[];

export type DemoSpecialityCode = (typeof demoSpecialities)[number]['code'];

export type DemoBroker = {
  clientUrl: string;
  name: string;
  abbreviation: string;
  email: string;
  /** Logo colour and mark (drawn at seed time). */
  colour: string;
  mark: LogoMark;
  /** What it sells: the plain speciality code and the broker's own code for it (branded `?s=`). */
  specialities: readonly { speciality: DemoSpecialityCode; code: string }[];
};

export const demoBrokers = [
  {
    clientUrl: 'harbor-risk',
    name: 'Harbor Risk Partners',
    abbreviation: 'HRP',
    email: 'service@harbor-risk.example.com',
    colour: '#1f4e79',
    mark: 'circle',
    specialities: [
      { speciality: 'UY5EL3R2', code: 'TSACBHV2' }, // Dentists
      { speciality: 'K52KZ5CY', code: 'Q9LY88FH' }, // Chiropractors
      { speciality: 'RRTWDE7V', code: '6PTBZBJL' }, // Physical therapists
      { speciality: '6BSL4GRW', code: 'YTR9D4HY' }, // Lawyers
    ],
  },
  {
    clientUrl: 'summit-professional',
    name: 'Summit Professional Insurance',
    abbreviation: 'SPI',
    email: 'hello@summit-professional.example.com',
    colour: '#2e7d32',
    mark: 'triangle',
    specialities: [
      { speciality: '6BSL4GRW', code: 'GH8DZ9YX' }, // Lawyers
      { speciality: 'AHQR55PD', code: 'V28ET2HY' }, // Accountants
      { speciality: 'RT852RA5', code: 'ZDE7T5BP' }, // Financial advisors
      { speciality: 'PVDZ39DH', code: '5ZPH566T' }, // IT consultants
      { speciality: 'FLVL7CLK', code: 'WX9W6MJ4' }, // Software developers
    ],
  },
  {
    clientUrl: 'lakeside-brokers',
    name: 'Lakeside Insurance Brokers',
    abbreviation: 'LIB',
    email: 'desk@lakeside-brokers.example.com',
    colour: '#c75b12',
    mark: 'diamond',
    specialities: [
      { speciality: 'DUW6Y4E7', code: 'ULRFHKSX' }, // Architects
      { speciality: '5PBNYKRG', code: '8C9SKSWP' }, // Engineers
      { speciality: 'FT739YNM', code: 'Q3QFN8CF' }, // Real estate agents
    ],
  },
] as const satisfies readonly DemoBroker[];

export type DemoUser = {
  email: string;
  password: string;
  role: 'insured' | 'underwriter' | 'admin' | 'broker';
  firstName: string;
  lastName: string;
  companyName?: string;
  /** For role broker: the broker they work for. */
  brokerClientUrl?: string;
};

/** Demo sign-ins. Public knowledge: never enable SEED_DEMO on a real deployment. */
export const demoUsers = [
  {
    email: 'insured@example.com',
    password: 'Demo-Insured-2024',
    role: 'insured',
    firstName: 'Irene',
    lastName: 'Insured',
    companyName: 'Insured Dental Studio',
  },
  {
    email: 'underwriter@example.com',
    password: 'Demo-Underwriter-2024',
    role: 'underwriter',
    firstName: 'Uma',
    lastName: 'Underwriter',
  },
  {
    email: 'admin@example.com',
    password: 'Demo-Admin-2024',
    role: 'admin',
    firstName: 'Adam',
    lastName: 'Admin',
  },
  {
    email: 'broker@example.com',
    password: 'Demo-Broker-2024',
    role: 'broker',
    firstName: 'Bea',
    lastName: 'Broker',
    brokerClientUrl: 'harbor-risk',
  },
] as const satisfies readonly DemoUser[];

/** States with rate tables for every demo speciality (others are listed but not offered). */
export const demoOfferedStates = ['AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'NY', 'PA', 'TX', 'WA'] as const;

export const demoPaymentTerms = [
  { code: 'annual', name: 'Annual', installments: 1, downPaymentBps: 10_000, installmentFeeCents: 0, sortOrder: 1 },
  {
    code: 'semi-annual',
    name: 'Semi-annual',
    installments: 2,
    downPaymentBps: 5_000,
    installmentFeeCents: 500,
    sortOrder: 2,
  },
  {
    code: 'quarterly',
    name: 'Quarterly',
    installments: 4,
    downPaymentBps: 2_500,
    installmentFeeCents: 500,
    sortOrder: 3,
  },
  // 25 % down, then nine monthly payments: ten in all.
  { code: 'monthly', name: 'Monthly', installments: 10, downPaymentBps: 2_500, installmentFeeCents: 300, sortOrder: 4 },
] as const;
