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
  'GET /api/weborder/dashboard/submissiondetails',
  'GET /api/weborder/insured/existingopenorder',
  'POST /api/weborder/insured/feedback',
] as const;
