import { Link } from '@tanstack/react-router';
import { useClientId } from '@/routes/use-client-id';

export default function PageNotFoundScreen() {
  const clientid = useClientId();
  return (
    <section data-screen="page-not-found" className="screen screen--narrow" aria-labelledby="not-found-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="not-found-title">We could not find that page</h1>
      <p>The address may be mistyped, or the page may have moved. Your quotes and policies are safe.</p>
      {clientid ? (
        <Link to="/client/landing/$clientid" params={{ clientid }} className="button">
          Back to the start
        </Link>
      ) : (
        <Link to="/" className="button">
          Back to the start
        </Link>
      )}
    </section>
  );
}
