import { Box, Image, Skeleton, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

type QrCodeImageProps = {
  /** The text the code carries, e.g. a `upi://pay?…` link. */
  value: string;
  /** What a screen reader announces instead of the picture. */
  alt: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
};

type Rendered = { value: string; src: string | null };

/** Error correction M and a quiet zone of 2 modules scan reliably from a screen (research: ecosystem 5.4). */
export const QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 2,
  color: { dark: '#2A1A12', light: '#FFFFFF' },
} as const;

/**
 * A QR code drawn as SVG by `qrcode` (style guide: a maintained library for solved problems). SVG stays sharp at
 * any size and needs no canvas.
 */
export function QrCodeImage({ value, alt, size = 200 }: QrCodeImageProps) {
  const [rendered, setRendered] = useState<Rendered | null>(null);

  useEffect(() => {
    let current = true;
    // Loaded on first use: most visitors never reach a QR, and the encoder need not weigh on their page.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(value, QR_OPTIONS))
      .then((svg) => {
        if (current) setRendered({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (current) setRendered({ value, src: null });
      });
    return () => {
      current = false;
    };
  }, [value]);

  if (rendered?.value !== value) return <Skeleton boxSize={`${size}px`} rounded="md" />;
  if (rendered.src === null) {
    return (
      <Box
        boxSize={`${size}px`}
        display="flex"
        alignItems="center"
        justifyContent="center"
        bg="bg.muted"
        rounded="md"
        p="4"
      >
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          The QR code could not be drawn. Please pay to the UPI ID instead.
        </Text>
      </Box>
    );
  }
  return (
    <Image
      src={rendered.src}
      alt={alt}
      width={size}
      height={size}
      boxSize={`${size}px`}
      maxW="full"
      rounded="md"
      data-qr-value={value}
    />
  );
}
