import { encode } from 'uqr';

/**
 * A QR code as one SVG path, drawn crisp at any print size: dark modules as unit squares,
 * with the four-module quiet zone the standard asks for. Error correction M (15 %) survives a
 * crease or a smudge on a paper slip.
 */
export function QrCode({ text, label, size = 112 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 4 });
  let d = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-qr-size={qr.size}
      data-testid="qr"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
