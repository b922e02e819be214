import { Button, type ButtonProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

type HeaderLinkButtonProps = { href: string; icon: LucideIcon; children: ReactNode } & Omit<
  ButtonProps,
  'asChild' | 'children'
>;

/** A link in the admin's or supplier's dark header bar, drawn as an outlined pill button with its icon. */
export function HeaderLinkButton({ href, icon: Icon, children, ...button }: HeaderLinkButtonProps) {
  return (
    <Button
      asChild
      variant="outline"
      size="sm"
      rounded="full"
      color="cream.50"
      borderColor="whiteAlpha.500"
      _hover={{ bg: 'whiteAlpha.200' }}
      flex={{ base: '1 1 auto', md: 'initial' }}
      {...button}
    >
      <Link href={href}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
