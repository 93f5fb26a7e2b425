import * as v from 'valibot';
import { clientUrlSchema } from '@shared/contract/specialities';

/** GET auth/brokerDetails?clientUrl */
export const brokerDetailsQuerySchema = v.object({
  clientUrl: clientUrlSchema,
});

/** One speciality the broker sells: its id and the broker's own code (what `?s=` carries). */
export const brokerSpecialityRefSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  speiclaityRandomCode: v.string(),
});
export type BrokerSpecialityRef = v.InferOutput<typeof brokerSpecialityRefSchema>;

/**
 * Wire names keep the specification's spelling (brokerAbbrivation, brokerspecialities,
 * speiclaityRandomCode). brokerProfile is the logo as bare base64 (no `data:` prefix), or null
 * when the broker has none; brokerProfileType is its MIME type, an addition so the client
 * builds the right data URL for any image format.
 */
export const brokerDetailsSchema = v.object({
  name: v.string(),
  brokerAbbrivation: v.string(),
  brokerProfile: v.nullable(v.string()),
  brokerProfileType: v.nullable(v.string()),
  brokerspecialities: v.array(brokerSpecialityRefSchema),
});
export type BrokerDetails = v.InferOutput<typeof brokerDetailsSchema>;
