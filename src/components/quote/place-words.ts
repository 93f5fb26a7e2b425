import type { IlfDlfList } from '@shared/contract/lists';

/** Where the practice is, from its ZIP: "Houston, Harris County, Texas (77002)", or short "Houston, TX 77002". */
export function placeWords(location: IlfDlfList, form: 'long' | 'short' = 'long'): string {
  if (form === 'short') return `${location.city ? `${location.city}, ` : ''}${location.stateCode} ${location.zipcode}`;
  return `${location.city ? `${location.city}, ` : ''}${location.county} County, ${location.stateName} (${location.zipcode})`;
}
