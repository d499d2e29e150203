import { useId } from 'react';

/**
 * The Taxli logo drawn inline (the same drawing as public/logo.svg, which a test keeps equal), for
 * the intro: an inline drawing needs no request and is no candidate for the page's largest paint,
 * so the logo that appears two seconds into the intro no longer decides the sign-in page's LCP
 * (issue 31, D16). Decorative: whatever holds it names it.
 */
export function LogoMark({ className }: { className?: string }) {
  const gradient = `logo-shield-${useId().replace(/:/g, '')}`;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden focusable="false" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d4ed8" />
          <stop offset="1" stopColor="#0b2a5b" />
        </linearGradient>
      </defs>
      <path d="M32 3 56 11v19c0 15-10 25-24 31C18 55 8 45 8 30V11Z" fill={`url(#${gradient})`} />
      <path d="M32 6.2 53 13.2V30c0 13.3-8.7 22.2-21 27.7" fill="none" stroke="#fff" strokeOpacity=".18" strokeWidth="1.5" />
      <path d="M22 15h14l8 8v23a2 2 0 0 1-2 2H22a2 2 0 0 1-2-2V17a2 2 0 0 1 2-2Z" fill="#fff" />
      <path d="M36 15v6a2 2 0 0 0 2 2h6Z" fill="#bfdbfe" />
      <path d="M24 22h9M24 27h15M24 32h10" stroke="#93c5fd" strokeWidth="2" strokeLinecap="round" />
      <rect x="35" y="35" width="15" height="15" rx="3" fill="#d52b1e" stroke="#fff" strokeWidth="1.5" />
      <path d="M40.9 38.5h3.2v2.9H47v3.2h-2.9v2.9h-3.2v-2.9H38v-3.2h2.9Z" fill="#fff" />
    </svg>
  );
}
