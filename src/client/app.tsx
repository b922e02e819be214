import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { EnrolmentRedirect } from './components/enrolment-redirect';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoader } from './components/page-loader';
import { lazyNamed, type PreloadableComponent } from './lib/lazy-named';
import { usePageViewReporting } from './lib/page-views';
import { useSession } from './lib/session';
import { BookLayout } from './pages/book/book-layout';
import { LandingPage } from './pages/landing/landing-page';
import { LoginPage, preloadLoginForm } from './pages/login/login-page';
import { VendorLayout } from './pages/vendor-register/vendor-layout';

/*
 * Route pages are split into their own chunks (lazyPage); only the landing page, the sign-in page (its forms load
 * lazily) and the frames of /book and /vendor-register ship in the entry bundle.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazyNamed<object, Name>(load, name);
}

/**
 * A lazily loaded page inside a frame (bar, hero, footer) that is in the entry: the frame paints at once and the
 * page's code loads inside it, so the page's largest text does not wait a round trip more on a slow phone.
 */
function inLayout(Page: PreloadableComponent<object>, Layout: ComponentType<{ children: ReactNode }>) {
  function PageInLayout() {
    return (
      <Layout>
        <Page />
      </Layout>
    );
  }
  return Object.assign(PageInLayout, { preload: Page.preload });
}

const BookPage = inLayout(
  lazyPage(() => import('./pages/book/book-page'), 'BookPage'),
  BookLayout,
);
const VendorRegisterPage = inLayout(
  lazyPage(() => import('./pages/vendor-register/vendor-register-page'), 'VendorRegisterPage'),
  VendorLayout,
);
const PaymentSuccessPage = lazyPage(() => import('./pages/payment-success/payment-success-page'), 'PaymentSuccessPage');
const AdminDashboardPage = lazyPage(() => import('./pages/admin/admin-dashboard-page'), 'AdminDashboardPage');
const SupplierDashboardPage = lazyPage(
  () => import('./pages/supplier/supplier-dashboard-page'),
  'SupplierDashboardPage',
);
const TermsPage = lazyPage(() => import('./pages/terms/terms-page'), 'TermsPage');
const RefundPolicyPage = lazyPage(() => import('./pages/refund-policy/refund-policy-page'), 'RefundPolicyPage');
const PrivacyPolicyPage = lazyPage(() => import('./pages/privacy-policy/privacy-policy-page'), 'PrivacyPolicyPage');
const BookingsPage = lazyPage(() => import('./pages/bookings/bookings-page'), 'BookingsPage');
const VerifyEmailPage = lazyPage(() => import('./pages/verify-email/verify-email-page'), 'VerifyEmailPage');
const SetupPage = lazyPage(() => import('./pages/setup/setup-page'), 'SetupPage');
const EventOrderPage = lazyPage(() => import('./pages/event-order/event-order-page'), 'EventOrderPage');
const KitchenSheetPage = lazyPage(() => import('./pages/event-order/kitchen-sheet-page'), 'KitchenSheetPage');
const MenuCataloguePage = lazyPage(() => import('./pages/admin/menu-catalogue-page'), 'MenuCataloguePage');
const BookingMenuPage = lazyPage(() => import('./pages/admin/booking-menu-page'), 'BookingMenuPage');
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password/reset-password-page'), 'ResetPasswordPage');
const AccountPage = lazyPage(() => import('./pages/account/account-page'), 'AccountPage');
const NotFoundPage = lazyPage(() => import('./pages/not-found/not-found-page'), 'NotFoundPage');

/**
 * "Confirm it is you" is only asked of a signed-in member, so its code (a dialog and the password field) loads
 * once someone has signed in, not with every visitor's first page (docs/decisions.md, "Pre-rendered public pages").
 * A call refused before it has arrived waits for it (src/client/lib/step-up.ts).
 */
function StepUpForMembers() {
  const { user } = useSession();
  const [Dialog, setDialog] = useState<ComponentType | null>(null);
  const wanted = user !== null;
  useEffect(() => {
    if (!wanted || Dialog) return;
    let current = true;
    // A failed fetch leaves step-up calls refused, as they are with no dialog.
    import('./components/step-up-dialog')
      .then(({ StepUpDialog }) => {
        if (current) setDialog(() => StepUpDialog);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, Dialog]);
  return wanted && Dialog ? <Dialog /> : null;
}

/**
 * The code a pre-rendered public page loads lazily, fetched before the page hydrates (src/client/main.tsx), so
 * hydration finds every part and never falls back to a loader over the pre-rendered content.
 */
const PRERENDERED_PAGE_CODE: Record<string, () => Promise<void>> = {
  '/book': BookPage.preload,
  '/vendor-register': VendorRegisterPage.preload,
  '/login': preloadLoginForm,
  '/terms': TermsPage.preload,
  '/refund-policy': RefundPolicyPage.preload,
  '/privacy-policy': PrivacyPolicyPage.preload,
};

export function preloadPageCode(path: string): Promise<void> {
  return PRERENDERED_PAGE_CODE[path]?.() ?? Promise.resolve();
}

/** A new page starts at its top, as it would after a full page load. */
function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** docs/product.md#screens: the eleven routes, plus a not-found page for anything else. */
export function App() {
  usePageViewReporting();
  return (
    <>
      <ScrollToTopOnNavigate />
      <EnrolmentRedirect />
      <StepUpForMembers />
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/book" component={BookPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/vendor-register" component={VendorRegisterPage} />
          <Route path="/payment/success" component={PaymentSuccessPage} />
          <Route path="/admin" component={AdminDashboardPage} />
          <Route path="/supplier" component={SupplierDashboardPage} />
          <Route path="/terms" component={TermsPage} />
          <Route path="/refund-policy" component={RefundPolicyPage} />
          <Route path="/privacy-policy" component={PrivacyPolicyPage} />
          <Route path="/bookings" component={BookingsPage} />
          <Route path="/bookings/:id" component={BookingsPage} />
          <Route path="/bookings/:id/menu" component={BookingsPage} />
          <Route path="/admin/event-orders/:id" component={EventOrderPage} />
          <Route path="/supplier/event-orders/:id" component={EventOrderPage} />
          <Route path="/admin/kitchen" component={KitchenSheetPage} />
          <Route path="/admin/menu" component={MenuCataloguePage} />
          <Route path="/admin/bookings/:id/menu" component={BookingMenuPage} />
          <Route path="/verify-email" component={VerifyEmailPage} />
          <Route path="/setup" component={SetupPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/account" component={AccountPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </>
  );
}
