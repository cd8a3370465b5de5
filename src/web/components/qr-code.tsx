import QRCode from "qrcode";
import { useMemo } from "react";

/**
 * A QR code drawn as SVG elements (no inline script or style, so the page's content security policy
 * holds); dark modules on a white square, so phones read it in either theme.
 */
export function QrCode({
  value,
  label,
  className = "size-48",
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
    let d = "";
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
      }
    }
    return { size: modules.size + 4, path: d };
  }, [value]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className={`${className} shrink-0 rounded-md border bg-white`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
