import { useMemo } from 'react';
import { encodeQr, qrSvgPath } from '../../lib/qr-code';

/**
 * A QR code drawn here, as SVG (web/src/lib/qr-code.ts): the second factor's secret never goes to
 * an outside image service (docs/decisions/016). Black on white with the standard 4-module quiet
 * zone, so that a phone's camera reads it in dark surroundings too.
 */
export function QrCodeImage({
  text,
  size = 200,
  label,
}: {
  text: string;
  size?: number;
  label: string;
}) {
  const { path, modules } = useMemo(() => {
    const code = encodeQr(text);
    return { path: qrSvgPath(code), modules: code.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="second-factor-qr"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret in groups of four, as people type it into an app. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
