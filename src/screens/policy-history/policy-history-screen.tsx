/** Placeholder while the screen is built (issue 19). */
export default function PolicyHistoryScreen() {
  return (
    <section data-screen="policy-history" className="screen" aria-labelledby="policy-history-title">
      <h1 id="policy-history-title">Your policy</h1>
    </section>
  );
}
