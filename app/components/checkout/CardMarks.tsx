/**
 * The card brands' marks as small inline SVGs, drawn after each brand's published mark: Visa's blue
 * italic wordmark on white, Mastercard's red and yellow interlocking circles with the orange overlap,
 * American Express's white lettering on its blue box. No network request, no script.
 */
import type { ReactNode } from "react";

const CARD = { width: 56, height: 36, viewBox: "0 0 56 36" } as const;

function Card({ label, children, fill = "#ffffff" }: { label: string; children: ReactNode; fill?: string }) {
  return (
    <svg {...CARD} role="img" aria-label={label} xmlns="http://www.w3.org/2000/svg">
      <title>{label}</title>
      <rect x="0.5" y="0.5" width="55" height="35" rx="4" fill={fill} stroke="#d9dee4" />
      {children}
    </svg>
  );
}

export function VisaMark() {
  return (
    <Card label="Visa">
      <text
        x="28"
        y="23.5"
        textAnchor="middle"
        fill="#1A1F71"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="16"
        fontStyle="italic"
        fontWeight="900"
        letterSpacing="0.5"
      >
        VISA
      </text>
    </Card>
  );
}

export function MastercardMark() {
  // Circles of radius 11 centred 11 apart; where they overlap (the lens through x = 28) is orange.
  return (
    <Card label="Mastercard">
      <circle cx="22.5" cy="18" r="11" fill="#EB001B" />
      <circle cx="33.5" cy="18" r="11" fill="#F79E1B" />
      <path d="M28 8.47 A11 11 0 0 1 28 27.53 A11 11 0 0 1 28 8.47 Z" fill="#FF5F00" />
    </Card>
  );
}

export function AmexMark() {
  return (
    <Card label="American Express" fill="#006FCF">
      <g fill="#ffffff" fontFamily="Arial, Helvetica, sans-serif" fontWeight="900" textAnchor="middle" fontSize="8.5" letterSpacing="0.2">
        <text x="28" y="16.5">
          AMERICAN
        </text>
        <text x="28" y="26">
          EXPRESS
        </text>
      </g>
    </Card>
  );
}
