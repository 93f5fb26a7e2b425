import { brokerLogoDataUrl } from '@/api/brokers';
import type { BrokerDetails } from '@shared/contract/brokers';
import { ScreenLink } from '@/components/screen-link';

/**
 * The client area's header mark: the broker's logo (a data URL of its base64 profile image), its
 * abbreviation and its name, linking to the broker's landing page.
 */
export function BrokerBrand({ details }: { details: BrokerDetails }) {
  const logo = brokerLogoDataUrl(details);
  return (
    <ScreenLink screen="landing" className="broker-brand">
      {logo ? (
        // The name beside it says who this is: the image adds nothing for a screen reader.
        <img className="broker-brand__logo" src={logo} alt="" width={44} height={44} data-broker-logo="" />
      ) : (
        <span className="broker-brand__logo broker-brand__logo--initials" aria-hidden="true">
          {details.brokerAbbrivation.slice(0, 3)}
        </span>
      )}
      <span className="broker-brand__text">
        <span className="broker-brand__line">
          <abbr className="broker-brand__abbreviation" title={details.name} data-broker-abbreviation="">
            {details.brokerAbbrivation}
          </abbr>{' '}
          <span className="broker-brand__name" data-broker-name="">
            {details.name}
          </span>
        </span>{' '}
        <span className="broker-brand__partner">with Practice Shield</span>
      </span>
    </ScreenLink>
  );
}
