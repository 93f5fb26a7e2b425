/** underwriting/endorsements: placeholder until the referred-changes desk lands (issue 19). */
export default function EndorsementsDeskScreen() {
  return (
    <section data-screen="endorsements-desk" className="screen" aria-labelledby="endorsements-desk-title">
      <h1 id="endorsements-desk-title">Referred changes</h1>
    </section>
  );
}
