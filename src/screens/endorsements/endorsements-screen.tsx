/** Placeholder while the screen is built (issue 19). */
export default function EndorsementsScreen() {
  return (
    <section data-screen="endorsements" className="screen" aria-labelledby="endorsements-title">
      <h1 id="endorsements-title">Change your policy</h1>
    </section>
  );
}
