/** Thin blue bar across the top of the page while something loads (docs/spec.md §2: blue, 4 px). */
export function LoadingBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-bar" role="progressbar" aria-label={label}>
      <div className="loading-bar__fill" />
    </div>
  );
}
