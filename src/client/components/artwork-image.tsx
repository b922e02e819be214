import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useState } from 'react';

export type ArtworkFolder = 'gallery' | 'services';

/**
 * The drawings ship as WebP pictures (drawn from scripts/drawings/ by `npm run artwork`); an admin may replace one
 * with a photo of the same name (public/images/README.md). When the WebP is gone the image tries the other formats
 * in turn, so no code has to change.
 */
const EXTENSIONS = ['webp', 'jpg', 'jpeg', 'png', 'svg'] as const;

export function artworkUrl(
  folder: ArtworkFolder,
  name: string,
  extension: (typeof EXTENSIONS)[number] = 'webp',
): string {
  return `/images/${folder}/${name}.${extension}`;
}

type ArtworkImageProps = Omit<HTMLChakraProps<'img'>, 'src' | 'alt'> & {
  folder: ArtworkFolder;
  name: string;
  alt: string;
};

/** An image from public/images, lazy-loaded and cropped to fill its (fixed-ratio) box. */
export function ArtworkImage({ folder, name, alt, ...props }: ArtworkImageProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <chakra.img
      src={artworkUrl(folder, name, EXTENSIONS[attempt])}
      alt={alt}
      loading="lazy"
      decoding="async"
      w="full"
      h="full"
      objectFit="cover"
      onError={() => setAttempt((current) => Math.min(current + 1, EXTENSIONS.length - 1))}
      {...props}
    />
  );
}
