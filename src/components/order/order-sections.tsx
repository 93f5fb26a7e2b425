import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import { formatPhone } from '@/components/account/phone-format';
import { locationWords } from '@/components/edit-order/address-words';
import { FileList } from '@/components/files/file-list';
import { formatDay } from '@/components/format/dates';

/**
 * Parts of an order several screens show, each a section with its own h2: the underwriter's
 * request, the files on the order, its locations and its contact.
 */

export function InfoRequestSection({ details }: { details: OrderSummaryDetails }) {
  const request = details.infoRequest;
  if (!request) return null;
  return (
    <section className="order-section order-request" aria-labelledby="order-request-title">
      <h2 id="order-request-title">What the underwriter asked for</h2>
      <blockquote className="order-request__message">
        <p>{request.message}</p>
      </blockquote>
      <p className="order-request__by">
        {request.requestedBy ?? 'An underwriter'},{' '}
        <time dateTime={request.requestedAt}>{formatDay(request.requestedAt)}</time>
      </p>
    </section>
  );
}

export function FilesSection({
  details,
  title = 'Files on this order',
  emptyText,
}: {
  details: OrderSummaryDetails;
  title?: string;
  emptyText?: string;
}) {
  return (
    <section className="order-section" aria-labelledby="order-files-title">
      <h2 id="order-files-title">{title}</h2>
      <FileList files={details.files} viewer="insured" emptyText={emptyText ?? 'No files on this order yet.'} />
    </section>
  );
}

export function LocationsSection({ details }: { details: OrderSummaryDetails }) {
  return (
    <section className="order-section" aria-labelledby="order-locations-title">
      <h2 id="order-locations-title">Locations</h2>
      {details.locations.length === 0 ? (
        <p>No locations on this order yet.</p>
      ) : (
        <ul className="order-locations-list">
          {details.locations.map((location) => (
            <li key={location.id}>
              {locationWords(location)}
              {location.isprimary && <span className="order-locations-list__primary"> (primary)</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ContactSection({ details }: { details: OrderSummaryDetails }) {
  const { contact } = details;
  return (
    <section className="order-section" aria-labelledby="order-contact-title">
      <h2 id="order-contact-title">Contact</h2>
      {contact ? (
        <p>
          {contact.firstname} {contact.lastname}
          {contact.email && <>, {contact.email}</>}
          {contact.contactnumber && <>, {formatPhone(contact.contactnumber)}</>}
        </p>
      ) : (
        <p>No primary contact yet.</p>
      )}
    </section>
  );
}
