/**
 * The routes of the insured's account (issue 6), as "METHOD path": signed-in only, and each one
 * tried across two insureds by server/routes/account-access.test.ts.
 */
export const ACCOUNT_ROUTES = [
  'GET /api/weborder/insured/contactlist',
  'POST /api/weborder/insured/saveupdatecontact',
  'DELETE /api/weborder/insured/deletecontacts',
  'GET /api/weborder/insured/locationlist',
  'POST /api/weborder/insured/saveupdatelocation',
  'DELETE /api/weborder/insured/deletelocation',
  'GET /api/weborder/insured/primaryinsureddetails',
  'POST /api/weborder/insured/updateprimaryinsured',
  'POST /api/weborder/insured/updateprimaryinsuredwithlocation',
  'GET /api/weborder/insured/locations',
  'POST /api/weborder/insured/addlocation',
  'PUT /api/weborder/insured/updateplanlocation',
  'DELETE /api/weborder/insured/deleteplanlocation',
  'GET /api/weborder/insured/additionalinsureds',
  'POST /api/weborder/insured/saveupdateadditionalinsured',
  'DELETE /api/weborder/insured/deleteadditionalinsured',
  'POST /api/weborder/documents/certificateofinsurance',
  'GET /api/weborder/insured/claims',
  'GET /api/weborder/insured/policies',
  'POST /api/weborder/insured/reportclaim',
  // Issue 19: following a claim.
  'GET /api/weborder/insured/claim',
  'POST /api/weborder/insured/claimmessage',
  'POST /api/weborder/insured/claimattachments',
  'GET /api/weborder/insured/claimattachment',
  'GET /api/weborder/dashboard/submissiondetails',
  'GET /api/weborder/insured/existingopenorder',
  'POST /api/weborder/insured/feedback',
  // Issue 16: the signed application.
  'GET /api/weborder/insured/application',
  'POST /api/weborder/insured/signapplication',
  // Issue 19: certificates of insurance on demand.
  'POST /api/weborder/insured/issuecertificate',
  'GET /api/weborder/insured/certificates',
  'POST /api/weborder/documents/downloadcertificate',
  // Issue 19: cancellation with tail cover.
  'GET /api/weborder/insured/cancellationoptions',
  'POST /api/weborder/insured/cancellationquote',
  'POST /api/weborder/insured/cancelpolicy',
  'POST /api/weborder/insured/buytail',
  // Issue 19: mid-term changes (endorsements).
  'GET /api/weborder/insured/endorsementoptions',
  'POST /api/weborder/insured/endorsementquote',
  'POST /api/weborder/insured/endorse',
  'POST /api/weborder/insured/payendorsement',
  'GET /api/weborder/insured/policyhistory',
  'POST /api/weborder/documents/downloadendorsement',
  // Issue 20: renewals.
  'GET /api/weborder/insured/renewal',
  'GET /api/weborder/insured/renewals',
  'POST /api/weborder/insured/renewalaccept',
  'POST /api/weborder/insured/renewalquote',
] as const;

/** The insured's lifecycle calls (issue 7): signed-in only, the order's owner only. */
export const LIFECYCLE_ROUTES = [
  'PUT /api/weborder/insured/buynow',
  'GET /api/weborder/insured/requireditems',
  'PUT /api/weborder/insured/sendtocloselost',
  'PUT /api/weborder/insured/resubmit',
  'GET /api/weborder/dashboard/ordersummarydetails',
] as const;

/** The underwriter's desk (issue 7): role underwriter or admin; an insured gets 403. */
export const UNDERWRITING_ROUTES = [
  'GET /api/weborder/underwriting/queue',
  'GET /api/weborder/underwriting/submission',
  'POST /api/weborder/underwriting/approve',
  'POST /api/weborder/underwriting/requestinfo',
  'POST /api/weborder/underwriting/decline',
  'POST /api/weborder/underwriting/closelost',
] as const;

/** Whoever handles claims (issue 19): role underwriter or admin; an insured or a broker gets 403. */
export const CLAIMS_DESK_ROUTES = [
  'GET /api/weborder/claims/queue',
  'GET /api/weborder/claims/claim',
  'POST /api/weborder/claims/move',
  'POST /api/weborder/claims/message',
  'GET /api/weborder/claims/attachment',
] as const;

/** Referred mid-term changes (issue 19): role underwriter or admin; an insured or a broker gets 403. */
export const ENDORSEMENT_DESK_ROUTES = [
  'GET /api/weborder/underwriting/endorsements',
  'POST /api/weborder/underwriting/endorsementdecision',
] as const;

/** Files on orders and claims (issue 8's files module, needed by issue 7's resubmit). */
export const FILE_ROUTES = [
  'POST /api/weborder/files/uploadfilebymodule',
  'GET /api/weborder/files/download/{id}',
  'GET /api/weborder/files/getfilesbyitems/{id}',
  'PUT /api/weborder/files/updatefile/{id}',
  'PUT /api/weborder/files/deletefilesbymodule',
] as const;

/** Paying and the documents (issue 8): signed-in only, the order's owner only. */
export const BILLING_ROUTES = [
  // A payment plan's later instalments (issue 20).
  'GET /api/weborder/insured/instalments',
  'GET /api/weborder/insured/instalment',
  'POST /api/weborder/insured/payinstalment',
  'POST /api/weborder/insured/confirminstalment',
  'POST /api/weborder/invoice/generateInvoice',
  'GET /api/weborder/invoice/details',
  'POST /api/weborder/payments/checkout',
  'POST /api/weborder/payments/confirm',
  'GET /api/weborder/insured/policyinfo',
  'GET /api/weborder/documents/list',
  'POST /api/weborder/documents/downloadordersummary',
  'POST /api/weborder/documents/downloadpolicy',
  'POST /api/weborder/documents/downloadbinder',
  'POST /api/weborder/documents/downloadinvoice',
  'POST /api/weborder/documents/downloadnotice',
  'POST /api/weborder/documents/shareOrderSummary',
  'POST /api/weborder/emailtemplate/sendemailwithorderconfirmation',
] as const;

/** Public, trusted by signature (the webhook) or by an unguessable session id (the sandbox's page). */
export const PAYMENT_PROVIDER_ROUTES = [
  'POST /api/weborder/payments/webhook/{provider}',
  'GET /api/weborder/payments/sandbox/checkout/{sessionId}',
  'POST /api/weborder/payments/sandbox/checkout/{sessionId}',
] as const;

/** Every route that needs a bearer token beyond the identity routes. */
/** Administration (issue 9): role admin only; anyone else 403 (server/routes/admin-users.test.ts tries each). */
export const ADMIN_ROUTES = [
  'GET /api/weborder/admin/users',
  'GET /api/weborder/admin/users/{id}',
  'PUT /api/weborder/admin/users/{id}/role',
  'PUT /api/weborder/admin/users/{id}/unlock',
  'GET /api/weborder/admin/audit',
  'GET /api/weborder/admin/ratetables',
  'POST /api/weborder/admin/ratetables',
  'GET /api/weborder/admin/ratetables/export',
  'POST /api/weborder/admin/ratetables/import',
  'GET /api/weborder/admin/brokers',
  'PUT /api/weborder/admin/brokers/{id}/active',
  'GET /api/weborder/admin/brokers/clienturl',
  'POST /api/weborder/admin/brokers',
  'GET /api/weborder/admin/brokers/{id}',
  'PUT /api/weborder/admin/brokers/{id}',
  'PUT /api/weborder/admin/brokers/{id}/logo',
  'DELETE /api/weborder/admin/brokers/{id}/logo',
  'GET /api/weborder/admin/catalog',
  'POST /api/weborder/admin/categories',
  'PUT /api/weborder/admin/categories/{id}',
  'POST /api/weborder/admin/specialities',
  'PUT /api/weborder/admin/specialities/{id}',
  'PUT /api/weborder/admin/specialities/{id}/active',
  'GET /api/weborder/admin/specialities/{id}/questions',
  'POST /api/weborder/admin/specialities/{id}/questions',
  'PUT /api/weborder/admin/questions/{id}',
  'PUT /api/weborder/admin/questions/{id}/active',
  'PUT /api/weborder/admin/specialities/{id}/questions/order',
  'GET /api/weborder/admin/jobs',
  'POST /api/weborder/admin/jobretry',
] as const;

/** The broker's own book (issue 9): role broker only. */
export const BROKER_ROUTES = ['GET /api/weborder/broker/book', 'GET /api/weborder/broker/overdueinstalments'] as const;

export const SIGNED_IN_ROUTES: readonly string[] = [
  ...ACCOUNT_ROUTES,
  ...LIFECYCLE_ROUTES,
  ...UNDERWRITING_ROUTES,
  ...CLAIMS_DESK_ROUTES,
  ...ENDORSEMENT_DESK_ROUTES,
  ...FILE_ROUTES,
  ...BILLING_ROUTES,
  ...ADMIN_ROUTES,
  ...BROKER_ROUTES,
];
