import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { BriefcaseBusiness, MapPin, Pencil, Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { formatInr } from '../../../shared/money';
import type { SupplierDto, SupplierProjectDto } from '../../../shared/schemas/suppliers';
import { AppDialog } from '../../components/app-dialog';
import { eventTypeLabel } from '../../lib/event-types';
import { trpc } from '../../lib/trpc';
import { eventDateText, indiaDateTimeText, plural, ratingText } from './admin-format';
import { useSuppliers } from './admin-queries';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { AddSupplierDialog, EditSupplierDialog } from './supplier-dialogs';
import { ProjectStatusBadge } from './status-badges';
import { useLastDefined } from './use-last-defined';

/** docs/product.md#screens, Suppliers: business name, name, Verified/Pending, services, location, rating, projects. */
function SupplierCard({ supplier, onEdit, onProjects }: { supplier: SupplierDto; onEdit(): void; onProjects(): void }) {
  return (
    <Card.Root
      as="article"
      aria-label={supplier.business_name}
      size="sm"
      bg="bg.panel"
      borderColor="border"
      rounded="lg"
      minW="0"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <Heading as="h3" fontSize="md" color="accent.950" lineHeight="1.3">
              {supplier.business_name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {supplier.name}
            </Text>
          </Box>
          <Badge
            colorPalette={supplier.is_verified ? 'green' : 'yellow'}
            variant="subtle"
            rounded="full"
            flexShrink={0}
          >
            {supplier.is_verified ? 'Verified' : 'Pending'}
          </Badge>
        </HStack>
        {(supplier.approval_status !== 'approved' || !supplier.is_active) && (
          <Wrap gap="1.5">
            {supplier.approval_status !== 'approved' && (
              <Badge
                colorPalette={supplier.approval_status === 'rejected' ? 'red' : 'orange'}
                variant="outline"
                textTransform="capitalize"
              >
                {supplier.approval_status === 'pending' ? 'Awaiting approval' : supplier.approval_status}
              </Badge>
            )}
            {!supplier.is_active && (
              <Badge colorPalette="gray" variant="outline">
                Inactive
              </Badge>
            )}
          </Wrap>
        )}
        <Box>
          <Text
            fontSize="xs"
            color="fg.muted"
            fontWeight="semibold"
            textTransform="uppercase"
            letterSpacing="wide"
            mb="1"
          >
            Services
          </Text>
          {supplier.services.length > 0 ? (
            <Wrap gap="1.5">
              {supplier.services.map((service) => (
                <Badge key={service} variant="surface" colorPalette="brand" fontWeight="medium" whiteSpace="normal">
                  {service}
                </Badge>
              ))}
            </Wrap>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Not specified
            </Text>
          )}
        </Box>
        <Stack gap="1" fontSize="sm">
          <HStack gap="1.5">
            <MapPin size={14} aria-hidden="true" />
            <Text>{supplier.location ?? 'Not specified'}</Text>
          </HStack>
          <HStack gap="1.5">
            <Star size={14} aria-hidden="true" />
            <Text>{ratingText(supplier.rating)}</Text>
          </HStack>
          <HStack gap="1.5">
            <BriefcaseBusiness size={14} aria-hidden="true" />
            <Text>{plural(supplier.total_projects, 'project')}</Text>
          </HStack>
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" pt="0">
        <Button
          size="xs"
          variant="outline"
          colorPalette="accent"
          onClick={onEdit}
          aria-label={`Edit ${supplier.business_name}`}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="accent"
          onClick={onProjects}
          aria-label={`Projects of ${supplier.business_name}`}
        >
          <BriefcaseBusiness aria-hidden="true" />
          Projects
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

function SupplierProjects({ supplier }: { supplier: SupplierDto }) {
  const projects = trpc.admin.suppliers.projects.useQuery({ id: supplier.id });
  return (
    <QueryContent
      query={projects}
      loadingLabel="Loading projects"
      loadingRows={3}
      errorMessage="The projects could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyPanel
          title="No projects yet"
          description="Use Assign Supplier on a booking to invite this supplier to quote."
        />
      }
    >
      {(list) => <SupplierProjectsTable supplier={supplier} projects={list} />}
    </QueryContent>
  );
}

function SupplierProjectsTable({ supplier, projects }: { supplier: SupplierDto; projects: SupplierProjectDto[] }) {
  return (
    <TableFrame label={`Projects of ${supplier.business_name}`} stackBelow="lg">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Event</Table.ColumnHeader>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Project</Table.ColumnHeader>
          <Table.ColumnHeader>Their quote</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {projects.map((project) => (
          <Table.Row role="row" key={project.id}>
            <Table.Cell role="cell" minW="40">
              <Text fontWeight="semibold">{project.booking_details.event_name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {project.booking_details.client_name} · {eventTypeLabel(project.booking_details.event_type)}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" whiteSpace="nowrap">
              {eventDateText(project.booking_details.event_date)}
            </Table.Cell>
            <Table.Cell role="cell">
              <HStack gap="1.5" flexWrap="wrap">
                <ProjectStatusBadge status={project.status} />
                {project.is_awarded && (
                  <Badge colorPalette="green" variant="solid" rounded="full">
                    Won
                  </Badge>
                )}
                {project.awaiting_admin_since !== null && (
                  <Badge colorPalette="orange" variant="solid" rounded="full">
                    Awaiting your decision
                  </Badge>
                )}
              </HStack>
              {project.status === 'open' && (
                <Text fontSize="xs" color="fg.muted" mt="1" whiteSpace="nowrap">
                  {project.awaiting_admin_since === null
                    ? `Auto-assign ${indiaDateTimeText(project.auto_assign_date)}`
                    : `Quotes closed ${indiaDateTimeText(project.awaiting_admin_since)}`}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" minW="40">
              {project.quote ? (
                <>
                  <Text fontWeight="semibold">{formatInr(project.quote.quoted_amount)}</Text>
                  {project.quote.notes && (
                    <Text fontSize="xs" whiteSpace="pre-wrap">
                      {project.quote.notes}
                    </Text>
                  )}
                  <Text fontSize="xs" color="fg.muted">
                    {indiaDateTimeText(project.quote.submitted_at)}
                  </Text>
                </>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  No quote yet
                </Text>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </TableFrame>
  );
}

function SupplierProjectsDialog({ supplier, onClose }: { supplier: SupplierDto | null; onClose(): void }) {
  const shown = useLastDefined(supplier);
  return (
    <AppDialog
      open={supplier !== null}
      onClose={onClose}
      title="Supplier Projects"
      description={shown ? `${shown.business_name}: the projects it was invited to, and its quotes` : undefined}
      size="xl"
      footer={
        <Button variant="ghost" colorPalette="accent" onClick={onClose}>
          Close
        </Button>
      }
    >
      {shown && <SupplierProjects supplier={shown} />}
    </AppDialog>
  );
}

/** docs/product.md#screens, Suppliers tab, with working Edit and Projects. */
export function SuppliersTab() {
  const suppliers = useSuppliers();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SupplierDto | null>(null);
  const [viewing, setViewing] = useState<SupplierDto | null>(null);
  const total = suppliers.data?.total ?? 0;
  const shownCount = suppliers.data?.items.length ?? 0;

  return (
    <SectionCard
      title="Suppliers"
      description={
        suppliers.data
          ? `${plural(total, 'supplier')}; the ones that can take work ` +
            `first${shownCount < total ? ` (first ${shownCount} shown)` : ''}`
          : undefined
      }
      actions={
        <Button size="sm" rounded="full" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add New Supplier
        </Button>
      }
    >
      <QueryContent
        query={suppliers}
        loadingLabel="Loading suppliers"
        errorMessage="The suppliers could not be loaded."
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No suppliers yet"
            description="Add a supplier, or approve a vendor registration from Pending Vendors."
          />
        }
      >
        {(page) => (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
            {page.items.map((supplier) => (
              <SupplierCard
                key={supplier.id}
                supplier={supplier}
                onEdit={() => setEditing(supplier)}
                onProjects={() => setViewing(supplier)}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryContent>
      <AddSupplierDialog open={adding} onClose={() => setAdding(false)} />
      <EditSupplierDialog supplier={editing} onClose={() => setEditing(null)} />
      <SupplierProjectsDialog supplier={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}
