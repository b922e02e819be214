import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { errorReason } from '../lib/errors';

/**
 * Where an admin who must set up two-step sign-in is sent (docs/decisions.md, "Admin second factor and step-up");
 * the page then scrolls to its two-step section.
 */
export const ENROLMENT_PATH = '/account';

/**
 * An admin door answered that this admin must set up two-step sign-in first (ADMIN_SECOND_FACTOR_REQUIRED): go to
 * enrolment on Account settings, whatever page or action asked.
 */
export function EnrolmentRedirect() {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  // The page's calls fail together: the first sends the admin on, the others find it already going.
  const current = useRef(location);
  current.current = location;
  useEffect(() => {
    const check = (error: unknown) => {
      if (errorReason(error) !== 'second_factor_required' || current.current === ENROLMENT_PATH) return;
      current.current = ENROLMENT_PATH;
      // Replacing: Back would only lead to the same refusal.
      navigate(ENROLMENT_PATH, { replace: true });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
  return null;
}
