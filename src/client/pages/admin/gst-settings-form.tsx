import { Box, Button, Field, Flex, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { GST_STATE_CODES, GST_STATES, type GstRate, type ServiceKind } from '../../../shared/gst';
import { gstSettingsInputSchema, type GstSettingsDto } from '../../../shared/schemas/gst';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { QueryContent } from './panel-states';
import { SectionCard } from './section-card';
import { passesSchema, type FieldErrors } from './use-form-fields';

type Business = { [K in keyof GstSettingsDto['business']]: string };
type RateRow = {
  sac: string;
  description: string;
  service_kind: ServiceKind;
  rate_percent: string;
  itc: string;
  effective_from: string;
};

const businessOf = (b: GstSettingsDto['business']): Business => ({
  legal_name: b.legal_name,
  trade_name: b.trade_name,
  address: b.address,
  state_code: b.state_code,
  gstin: b.gstin ?? '',
  fssai: b.fssai ?? '',
  package_sac: b.package_sac,
});
const rowOf = (r: GstRate): RateRow => ({ ...r, rate_percent: String(r.rate_percent), itc: r.itc ? 'yes' : 'no' });

const BUSINESS_FIELDS: { name: keyof Business; label: string; helper?: string }[] = [
  { name: 'legal_name', label: 'Legal name' },
  { name: 'trade_name', label: 'Trade name' },
  { name: 'address', label: 'Address' },
  { name: 'gstin', label: 'GSTIN', helper: 'No GST documents are issued until it is set' },
  { name: 'fssai', label: 'FSSAI licence number' },
  { name: 'package_sac', label: 'Package SAC', helper: 'The SAC a booking is documented under' },
];

/**
 * The GST settings (docs/gst.md#settings): the business identity every document and the footer print, and the rate
 * table per SAC with effective dates and an ITC flag, checked with the shared schema the server uses.
 */
function GstSettingsForm({ settings }: { settings: GstSettingsDto }) {
  const [business, setBusiness] = useState<Business>(businessOf(settings.business));
  const [rates, setRates] = useState<RateRow[]>(settings.rates.map(rowOf));
  const [errors, setErrors] = useState<FieldErrors>({});
  const utils = trpc.useUtils();
  const save = trpc.admin.gst.updateSettings.useMutation({
    onSuccess: (answer) => {
      utils.admin.gst.settings.setData(undefined, answer);
      void utils.site.brand.invalidate();
      toast.success('GST settings saved');
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'Failed to save the GST settings'),
  });

  const input = () => ({
    business: { ...business, gstin: business.gstin || null, fssai: business.fssai || null },
    rates: rates.map((r) => ({
      ...r,
      rate_percent: r.rate_percent.trim() === '' ? undefined : Number(r.rate_percent),
      itc: r.itc === 'yes',
    })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const values = input();
    const nested = { fullPaths: true, inputName: (path: string) => path.replace(/^business\./, '') } as const;
    if (!passesSchema(event, gstSettingsInputSchema, values, setErrors, nested)) return;
    setErrors({});
    save.mutate(gstSettingsInputSchema.parse(values));
  }

  const setRate = (index: number, patch: Partial<RateRow>) =>
    setRates((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <form onSubmit={submit} noValidate aria-label="GST and business identity">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {BUSINESS_FIELDS.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              autoComplete="off"
              value={business[field.name]}
              onValueChange={(value) => setBusiness((b) => ({ ...b, [field.name]: value }))}
              error={errors[`business.${field.name}`]}
              helperText={field.helper}
            />
          ))}
          <Field.Root invalid={Boolean(errors['business.state_code'])}>
            <Field.Label>State</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field
                name="state_code"
                value={business.state_code}
                onChange={(event) => setBusiness((b) => ({ ...b, state_code: event.target.value }))}
              >
                {GST_STATE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {GST_STATES[code]} ({code})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors['business.state_code']}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>

        <Box as="fieldset">
          <Text as="legend" fontWeight="semibold" mb="2">
            Rates by SAC
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="3">
            Each document uses the rate in force on its date and keeps it. Add a row with a later date to change a rate
            (e.g. outdoor catering at 5% without input tax credit, as your CA advises).
          </Text>
          <Stack gap="4">
            {rates.map((row, i) => (
              <Box key={i} borderWidth="1px" borderColor="border" rounded="lg" p="3">
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 6 }} gap="3">
                  {(
                    [
                      ['sac', 'SAC'],
                      ['description', 'Description'],
                      ['rate_percent', 'Rate (%)'],
                      ['effective_from', 'From (YYYY-MM-DD)'],
                    ] as const
                  ).map(([name, label]) => (
                    <Field.Root key={name} invalid={Boolean(errors[`rates.${i}.${name}`])}>
                      <Field.Label>{label}</Field.Label>
                      <Input
                        name={`rates.${i}.${name}`}
                        aria-label={`${label}, rate row ${i + 1}`}
                        value={row[name]}
                        onChange={(event) => setRate(i, { [name]: event.target.value })}
                      />
                      <Field.ErrorText>{errors[`rates.${i}.${name}`]}</Field.ErrorText>
                    </Field.Root>
                  ))}
                  <Field.Root invalid={Boolean(errors[`rates.${i}.service_kind`])}>
                    <Field.Label>Place of supply rule</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        aria-label={`Place of supply rule, rate row ${i + 1}`}
                        value={row.service_kind}
                        onChange={(event) => setRate(i, { service_kind: event.target.value as ServiceKind })}
                      >
                        <option value="catering">Catering (where the event is)</option>
                        <option value="event_organisation">Event organisation</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors[`rates.${i}.service_kind`]}</Field.ErrorText>
                  </Field.Root>
                  <Flex gap="2" align="flex-end">
                    <Field.Root>
                      <Field.Label>Input tax credit</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          aria-label={`Input tax credit, rate row ${i + 1}`}
                          value={row.itc}
                          onChange={(event) => setRate(i, { itc: event.target.value })}
                        >
                          <option value="yes">Allowed</option>
                          <option value="no">Not allowed</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <IconButton
                      aria-label={`Remove rate row ${i + 1}`}
                      variant="ghost"
                      colorPalette="red"
                      disabled={rates.length === 1}
                      onClick={() => setRates((current) => current.filter((_, j) => j !== i))}
                    >
                      <Trash2 aria-hidden="true" />
                    </IconButton>
                  </Flex>
                </SimpleGrid>
              </Box>
            ))}
            {errors.rates && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors.rates}
              </Text>
            )}
            <Button
              alignSelf="flex-start"
              variant="ghost"
              colorPalette="accent"
              onClick={() =>
                setRates((current) => [...current, { ...current[current.length - 1]!, effective_from: '' }])
              }
            >
              <Plus aria-hidden="true" /> Add a rate
            </Button>
          </Stack>
        </Box>
        <Flex gap="3" flexWrap="wrap">
          <Button type="submit" rounded="full" px="6" loading={save.isPending} loadingText="Saving…">
            Save GST settings
          </Button>
          <Button
            variant="outline"
            colorPalette="accent"
            onClick={() => {
              setBusiness(businessOf(settings.defaults.business));
              setRates(settings.defaults.rates.map(rowOf));
              setErrors({});
            }}
          >
            Reset GST settings to defaults
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/** The Settings tab's GST card. */
export function GstSettingsCard() {
  const settings = trpc.admin.gst.settings.useQuery();
  return (
    <SectionCard
      title="GST and business identity"
      description={
        'Printed on every receipt voucher, tax invoice, refund voucher and credit note, and in the site footer.'
      }
    >
      <QueryContent
        query={settings}
        loadingLabel="Loading the GST settings"
        errorMessage="Failed to load the GST settings"
      >
        {(data) => <GstSettingsForm settings={data} />}
      </QueryContent>
    </SectionCard>
  );
}
