import { Box, CloseButton, Dialog, HStack, IconButton, Portal, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { ArtworkImage } from '../../components/artwork-image';
import type { GalleryImage } from './gallery';
import { toastFriendlyDialogProps } from '../../components/app-toaster';

type GalleryLightboxProps = {
  images: readonly GalleryImage[];
  index: number;
  open: boolean;
  onIndexChange(index: number): void;
  onClose(): void;
};

/** One gallery image at a larger size with its caption; arrow keys or the buttons move through the set. */
export function GalleryLightbox({ images, index, open, onIndexChange, onClose }: GalleryLightboxProps) {
  const image = images[index];
  const step = (delta: number) => onIndexChange((index + delta + images.length) % images.length);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', md: 'xl' }}
      placement="center"
      lazyMount
      unmountOnExit
      {...toastFriendlyDialogProps}
    >
      <Portal>
        <Dialog.Backdrop bg="rgba(26, 8, 16, 0.82)" />
        <Dialog.Positioner>
          <Dialog.Content bg="accent.950" color="cream.50" overflow="hidden" onKeyDown={onKeyDown}>
            {image && (
              <>
                <Box aspectRatio="4 / 3" bg="accent.900" w="full">
                  <ArtworkImage
                    key={image.name}
                    folder="gallery"
                    name={image.name}
                    alt={image.alt}
                    loading="eager"
                    objectFit="contain"
                  />
                </Box>
                <HStack justify="space-between" gap="3" px={{ base: '4', md: '6' }} py="4">
                  <Box minW="0">
                    <Dialog.Title fontFamily="heading" fontSize={{ base: 'lg', md: 'xl' }} color="cream.50">
                      {image.caption}
                    </Dialog.Title>
                    <Text fontSize="sm" color="cream.300">
                      {index + 1} of {images.length}
                    </Text>
                  </Box>
                  <HStack gap="2" flexShrink={0}>
                    <IconButton
                      aria-label="Previous image"
                      variant="outline"
                      rounded="full"
                      color="cream.50"
                      borderColor="whiteAlpha.400"
                      _hover={{ bg: 'whiteAlpha.200' }}
                      onClick={() => step(-1)}
                    >
                      <ChevronLeft aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      aria-label="Next image"
                      variant="outline"
                      rounded="full"
                      color="cream.50"
                      borderColor="whiteAlpha.400"
                      _hover={{ bg: 'whiteAlpha.200' }}
                      onClick={() => step(1)}
                    >
                      <ChevronRight aria-hidden="true" />
                    </IconButton>
                  </HStack>
                </HStack>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton
                size="sm"
                aria-label="Close"
                bg="rgba(42, 12, 26, 0.6)"
                color="cream.50"
                rounded="full"
                _hover={{ bg: 'rgba(42, 12, 26, 0.85)' }}
              />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
