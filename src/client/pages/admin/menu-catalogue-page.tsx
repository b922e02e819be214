import {
  Badge,
  Box,
  Button,
  Checkbox,
  Container,
  Field,
  Fieldset,
  Heading,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { ArrowDown, ArrowLeft, ArrowUp, Pencil, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { humanize, PRICING_TIERS, type PricingTier } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import {
  ALLERGENS,
  COURSE_LABELS,
  COURSES,
  DIET_LABELS,
  DIETS,
  REGION_LABELS,
  REGIONS,
  YIELD_UNITS,
  type Allergen,
  type Course,
  type Diet,
  type Region,
  type YieldUnit,
} from '../../../shared/menu';
import {
  dishFieldsSchema,
  menuRulesInputSchema,
  type DishDto,
  type MenuRulesInput,
} from '../../../shared/schemas/menus';
import { AppDialog } from '../../components/app-dialog';
import { RequireSignIn } from '../../components/require-sign-in';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { errorField, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { touchTarget } from '../../touch-targets';
import { SelectField } from '../book/select-field';
import { passesSchema, type FieldErrors } from './use-form-fields';

/*
 * `/admin/menu`: the dish catalogue and the menu rules (docs/product.md#menus). Every check is the shared schema the
 * server uses; the server's refusal (a duplicate name, a stale order) is shown as it answers.
 */

const ALLERGEN_LABEL = (allergen: Allergen) => allergen.charAt(0).toUpperCase() + allergen.slice(1);
const DIET_COLOURS: Record<Diet, string> = {
  jain: 'yellow',
  vegan: 'teal',
  veg: 'green',
  egg: 'orange',
  non_veg: 'red',
};

// --- The dish form -------------------------------------------------------------------------------------------------

type DishValues = {
  name: string;
  course: Course | '';
  diet: Diet | '';
  region: Region | '';
  allergens: Allergen[];
  description: string;
  photo_url: string;
  add_on_price: string;
  yield_per_100: string;
  yield_unit: YieldUnit | '';
  staff_per_counter: string;
  active: boolean;
};

const EMPTY_DISH: DishValues = {
  name: '',
  course: '',
  diet: '',
  region: '',
  allergens: [],
  description: '',
  photo_url: '',
  add_on_price: '',
  yield_per_100: '',
  yield_unit: '',
  staff_per_counter: '0',
  active: true,
};

function valuesOf(dish: DishDto): DishValues {
  return {
    name: dish.name,
    course: dish.course,
    diet: dish.diet,
    region: dish.region,
    allergens: [...dish.allergens],
    description: dish.description ?? '',
    photo_url: dish.photo_url ?? '',
    add_on_price: dish.add_on_price === null ? '' : String(dish.add_on_price),
    yield_per_100: String(dish.yield_per_100),
    yield_unit: dish.yield_unit,
    staff_per_counter: String(dish.staff_per_counter),
    active: dish.active,
  };
}

/** A typed number as the schema reads it: empty stays absent (the schema names what is missing), text stays text. */
function typedNumber(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/** What the form sends: the shared schema's input, with empty choices left out so their own message shows. */
function payloadOf(values: DishValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    name: values.name,
    allergens: values.allergens,
    description: values.description.trim() === '' ? null : values.description,
    photo_url: values.photo_url.trim() === '' ? null : values.photo_url,
    add_on_price: values.add_on_price.trim() === '' ? null : typedNumber(values.add_on_price),
    yield_per_100: typedNumber(values.yield_per_100),
    staff_per_counter: typedNumber(values.staff_per_counter) ?? 0,
    active: values.active,
  };
  if (values.course) payload.course = values.course;
  if (values.diet) payload.diet = values.diet;
  if (values.region) payload.region = values.region;
  if (values.yield_unit) payload.yield_unit = values.yield_unit;
  return payload;
}

const options = <Value extends string>(list: readonly Value[], label: (value: Value) => string) =>
  list.map((value) => ({ value, label: label(value) }));

function DishForm({
  formId,
  initial,
  onSubmit,
  serverErrors,
}: {
  formId: string;
  initial: DishValues;
  onSubmit(payload: Record<string, unknown>): void;
  serverErrors: FieldErrors;
}) {
  const [values, setValues] = useState<DishValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  function set<Key extends keyof DishValues>(field: Key, value: DishValues[Key]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }
  const text = (
    field: 'name' | 'description' | 'photo_url' | 'add_on_price' | 'yield_per_100' | 'staff_per_counter',
  ) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => set(field, value),
    error: shown[field],
  });
  /** A required choice from a list, "Choose…" until one is made. */
  const choice = <Field extends 'course' | 'diet' | 'region' | 'yield_unit'>(
    field: Field,
    list: readonly Exclude<DishValues[Field], ''>[],
    label: (value: Exclude<DishValues[Field], ''>) => string,
  ) => ({
    name: field,
    placeholder: 'Choose…',
    required: true,
    value: values[field],
    onValueChange: (value: DishValues[Field]) => set(field, value),
    options: options(list, label),
    error: shown[field],
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = payloadOf(values);
    if (!passesSchema(event, dishFieldsSchema, payload, setErrors)) return;
    // A field typed into since the last answer hides the server's message for it until the next one arrives.
    setErrors({});
    onSubmit(payload);
  }

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Dish">
      <Stack gap="4">
        <TextField {...text('name')} label="Dish name" autoComplete="off" required />
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <SelectField {...choice('course', COURSES, (course) => COURSE_LABELS[course])} label="Course" />
          <SelectField {...choice('diet', DIETS, (diet) => DIET_LABELS[diet])} label="Diet" />
          <SelectField {...choice('region', REGIONS, (region) => REGION_LABELS[region])} label="Region" />
        </SimpleGrid>
        <Fieldset.Root invalid={Boolean(shown.allergens)}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            Allergens
          </Fieldset.Legend>
          {/* Each allergen's whole row (box and name) is its target: 44 px tall on touch screens, as elsewhere. */}
          <Wrap gap="3" mt="2">
            {ALLERGENS.map((allergen) => (
              <Checkbox.Root
                key={allergen}
                css={touchTarget}
                checked={values.allergens.includes(allergen)}
                onCheckedChange={(details) =>
                  set(
                    'allergens',
                    details.checked === true
                      ? [...values.allergens, allergen]
                      : values.allergens.filter((item) => item !== allergen),
                  )
                }
              >
                <Checkbox.HiddenInput name="allergens" value={allergen} />
                <Checkbox.Control />
                <Checkbox.Label>{ALLERGEN_LABEL(allergen)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Wrap>
          <Fieldset.ErrorText>{shown.allergens}</Fieldset.ErrorText>
        </Fieldset.Root>
        <TextareaField {...text('description')} label="Short description" rows={2} />
        <TextField {...text('photo_url')} label="Photo (https address)" inputMode="url" autoComplete="off" />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            {...text('add_on_price')}
            label="Add-on price per guest (₹)"
            inputMode="decimal"
            autoComplete="off"
            helperText="Leave empty when the package includes the dish"
          />
          <TextField {...text('staff_per_counter')} label="Staff per counter" inputMode="numeric" autoComplete="off" />
          <TextField
            {...text('yield_per_100')}
            label="Yield per 100 guests"
            inputMode="decimal"
            autoComplete="off"
            required
          />
          <SelectField {...choice('yield_unit', YIELD_UNITS, (unit) => unit)} label="Unit" />
        </SimpleGrid>
        <Switch.Root
          checked={values.active}
          onCheckedChange={(details) => set('active', details.checked)}
          css={touchTarget}
        >
          <Switch.HiddenInput name="active" />
          <Switch.Control />
          <Switch.Label>On the menu (customers can choose it)</Switch.Label>
        </Switch.Root>
      </Stack>
    </form>
  );
}

/** The server's field message (`issues[0].loc[1]` is the field) or null for a refusal of the whole request. */
function serverFieldError(error: unknown): FieldErrors | null {
  const issue = (error as { data?: { issues?: { loc: (string | number)[]; msg: string }[] } } | null)?.data
    ?.issues?.[0];
  const field = issue?.loc.at(-1);
  return issue && typeof field === 'string' ? { [field]: issue.msg } : null;
}

function DishDialog({ dish, open, onClose }: { dish: DishDto | null; open: boolean; onClose(): void }) {
  const formId = useId();
  const utils = trpc.useUtils();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const done = (message: string) => {
    toast.success(message);
    setServerErrors({});
    void utils.admin.menus.dishes.invalidate();
    onClose();
  };
  const failed = (error: unknown) => {
    // A field's refusal (a 422, or a 409 such as a name already on the catalogue) is shown at the field.
    const conflict = errorField(error);
    const fields = serverFieldError(error) ?? (conflict ? { [conflict]: serverDetail(error) ?? '' } : null);
    if (fields) setServerErrors(fields);
    else toast.error(serverDetail(error) ?? 'The dish could not be saved. Please try again.');
  };
  const create = trpc.admin.menus.createDish.useMutation({
    onSuccess: (saved) => done(`${saved.name} is on the catalogue.`),
    onError: failed,
  });
  const update = trpc.admin.menus.updateDish.useMutation({
    onSuccess: (saved) => done(`${saved.name} is saved.`),
    onError: failed,
  });
  const title = dish ? `Edit ${dish.name}` : 'Add a dish';
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      initialFocusEl={() => document.getElementById(formId)?.querySelector('input') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="6" loading={create.isPending || update.isPending}>
            {dish ? 'Save dish' : 'Add dish'}
          </Button>
        </>
      }
    >
      <DishForm
        key={dish?.id ?? 'new'}
        formId={formId}
        initial={dish ? valuesOf(dish) : EMPTY_DISH}
        serverErrors={serverErrors}
        onSubmit={(payload) => {
          setServerErrors({});
          const data = payload as Parameters<typeof create.mutate>[0];
          if (dish) update.mutate({ id: dish.id, data });
          else create.mutate(data);
        }}
      />
    </AppDialog>
  );
}

// --- The catalogue -------------------------------------------------------------------------------------------------

function CourseTable({ course, dishes, onEdit }: { course: Course; dishes: DishDto[]; onEdit(dish: DishDto): void }) {
  const utils = trpc.useUtils();
  const reorder = trpc.admin.menus.reorder.useMutation({
    onSuccess: () => void utils.admin.menus.dishes.invalidate(),
    onError: (error) => toast.error(serverDetail(error) ?? 'The order could not be saved. Please try again.'),
  });
  const update = trpc.admin.menus.updateDish.useMutation({
    onSuccess: (saved) => {
      toast.success(saved.active ? `${saved.name} is back on the menu.` : `${saved.name} is retired.`);
      void utils.admin.menus.dishes.invalidate();
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'The dish could not be saved. Please try again.'),
  });

  function move(index: number, by: -1 | 1) {
    const ids = dishes.map((dish) => dish.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ course, dish_ids: ids });
  }

  function toggleActive(dish: DishDto) {
    const data = dishFieldsSchema.parse({ ...payloadOf(valuesOf(dish)), active: !dish.active });
    update.mutate({ id: dish.id, data });
  }

  return (
    <Box as="section" aria-labelledby={`course-${course}`}>
      <Heading as="h3" id={`course-${course}`} size="md" color="accent.900" mb="2">
        {COURSE_LABELS[course]}{' '}
        <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal">
          ({dishes.length})
        </Text>
      </Heading>
      {dishes.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No dishes in this course yet.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {dishes.map((dish, index) => (
            <Box
              as="li"
              key={dish.id}
              aria-label={dish.name}
              borderWidth="1px"
              borderColor="border"
              rounded="xl"
              bg={dish.active ? 'bg.panel' : 'bg.muted'}
              p="3"
            >
              <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
                <Box minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold" color={dish.active ? 'fg' : 'fg.muted'}>
                      {dish.name}
                    </Text>
                    <Badge colorPalette={DIET_COLOURS[dish.diet]}>{DIET_LABELS[dish.diet]}</Badge>
                    <Badge variant="outline">{REGION_LABELS[dish.region]}</Badge>
                    {dish.add_on_price !== null && (
                      <Badge colorPalette="purple">Add-on {formatInr(dish.add_on_price)} per guest</Badge>
                    )}
                    {!dish.active && <Badge colorPalette="gray">Retired</Badge>}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {dish.allergens.length
                      ? `Allergens: ${dish.allergens.map(ALLERGEN_LABEL).join(', ')}`
                      : 'No listed allergens'}{' '}
                    · {dish.yield_per_100} {dish.yield_unit} per 100 guests
                    {dish.staff_per_counter ? ` · ${dish.staff_per_counter} staff per counter` : ''}
                  </Text>
                </Box>
                <HStack gap="1" flexShrink={0} wrap="wrap">
                  <IconButton
                    aria-label={`Move ${dish.name} up`}
                    variant="ghost"
                    size="sm"
                    minH="11"
                    minW="11"
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp />
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${dish.name} down`}
                    variant="ghost"
                    size="sm"
                    minH="11"
                    minW="11"
                    disabled={index === dishes.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown />
                  </IconButton>
                  <Button
                    variant="outline"
                    size="sm"
                    minH="11"
                    aria-label={`Edit ${dish.name}`}
                    onClick={() => onEdit(dish)}
                  >
                    <Pencil aria-hidden="true" /> Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    minH="11"
                    colorPalette={dish.active ? 'red' : 'green'}
                    aria-label={dish.active ? `Retire ${dish.name}` : `Bring back ${dish.name}`}
                    loading={update.isPending && update.variables?.id === dish.id}
                    onClick={() => toggleActive(dish)}
                  >
                    {dish.active ? 'Retire' : 'Bring back'}
                  </Button>
                </HStack>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Catalogue() {
  const dishes = trpc.admin.menus.dishes.useQuery({ include_retired: true });
  const [editing, setEditing] = useState<DishDto | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Box
      as="section"
      aria-labelledby="dish-catalogue"
      bg="bg.panel"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: '4', md: '6' }}
    >
      <HStack justify="space-between" wrap="wrap" gap="3" mb="4">
        <Heading as="h2" id="dish-catalogue" size="xl" color="accent.950">
          Dish catalogue
        </Heading>
        <Button rounded="full" minH="11" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add a dish
        </Button>
      </HStack>
      {dishes.isPending ? (
        <Skeleton h="48" rounded="xl" role="status" aria-label="Loading the dishes" />
      ) : dishes.isError ? (
        <Stack gap="3" align="flex-start">
          <Text role="alert" color="red.700">
            {serverDetail(dishes.error) ?? 'The dishes could not be loaded.'}
          </Text>
          <Button variant="outline" minH="11" onClick={() => void dishes.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack gap="6">
          {COURSES.map((course) => (
            <CourseTable
              key={course}
              course={course}
              dishes={dishes.data.filter((dish) => dish.course === course)}
              onEdit={setEditing}
            />
          ))}
        </Stack>
      )}
      <DishDialog
        open={adding || editing !== null}
        dish={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </Box>
  );
}

// --- The menu rules ------------------------------------------------------------------------------------------------

type RulesValues = {
  allowances: Record<PricingTier, Record<Course, string>>;
  freeze_days_before_event: string;
  kitchen_buffer_percent: string;
};

function rulesValuesOf(rules: MenuRulesInput): RulesValues {
  return {
    allowances: Object.fromEntries(
      PRICING_TIERS.map((tier) => [
        tier,
        Object.fromEntries(COURSES.map((course) => [course, String(rules.allowances[tier][course])])),
      ]),
    ) as RulesValues['allowances'],
    freeze_days_before_event: String(rules.freeze_days_before_event),
    kitchen_buffer_percent: String(rules.kitchen_buffer_percent),
  };
}

function rulesPayloadOf(values: RulesValues) {
  return {
    allowances: Object.fromEntries(
      PRICING_TIERS.map((tier) => [
        tier,
        Object.fromEntries(COURSES.map((course) => [course, typedNumber(values.allowances[tier][course])])),
      ]),
    ),
    freeze_days_before_event: typedNumber(values.freeze_days_before_event),
    kitchen_buffer_percent: typedNumber(values.kitchen_buffer_percent),
  };
}

/** Field names of the rules form: `basic.starters`, `freeze_days_before_event`… */
function rulesErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const name = path[0] === 'allowances' ? path.slice(1).join('.') : path.join('.');
    if (!(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/** A number in the allowances table: its label (tier and course) is read out, the table's headings show it. */
function AllowanceField({
  name,
  label,
  value,
  onValueChange,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  error: string | undefined;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label srOnly>{label}</Field.Label>
      <Input
        name={name}
        size="md"
        bg="bg.panel"
        textAlign="center"
        px="1"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function RulesForm({ initial }: { initial: MenuRulesInput }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<RulesValues>(() => rulesValuesOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = trpc.admin.menus.updateRules.useMutation({
    onSuccess: (saved) => {
      toast.success('The menu rules are saved.');
      setValues(rulesValuesOf(saved.rules));
      void utils.admin.menus.rules.invalidate();
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'The menu rules could not be saved. Please try again.'),
  });

  function setAllowance(tier: PricingTier, course: Course, value: string) {
    setValues((current) => ({
      ...current,
      allowances: { ...current.allowances, [tier]: { ...current.allowances[tier], [course]: value } },
    }));
    setErrors((current) => ({ ...current, [`${tier}.${course}`]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = menuRulesInputSchema.safeParse(rulesPayloadOf(values));
    if (!parsed.success) {
      const found = rulesErrorsOf(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    save.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Items per course">
      <Stack gap="4">
        <Table.ScrollArea borderWidth="1px" rounded="xl">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Course</Table.ColumnHeader>
                {PRICING_TIERS.map((tier) => (
                  <Table.ColumnHeader key={tier} textAlign="center">
                    {humanize(tier)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {COURSES.map((course) => (
                <Table.Row key={course}>
                  <Table.Cell fontWeight="medium" px={{ base: '2', sm: '3' }} whiteSpace="normal" minW="20">
                    {COURSE_LABELS[course]}
                  </Table.Cell>
                  {PRICING_TIERS.map((tier) => {
                    const name = `${tier}.${course}`;
                    return (
                      <Table.Cell
                        key={tier}
                        w={{ base: '16', sm: 'auto' }}
                        minW={{ base: '14', sm: '24' }}
                        px={{ base: '1', sm: '3' }}
                        verticalAlign="top"
                      >
                        <AllowanceField
                          name={name}
                          label={`${humanize(tier)}: ${COURSE_LABELS[course]}`}
                          value={values.allowances[tier][course]}
                          onValueChange={(value) => setAllowance(tier, course, value)}
                          error={errors[name]}
                        />
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
          <TextField
            name="freeze_days_before_event"
            label="Menu freezes (days before the event)"
            inputMode="numeric"
            autoComplete="off"
            value={values.freeze_days_before_event}
            onValueChange={(value) => {
              setValues((current) => ({ ...current, freeze_days_before_event: value }));
              setErrors((current) => ({ ...current, freeze_days_before_event: undefined }));
            }}
            error={errors.freeze_days_before_event}
          />
          <TextField
            name="kitchen_buffer_percent"
            label="Kitchen buffer (%)"
            inputMode="numeric"
            autoComplete="off"
            value={values.kitchen_buffer_percent}
            onValueChange={(value) => {
              setValues((current) => ({ ...current, kitchen_buffer_percent: value }));
              setErrors((current) => ({ ...current, kitchen_buffer_percent: undefined }));
            }}
            error={errors.kitchen_buffer_percent}
          />
        </SimpleGrid>
        <Button type="submit" rounded="full" minH="11" alignSelf="flex-start" loading={save.isPending}>
          Save menu rules
        </Button>
      </Stack>
    </form>
  );
}

function Rules() {
  const rules = trpc.admin.menus.rules.useQuery();
  return (
    <Box
      as="section"
      aria-labelledby="menu-rules"
      bg="bg.panel"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id="menu-rules" size="xl" color="accent.950" mb="1">
        Items per course
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        How many dishes of each course each package includes; add-ons come on top, at their price per guest.
      </Text>
      {rules.isPending ? (
        <Skeleton h="48" rounded="xl" role="status" aria-label="Loading the menu rules" />
      ) : rules.isError ? (
        <Text role="alert" color="red.700">
          {serverDetail(rules.error) ?? 'The menu rules could not be loaded.'}
        </Text>
      ) : (
        <RulesForm initial={rules.data.rules} />
      )}
    </Box>
  );
}

// --- The page ------------------------------------------------------------------------------------------------------

function MenuAdmin() {
  useDocumentTitle('Menu catalogue');
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Container as="main" maxW="5xl" py={{ base: '4', md: '8' }} px={{ base: '3', sm: '4', md: '6' }}>
        <Stack gap="6">
          <Button asChild variant="ghost" colorPalette="accent" size="sm" alignSelf="flex-start" ms="-2" minH="11">
            <Link href="/admin">
              <ArrowLeft aria-hidden="true" /> Admin Dashboard
            </Link>
          </Button>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
            Menu catalogue
          </Heading>
          <Catalogue />
          <Rules />
        </Stack>
      </Container>
    </Box>
  );
}

function Gate() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role !== 'admin') return <Text p="6">The menu catalogue is for our team.</Text>;
  return <MenuAdmin />;
}

/** `/admin/menu`: add, edit, retire and reorder dishes, and set the items per course of each package. */
export function MenuCataloguePage() {
  return (
    <RequireSignIn>
      <Gate />
    </RequireSignIn>
  );
}
