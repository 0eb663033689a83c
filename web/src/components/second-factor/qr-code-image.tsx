import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * The dark modules of a QR code of `text` (byte mode, level M, the smallest version that holds
 * it), as qrcode-generator draws them: modules[row][column]. The text is handed over as its UTF-8
 * bytes, one character per byte, since the library's byte mode keeps the low byte of each
 * character.
 */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => code.isDark(row, column)),
  );
}

/** One square per dark module, shifted by the quiet zone's `margin` modules. */
function svgPath(modules: boolean[][], margin: number): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + margin} ${y + margin}h1v1h-1z`);
    });
  });
  return parts.join('');
}

/**
 * A QR code drawn here, as SVG (qrcode-generator): the second factor's secret never goes to an
 * outside image service (docs/decisions/016). Black on white with the standard 4-module quiet
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
    const matrix = qrModules(text);
    return { path: svgPath(matrix, 4), modules: matrix.length + 8 };
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
