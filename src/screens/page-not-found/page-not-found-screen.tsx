import { ScreenLink } from '@/components/screen-link';

export default function PageNotFoundScreen() {
  return (
    <section data-screen="page-not-found" className="screen screen--narrow" aria-labelledby="not-found-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="not-found-title">We could not find that page</h1>
      <p>The address may be mistyped, or the page may have moved. Your quotes and policies are safe.</p>
      <ScreenLink screen="landing" className="button">
        Back to the start
      </ScreenLink>
    </section>
  );
}
