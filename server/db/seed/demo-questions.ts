/**
 * Demo underwriting questions: general application questions (every speciality) and a handful
 * per speciality. Options carry their underwriting effect: schedule credits/debits in basis
 * points, referral to an underwriter, or knock-out.
 */
import type { QuestionCondition, QuestionOption } from '@server/db/schema';
import type { DemoSpecialityCode } from '@server/db/seed/demo-data';

export type DemoQuestion = {
  code: string;
  text: string;
  type: 'text' | 'textarea' | 'number' | 'money' | 'yesno' | 'select' | 'multiselect' | 'date';
  required?: boolean;
  helpText?: string;
  options?: QuestionOption[];
  condition?: QuestionCondition;
};

type Effect = Omit<QuestionOption, 'value' | 'label'>;

const yesNo = (code: string, text: string, effects: { yes?: Effect; no?: Effect } = {}): DemoQuestion => ({
  code,
  text,
  type: 'yesno',
  options: [
    { value: 'yes', label: 'Yes', ...effects.yes },
    { value: 'no', label: 'No', ...effects.no },
  ],
});

const select = (code: string, text: string, options: QuestionOption[]): DemoQuestion => ({
  code,
  text,
  type: 'select',
  options,
});

const licenceAction = (code: string, body: string) =>
  yesNo(code, `Has ${body} ever disciplined you, or suspended, restricted or revoked your licence?`, {
    yes: { knockout: true },
  });

/** Asked whatever the speciality (the "application" questions). */
export const generalQuestions: DemoQuestion[] = [
  { code: 'years_in_practice', text: 'How many years have you been in practice?', type: 'number' },
  { code: 'annual_revenue', text: 'What was your gross revenue over the last 12 months (USD)?', type: 'money' },
  { code: 'staff_count', text: 'How many professionals, you included, work in the firm?', type: 'number' },
  yesNo('prior_claims', 'Has anyone made a claim against you or your firm in the last five years?', {
    yes: { referral: true },
  }),
  {
    code: 'prior_claims_count',
    text: 'How many claims?',
    type: 'number',
    condition: { questionCode: 'prior_claims', anyOf: ['yes'] },
  },
  {
    code: 'prior_claims_details',
    text: 'For each claim: the date, what was alleged, the amount paid and whether it is closed.',
    type: 'textarea',
    condition: { questionCode: 'prior_claims', anyOf: ['yes'] },
  },
  yesNo('prior_coverage', 'Do you carry professional liability insurance today?', {
    yes: { modifierBps: -250 },
  }),
  // The retroactive date of a claims-made policy (server/billing/retroactive-date.ts).
  {
    code: 'prior_acts_date',
    text: 'Since what date have you been continuously insured for professional liability?',
    helpText:
      'The retroactive (prior-acts) date on your current policy’s declarations page. Your new policy keeps covering work done since then.',
    type: 'date',
    condition: { questionCode: 'prior_coverage', anyOf: ['yes'] },
  },
];

export const specialityQuestions: Record<DemoSpecialityCode, DemoQuestion[]> = {
  // Dentists
  UY5EL3R2: [
    licenceAction('dnt_licence_action', 'a dental board'),
    yesNo('dnt_sedation', 'Do you administer IV sedation or general anaesthesia?', { yes: { modifierBps: 1000 } }),
    yesNo('dnt_implants', 'Do you place implants?', { yes: { modifierBps: 500 } }),
    select('dnt_practice_type', 'What best describes your practice?', [
      { value: 'general', label: 'General dentistry' },
      { value: 'orthodontics', label: 'Orthodontics', modifierBps: 250 },
      { value: 'oral_surgery', label: 'Oral and maxillofacial surgery', modifierBps: 1500, referral: true },
      { value: 'pediatric', label: 'Paediatric dentistry' },
    ]),
  ],
  // Chiropractors
  K52KZ5CY: [
    licenceAction('chi_licence_action', 'a chiropractic board'),
    yesNo('chi_mua', 'Do you perform manipulation under anaesthesia?', { yes: { modifierBps: 1500, referral: true } }),
    yesNo('chi_informed_consent', 'Do you obtain written informed consent before the first treatment?', {
      yes: { modifierBps: -500 },
      no: { modifierBps: 500 },
    }),
    select('chi_patient_mix', 'Which best describes most of your patients?', [
      { value: 'general', label: 'General adult patients' },
      { value: 'sports', label: 'Sports injuries', modifierBps: 250 },
      { value: 'pediatric', label: 'Children', modifierBps: 500 },
    ]),
  ],
  // Physical therapists
  RRTWDE7V: [
    licenceAction('pt_licence_action', 'a physical therapy board'),
    select('pt_setting', 'Where do you treat most patients?', [
      { value: 'clinic', label: 'Outpatient clinic' },
      { value: 'hospital', label: 'Hospital or rehabilitation centre', modifierBps: -250 },
      { value: 'home', label: "Patients' homes", modifierBps: 500 },
    ]),
    yesNo('pt_dry_needling', 'Do you practise dry needling?', { yes: { modifierBps: 500 } }),
    yesNo('pt_written_plans', 'Does every patient have a written plan of care?', { yes: { modifierBps: -250 } }),
  ],
  // Lawyers
  '6BSL4GRW': [
    licenceAction('law_discipline', 'any bar or court'),
    select('law_area', 'What is your main area of practice?', [
      { value: 'corporate', label: 'Corporate and commercial' },
      { value: 'family', label: 'Family law', modifierBps: 500 },
      { value: 'real_estate', label: 'Real estate', modifierBps: 1000 },
      { value: 'personal_injury', label: 'Personal injury (plaintiff)', modifierBps: 750 },
      { value: 'ip', label: 'Intellectual property', modifierBps: 1500, referral: true },
      { value: 'other', label: 'Other' },
    ]),
    yesNo('law_engagement_letters', 'Do you send a written engagement letter for every matter?', {
      yes: { modifierBps: -500 },
      no: { modifierBps: 500 },
    }),
    yesNo('law_docket_control', 'Do you keep deadlines in a docket system checked by a second person?', {
      yes: { modifierBps: -250 },
      no: { modifierBps: 500 },
    }),
  ],
  // Accountants
  AHQR55PD: [
    licenceAction('acc_discipline', 'a state board of accountancy'),
    select('acc_services', 'Which service brings most of your fees?', [
      { value: 'tax', label: 'Tax preparation' },
      { value: 'audit', label: 'Audit and attest', modifierBps: 1000 },
      { value: 'bookkeeping', label: 'Bookkeeping and payroll', modifierBps: -250 },
      { value: 'advisory', label: 'Business advisory', modifierBps: 250 },
    ]),
    yesNo('acc_engagement_letters', 'Do you sign an engagement letter with every client?', {
      yes: { modifierBps: -500 },
    }),
    yesNo('acc_client_funds', 'Do you hold or control client funds?', { yes: { modifierBps: 1500, referral: true } }),
  ],
  // Financial advisors
  RT852RA5: [
    licenceAction('fa_regulatory_action', 'FINRA, the SEC or a state securities regulator'),
    select('fa_assets', 'How much in client assets do you manage?', [
      { value: 'under_25m', label: 'Under $25 million' },
      { value: '25m_100m', label: '$25 million to $100 million', modifierBps: 500 },
      { value: 'over_100m', label: 'Over $100 million', modifierBps: 1000, referral: true },
    ]),
    yesNo('fa_alternatives', 'Do you recommend alternative investments (private placements, crypto-assets)?', {
      yes: { modifierBps: 1000, referral: true },
    }),
    yesNo('fa_suitability', 'Do you document the suitability of every recommendation?', { yes: { modifierBps: -500 } }),
  ],
  // IT consultants
  PVDZ39DH: [
    yesNo('it_prior_breach', 'Has a client suffered a data breach linked to your work in the last five years?', {
      yes: { referral: true },
    }),
    yesNo('it_contracts', 'Do you work under written contracts that limit your liability?', {
      yes: { modifierBps: -500 },
    }),
    select('it_services', 'What is your main service?', [
      { value: 'consulting', label: 'Consulting and project work' },
      { value: 'staffing', label: 'IT staffing', modifierBps: -250 },
      { value: 'managed', label: 'Managed services', modifierBps: 750 },
      { value: 'security', label: 'Security testing', modifierBps: 1000 },
    ]),
    yesNo('it_subcontracting', 'Do subcontractors do more than half of your work?', { yes: { modifierBps: 500 } }),
  ],
  // Software developers
  FLVL7CLK: [
    select('sw_domain', 'Who relies on the software you build?', [
      { value: 'business', label: 'General business users' },
      { value: 'financial', label: 'Payments or financial transactions', modifierBps: 1000 },
      { value: 'safety', label: 'Medical or safety-critical uses', modifierBps: 1500, referral: true },
    ]),
    yesNo('sw_contracts', 'Do you work under written contracts that limit your liability?', {
      yes: { modifierBps: -500 },
    }),
    yesNo('sw_testing', 'Does every release pass automated tests and code review?', { yes: { modifierBps: -250 } }),
    yesNo('sw_hosting', 'Do you host or operate the software for your clients?', { yes: { modifierBps: 500 } }),
  ],
  // Marketing and media agencies
  '9YH4EA9L': [
    yesNo('mkt_rights_clearance', 'Do you clear trademarks, music and image rights before publishing?', {
      yes: { modifierBps: -500 },
      no: { modifierBps: 750 },
    }),
    select('mkt_regulated', 'Do you advertise for regulated industries?', [
      { value: 'none', label: 'No' },
      { value: 'healthcare', label: 'Healthcare', modifierBps: 500 },
      { value: 'financial', label: 'Financial services', modifierBps: 500 },
      { value: 'restricted', label: 'Alcohol, tobacco or cannabis', modifierBps: 1000, referral: true },
    ]),
    yesNo('mkt_contracts', 'Do clients approve each campaign in writing?', { yes: { modifierBps: -250 } }),
    yesNo('mkt_influencers', 'Do you run influencer campaigns?', { yes: { modifierBps: 250 } }),
  ],
  // Architects
  DUW6Y4E7: [
    licenceAction('arc_licence_action', 'an architecture board'),
    select('arc_project_type', 'What kind of projects make up most of your fees?', [
      { value: 'commercial', label: 'Commercial' },
      { value: 'residential', label: 'Single-family residential', modifierBps: 500 },
      { value: 'condominium', label: 'Condominiums', modifierBps: 2000, referral: true },
      { value: 'public', label: 'Public buildings', modifierBps: -250 },
    ]),
    yesNo('arc_written_contracts', 'Do you use AIA or similar written contracts on every project?', {
      yes: { modifierBps: -500 },
    }),
    yesNo('arc_construction_admin', 'Do you provide construction administration?', { yes: { modifierBps: 250 } }),
  ],
  // Engineers
  '5PBNYKRG': [
    licenceAction('eng_licence_action', 'an engineering board'),
    select('eng_discipline', 'What is your main discipline?', [
      { value: 'civil', label: 'Civil' },
      { value: 'structural', label: 'Structural', modifierBps: 1000 },
      { value: 'mep', label: 'Mechanical, electrical or plumbing' },
      { value: 'geotechnical', label: 'Geotechnical', modifierBps: 1500, referral: true },
      { value: 'environmental', label: 'Environmental', modifierBps: 500 },
    ]),
    yesNo('eng_peer_review', 'Are drawings peer-reviewed before they are sealed?', { yes: { modifierBps: -500 } }),
    yesNo('eng_written_contracts', 'Do you use written contracts on every project?', { yes: { modifierBps: -250 } }),
  ],
  // Real estate agents
  FT739YNM: [
    licenceAction('re_licence_action', 'a real estate commission'),
    yesNo('re_property_management', 'Do you also manage properties for owners?', { yes: { modifierBps: 750 } }),
    yesNo('re_disclosure_forms', 'Do you use the state-approved disclosure forms on every transaction?', {
      yes: { modifierBps: -500 },
    }),
    select('re_transactions', 'How many transactions did you close last year?', [
      { value: 'under_25', label: 'Fewer than 25' },
      { value: '25_75', label: '25 to 75', modifierBps: 250 },
      { value: 'over_75', label: 'More than 75', modifierBps: 500 },
    ]),
  ],
};
