/** Placeholder while the screen is built (issue 19). */
export default function CancellationScreen() {
  return (
    <section data-screen="cancellation" className="screen" aria-labelledby="cancellation-title">
      <h1 id="cancellation-title">Cancel your policy</h1>
    </section>
  );
}
