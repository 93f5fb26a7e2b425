import { useRouter } from '@tanstack/react-router';

/**
 * A sentence offering the number insureds call (SUPPORT_PHONE) as a tel: link, so a phone dials
 * it: "{lead} (800) 555-0142." Nothing when the runtime config could not be read.
 */
export function SupportPhone({ lead, className }: { lead: string; className?: string }) {
  const phone = useRouter().options.context.config.trust?.supportPhone;
  if (!phone) return null;
  return (
    <p className={className}>
      {lead}{' '}
      <a className="support-phone" href={`tel:${phone.tel}`}>
        {phone.display}
      </a>
      .
    </p>
  );
}
