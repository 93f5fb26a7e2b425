/**
 * What the insured declares by signing the application, in the words the signed record keeps.
 * Changing a word here changes every record's hash: insureds who signed before are asked to sign
 * again, which is right, since they never saw the new words.
 */
export const DECLARATIONS = [
  'The statements in this application, every answer included, are true and complete to the best of my knowledge after reasonable inquiry.',
  'If anything in this application changes before the policy starts, I will tell Practice Shield before the effective date; the quote may then change or be withdrawn.',
  'I understand that a misstatement or an omission of a material fact in this application may void the policy or lead to a claim being denied.',
  'I consent to receive this application, the policy and its notices as electronic records and to sign them electronically, with the same effect as my handwritten signature. I may ask for a paper copy at no charge and withdraw this consent by writing to Practice Shield; withdrawing it does not undo what was already signed.',
] as const;

/** What the signed PDF says the signer did, under ESIGN (15 U.S.C. § 7001) and UETA. */
export const CONSENT_STATEMENT =
  'The signer consented to use electronic records and signatures, agreed to the declarations above, and adopted the typed name as their signature by pressing “Sign application”, under the federal ESIGN Act (15 U.S.C. § 7001) and the Uniform Electronic Transactions Act. The SHA-256 above identifies the exact record signed: any change to it gives another hash.';
