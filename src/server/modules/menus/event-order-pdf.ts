import type { Content, CustomTableLayout, Size, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatLongDate } from '../../../shared/dates';
import { humanize, venueLine } from '../../../shared/domain';
import { DIET_LABELS, guestSplitText, REGION_LABELS } from '../../../shared/menu';
import type { EventOrderDto } from '../../../shared/schemas/menus';
import type { Brand } from '../../../shared/brand';
import { renderPdf } from '../../lib/pdf';

/** `event-order-ABCD1234.pdf`. */
export function eventOrderFileName(order: Pick<EventOrderDto, 'reference'>): string {
  return `event-order-${order.reference}.pdf`;
}

const HEADING = { bold: true, color: '#6B2142', margin: [0, 8, 0, 2] as [number, number, number, number] };

/** A course's columns: the diet mark, the dish, its guests, its allergens. */
const DISH_WIDTHS: Size[] = [28, '*', 'auto', 110];
/**
 * A course's table: its first row the course's name, the dishes under it with a light line between each two, the
 * columns padded as pdfmake's `lightHorizontalLines` pads them.
 */
const COURSE_TABLE: CustomTableLayout = {
  hLineWidth: (i, node) => (i <= 1 || i === node.table.body.length ? 0 : 1),
  vLineWidth: () => 0,
  hLineColor: () => '#aaa',
  paddingLeft: (i) => (i === 0 ? 0 : 8),
  paddingRight: (i) => (i === DISH_WIDTHS.length - 1 ? 0 : 8),
};

/**
 * The banquet event order as an A4 PDF (docs/product.md#kitchen), from the same DTO the print page shows: event,
 * guests by diet, the menu by course with diet marks and allergens, counters, staff plan, notes, supplier and the
 * customer's contact. `compress: false` keeps the text searchable by the tests.
 */
export async function renderEventOrderPdf(
  brand: Brand,
  order: EventOrderDto,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const facts: [string, string][] = [
    ['Event', `${order.event_name} (${humanize(order.event_type)})`],
    ['Date', order.event_date ? formatLongDate(order.event_date) : 'To be confirmed'],
    ['Time', order.event_time ?? 'To be confirmed'],
    [
      'Venue',
      venueLine({ name: order.venue_name, address: order.venue_address, city: order.city }) || 'To be confirmed',
    ],
    ['Package', humanize(order.package)],
    ['Status', humanize(order.status)],
  ];
  // A dish's row is never split across a page, and a course that runs onto the next page repeats its name there (its
  // header row), which is never left alone at the foot of a page: the kitchen reads each dish whole, under its
  // course, as the printed page keeps each course together (docs/product.md#kitchen).
  const menu: Content[] = order.courses.length
    ? order.courses.map((course): Content => ({
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: DISH_WIDTHS,
          body: [
            [{ text: course.label, colSpan: 4, ...HEADING, margin: [0, 6, 0, 0] }, {}, {}, {}],
            ...course.dishes.map((dish) => [
              { text: dish.diet_mark, bold: true },
              {
                stack: [
                  { text: `${dish.name}${dish.add_on ? ' (add-on)' : ''}`, bold: true },
                  {
                    text:
                      `${DIET_LABELS[dish.diet]} · ` +
                      `${REGION_LABELS[dish.region]}${dish.description ? ` · ${dish.description}` : ''}`,
                    fontSize: 8,
                    color: '#6B5E57',
                  },
                ],
              },
              { text: `${dish.eaters.toLocaleString('en-IN')} guests`, alignment: 'right' as const },
              {
                text: dish.allergens.length ? `Allergens: ${dish.allergens.join(', ')}` : 'No listed allergens',
                fontSize: 8,
              },
            ]),
          ],
        },
        layout: COURSE_TABLE,
      }))
    : [{ text: 'No menu chosen yet.', italics: true }];
  const doc: TDocumentDefinitions = {
    compress: options.compress ?? true,
    info: { title: `Event order ${order.reference}`, author: brand.legalName },
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 46],
    defaultStyle: { font: 'Roboto', fontSize: 9.5, color: '#2D2320' },
    footer: (page, pages) => ({
      text: `${brand.name} · Event order ${order.reference} · Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#6B5E57',
    }),
    content: [
      {
        columns: [
          [
            { text: brand.name, fontSize: 16, bold: true, color: '#6B2142' },
            { text: `${brand.phone} · ${brand.email}`, fontSize: 8 },
          ],
          [
            { text: 'BANQUET EVENT ORDER', fontSize: 14, bold: true, alignment: 'right', color: '#D2680B' },
            { text: `Reference ${order.reference}`, alignment: 'right' },
          ],
        ],
      },
      {
        table: { widths: [70, '*'], body: facts.map(([label, value]) => [{ text: label, bold: true }, value]) },
        layout: 'noBorders',
        margin: [0, 8, 0, 0],
      },
      { text: 'Guests', ...HEADING },
      {
        text: `${order.guest_count.toLocaleString('en-IN')} in all: ${guestSplitText(order.guests)}`,
      },
      ...(order.guests.jain > 0
        ? [
            {
              text: 'Jain guests are served only the dishes marked J.',
              bold: true,
              margin: [0, 2, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
      { text: 'Menu', ...HEADING, fontSize: 12 },
      { text: 'Marks: J Jain · VG Vegan · V Veg · E Egg · NV Non-veg', fontSize: 8, color: '#6B5E57' },
      ...menu,
      { text: 'Counters and staff', ...HEADING },
      {
        ul: [
          `Servers: ${order.staff.servers} (one per ${order.staff.guests_per_server} ` +
            `guests, ${humanize(order.package)} package)`,
          ...order.counters.map((counter) => `${counter.name}: ${counter.staff} staff`),
          `Total staff: ${order.staff.total}`,
        ],
      },
      { text: 'Allergy notes', ...HEADING },
      { text: order.allergy_notes ?? 'None given' },
      { text: 'Set-up notes', ...HEADING },
      { text: order.setup_notes ?? 'None given' },
      {
        columns: [
          [
            { text: 'Supplier', ...HEADING },
            ...(order.supplier
              ? [
                  { text: order.supplier.business_name },
                  { text: order.supplier.contact },
                  { text: order.supplier.phone ?? '' },
                ]
              : [{ text: 'Not assigned yet' }]),
          ],
          [
            { text: 'Customer', ...HEADING },
            { text: order.client.name },
            { text: order.client.phone ?? '' },
            { text: order.client.email },
          ],
        ],
      },
    ],
  };
  return renderPdf(doc);
}
