// The CampoBase logo: the wordmark "Campo" + highlighted "Base"; at 768 px or less the small mark (a pitch seen
// from above) takes its place. Inline SVG: no extra request.
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="pub-logo__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#15803d" />
      <rect x="6" y="8" width="20" height="16" rx="1.5" fill="none" stroke="#fff" strokeWidth="1.8" />
      <path d="M16 8v16" stroke="#fff" strokeWidth="1.8" />
      <circle cx="16" cy="16" r="3.2" fill="none" stroke="#fff" strokeWidth="1.8" />
      <circle cx="16" cy="16" r="1" fill="#fbbf24" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="pub-logo__wordmark" aria-hidden="true">
      Campo<span className="pub-logo__highlight">Base</span>
    </span>
  );
}
