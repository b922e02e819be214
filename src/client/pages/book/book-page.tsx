import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSearch } from 'wouter';
import { todayInIndia } from '../../../shared/dates';
import type { PricingTier } from '../../../shared/domain';
import { nextFreeDates, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { deferredModule } from '../../lib/deferred-module';
import { createRetryKeys } from '../../lib/idempotency-key';
import { trpc } from '../../lib/trpc';
import { useHydrated } from '../../lib/hydration';
import type { TypedFormHandover, TypedHandover } from '../../lib/typed-before-hydration';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWaiting } from '../../lib/use-waiting';
import { whenIdle } from '../../lib/when-idle';
import { clearBookDraft, isBookPageRevisit, markBookPageVisited, readBookDraft, saveBookDraft } from './book-draft';
import { EventDetailsForm, type FieldError } from './event-details-form';
import { PackageChooser } from './package-chooser';
import {
  DEFAULT_TIER,
  firstSpecProblem,
  hasDateAndGuests,
  initialQuoteValues,
  quoteValidator,
  QUOTE_MESSAGES,
  type QuoteField,
  type QuoteFormProblem,
  type QuoteFormValues,
} from './quote-fields';
import type { QuoteFormCheck } from './quote-form';
import type * as QuoteResultModule from './quote-result';
import type { QuotedEvent } from './subscription';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Brings a section into view and puts the keyboard on its heading, so screen readers announce what changed. */
function revealSection(section: HTMLElement | null, heading: HTMLElement | null) {
  section?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
}

/** The tRPC error's first field, when the server named one (`loc: ['input', 'client_phone']`). */
function fieldOfServerError(error: unknown, values: QuoteFormValues): QuoteField | null {
  const data = (error as { data?: { issues?: { loc?: unknown[] }[] } } | null)?.data;
  const field = data?.issues?.[0]?.loc?.[1];
  return typeof field === 'string' && field in values ? (field as QuoteField) : null;
}

/*
 * The quote and the subscription offer are not needed until a quote exists: their code is fetched once the page
 * has rendered, and a quote that comes back first waits for it, so it always appears whole.
 */
const quoteResult = deferredModule(() => import('./quote-result'));
/** The id of the toast naming what the form still needs (`showProblem`). */
const FORM_PROBLEM_TOAST = 'book-form-problem';

type Reveal = 'quote' | 'form' | null;

/**
 * docs/product.md#screens "Booking / instant-quote page", with the rules of sections 4, 5, 8 and 9: choose a package,
 * fill in the event details, get a GST-inclusive quote, then the ₹99 subscription offer. The form keeps its
 * values while the quote is shown, so '← Modify Details' brings them back as they were. The page's bar, hero and
 * footer are drawn around it by BookLayout (book-layout.tsx), which is in the entry bundle.
 */
export function BookPage() {
  const hydrated = useHydrated();
  // Hydrating the pre-rendered page, with a draft in this tab or an event type in the address: the build drew the
  // blank form, so that is hydrated first and the visitor's own form drawn in the same commit (docs/decisions.md,
  // "Pre-rendered public pages"), not in a later transition: the blank form is live meanwhile, and what a visitor
  // typed into it would be lost with it.
  const [asBuilt, setAsBuilt] = useState(() => !hydrated && hasBrowserOnlyState());
  // What the visitor typed into the blank form before the page's code had started goes into their own form, over
  // the draft and the event type in the address.
  const [typedIntoBlank] = useState<TypedHandover>(() => ({ current: null, focused: null }));
  useLayoutEffect(() => {
    if (asBuilt) setAsBuilt(false);
  }, [asBuilt]);
  return (
    <BookForm
      key={asBuilt ? 'as-built' : 'own'}
      asBuilt={asBuilt}
      typedHandover={asBuilt ? { giveTo: typedIntoBlank } : { takeFrom: typedIntoBlank }}
    />
  );
}

/** What the build cannot know: the tab's draft, or a service link's event type in the address. */
function hasBrowserOnlyState(): boolean {
  if (typeof window === 'undefined') return false;
  return readBookDraft() !== null || new URLSearchParams(window.location.search).has('eventType');
}

/**
 * The page itself; `asBuilt`: the blank form as the build drew it, which neither reads nor touches the draft and
 * hands what was typed into it to the form drawn in its place (`typedHandover`).
 */
function BookForm({ asBuilt, typedHandover }: { asBuilt: boolean; typedHandover: TypedFormHandover }) {
  useDocumentTitle('Book Your Event');
  const eventTypeParam = new URLSearchParams(useSearch()).get('eventType');
  // The tab's draft (book-draft.ts), read once: a reload or Back from the payment page finds the form as it was.
  const [draft] = useState(() => (asBuilt ? null : readBookDraft()));
  const [values, setValues] = useState<QuoteFormValues>(() => {
    const opened = initialQuoteValues(eventTypeParam);
    if (!draft) return opened;
    // A service link names the event the visitor wants now, over the one in the draft.
    return { ...draft.values, event_type: opened.event_type || draft.values.event_type };
  });
  const [tier, setTier] = useState<PricingTier>(draft?.tier ?? DEFAULT_TIER);
  // Start over draws the form anew, so the date field forgets a date typed but not accepted.
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<FieldError | null>(null);
  // A typed date the field refused: `values.event_date` still holds the last accepted one, which must not be sent.
  const [dateProblem, setDateProblem] = useState<string | undefined>();
  // A service link followed to a new page asks for a new quote: the draft's details stay, its quote does not come
  // back. The same page met again (a reload, Back from the payment page) is marked in its history entry and shows
  // the draft as it was.
  const [quoted, setQuoted] = useState<QuotedEvent | null>(() =>
    initialQuoteValues(eventTypeParam).event_type && !isBookPageRevisit() ? null : (draft?.quoted ?? null),
  );
  useEffect(() => {
    if (!asBuilt) markBookPageVisited();
  }, [asBuilt]);
  // A full or closed day's next free dates, offered under the date field until another date is chosen.
  const [freeDates, setFreeDates] = useState<string[]>([]);
  const [result, setResult] = useState(() => quoteResult.loaded());
  const instant = trpc.quote.instant.useMutation();
  // A submit may wait for code fetched after the first render (the schema check before sending, the quote's own
  // view after the answer), which happens only when the visitor is quicker than the connection.
  const { waiting, isWaiting, whileWaiting } = useWaiting();
  const [retryKeys] = useState(createRetryKeys);
  const quoteSectionRef = useRef<HTMLDivElement>(null);
  const quoteHeadingRef = useRef<HTMLHeadingElement>(null);
  const packagesSectionRef = useRef<HTMLDivElement>(null);
  const packagesHeadingRef = useRef<HTMLHeadingElement>(null);
  const reveal = useRef<Reveal>(null);
  const today = todayInIndia();

  const blankValues = initialQuoteValues(null);
  const started =
    quoted !== null ||
    tier !== DEFAULT_TIER ||
    (Object.keys(values) as QuoteField[]).some((field) => {
      const value = values[field];
      return (typeof value === 'string' ? value.trim() : value) !== blankValues[field];
    });

  useEffect(() => {
    if (asBuilt) return;
    if (started) saveBookDraft({ values, tier, quoted });
    else clearBookDraft();
  }, [asBuilt, started, values, tier, quoted]);

  useEffect(() => {
    // A quote kept in the draft is shown once its view's code is here.
    if (!quoted || result) return;
    let live = true;
    quoteResult.load().then(
      (module) => live && setResult(() => module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [quoted, result]);

  useEffect(() => {
    // Runs after the swap between form and quote has rendered, so the target exists.
    const target = reveal.current;
    reveal.current = null;
    if (target === 'quote') revealSection(quoteSectionRef.current, quoteHeadingRef.current);
    if (target === 'form') revealSection(packagesSectionRef.current, packagesHeadingRef.current);
  }, [quoted]);

  useEffect(
    // Neither the shared schema (zod) nor the quote's view is needed to show the form: both are fetched once the
    // page has rendered.
    () =>
      whenIdle(() => {
        quoteValidator.preload();
        quoteResult.preload();
      }),
    [],
  );

  function setField<Field extends QuoteField>(field: Field, value: QuoteFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    setError((current) => (current?.field === field ? null : current));
    if (field === 'event_date') setFreeDates([]);
  }

  function showProblem(form: HTMLFormElement, problem: QuoteFormProblem) {
    setError({ field: problem.field, message: problem.message });
    // One toast for the form's current problem: fixing a field and pressing again replaces it, never piles up.
    toast.error(problem.message, { id: FORM_PROBLEM_TOAST });
    focusFirstInvalid(form, { [problem.field]: problem.message });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (instant.isPending || isWaiting()) return;
    const form = event.currentTarget;
    // The spec's checks answer at once; the shared schema's code may still be on its way on a slow connection.
    const problem = firstSpecProblem(values, today, dateProblem);
    if (problem) {
      showProblem(form, problem);
      return;
    }
    let check: QuoteFormCheck;
    try {
      check = (await whileWaiting(quoteValidator.load())).checkQuoteForm(values, tier, today);
    } catch {
      toast.error(QUOTE_MESSAGES.failure);
      return;
    }
    if (!check.ok) {
      showProblem(form, check);
      return;
    }
    setError(null);
    const venueName = values.venue_name;
    const input = check.input;
    // A retry after a dropped connection sends the same key, so the server answers the quote it may already have
    // saved instead of booking the event twice.
    instant.mutate(
      { ...input, idempotency_key: retryKeys.keyFor(input) },
      {
        async onSuccess(quote) {
          let module: typeof QuoteResultModule;
          try {
            module = await whileWaiting(quoteResult.load());
          } catch {
            // The quote cannot be shown (its code did not arrive): the key is kept, so trying again answers the same
            // quote instead of making another.
            toast.error(QUOTE_MESSAGES.failure);
            return;
          }
          retryKeys.settle();
          reveal.current = 'quote';
          setResult(() => module);
          setQuoted({ input, venueName, quote });
          toast.success(QUOTE_MESSAGES.success);
        },
        onError(failure) {
          // The server answered (a validation or limit error): nothing was saved, so the next try starts afresh.
          if (failure.data) retryKeys.settle();
          const message = serverDetail(failure) ?? QUOTE_MESSAGES.failure;
          const free = nextFreeDates(failure);
          const field = free.length > 0 ? 'event_date' : fieldOfServerError(failure, values);
          setFreeDates(free);
          if (field) setError({ field, message });
          toast.error(message);
        },
      },
    );
  }

  function startOver() {
    clearBookDraft();
    setValues(initialQuoteValues(eventTypeParam));
    setTier(DEFAULT_TIER);
    setError(null);
    setDateProblem(undefined);
    setFormKey((key) => key + 1);
    toast.dismiss();
  }

  function modifyDetails() {
    reveal.current = 'form';
    setQuoted(null);
    instant.reset();
  }

  return (
    <Container
      maxW="6xl"
      mt={{ base: '-12', md: '-16' }}
      pb={{ base: '14', md: '20' }}
      position="relative"
      _print={{ mt: '0', pb: '0' }}
    >
      {quoted && result ? (
        <result.QuoteResult
          quoted={quoted}
          sectionRef={quoteSectionRef}
          headingRef={quoteHeadingRef}
          onModify={modifyDetails}
        />
      ) : (
        <Stack gap={{ base: '10', md: '14' }}>
          <Box as="section" ref={packagesSectionRef} aria-labelledby="packages-heading" scrollMarginTop="4">
            <Box
              bg="bg.panel"
              rounded="2xl"
              borderWidth="1px"
              borderColor="border"
              shadow="sm"
              px={{ base: '4', sm: '6', md: '10' }}
              pt={{ base: '6', md: '9' }}
              pb={{ base: '6', md: '10' }}
            >
              <Heading
                id="packages-heading"
                ref={packagesHeadingRef}
                tabIndex={-1}
                outline="none"
                as="h2"
                fontSize={{ base: '2xl', md: '3xl' }}
                color="accent.950"
              >
                Choose Your Package
              </Heading>
              <Text color="fg.muted" mt="1" mb={{ base: '8', md: '10' }}>
                Every package is freshly cooked by our chefs and served by our own team.
              </Text>
              <PackageChooser value={tier} onChange={setTier} typedHandover={typedHandover} />
            </Box>
          </Box>
          <EventDetailsForm
            key={formKey}
            values={values}
            onStartOver={started ? startOver : undefined}
            onFieldChange={setField}
            onDateProblemChange={(problem) => {
              setDateProblem(problem);
              // The date now typed is accepted (maybe the same day as before): its earlier message goes too.
              if (!problem) setError((current) => (current?.field === 'event_date' ? null : current));
            }}
            error={error}
            today={today}
            canSubmit={hasDateAndGuests(values)}
            pending={instant.isPending || waiting}
            onSubmit={submit}
            freeDates={freeDates}
            typedHandover={typedHandover}
          />
        </Stack>
      )}
    </Container>
  );
}
