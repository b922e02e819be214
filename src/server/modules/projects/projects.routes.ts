import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidSchema } from '../../../shared/schemas/common';
import { assignProjectInputSchema } from '../../../shared/schemas/projects';
import {
  assignProjectResponseSchema,
  awardResponseSchema,
  idParamsSchema,
  projectDetailSchema,
} from '../../../shared/schemas/responses';
import { AppError } from '../../lib/errors';
import { parseInput, pathId, requireRole } from '../../lib/http';
import { awardProjectManually, closeQuotesNow } from './award.service';
import { assignSuppliers, getProject, projectForBooking } from './projects.service';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';

const awardBodySchema = z.object({ supplier_id: uuidSchema });

/**
 * Admin project routes (docs/api.md `POST /projects?booking_id=..&supplier_ids=..`): assign, read,
 * award by hand.
 */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['projects'];
  const params = idParamsSchema;
  /**
   * No body: both values come in the query string; 201 when the call opened the project, 200 when it reused it.
   * An empty body labelled `application/json` is no body (`registerJsonBodyText`); any other JSON is ignored.
   */
  const assignSchema = {
    summary: 'Invite suppliers to quote on a booking (201 opened, 200 the open project reused)',
    tags,
    querystring: assignProjectInputSchema,
    response: { 200: assignProjectResponseSchema, 201: assignProjectResponseSchema },
  };
  app.post('/projects', { schema: assignSchema }, async (request, reply) => {
    const user = await requireRole(request, 'admin');
    const input = parseInput(assignProjectInputSchema, request.query, 'query');
    const { created, ...result } = await assignSuppliers(request.ctx, input, user.id);
    return reply.code(created ? 201 : 200).send(result);
  });

  app.get(
    '/projects/:id',
    {
      schema: {
        summary: 'A project with its invitees and their quotes',
        tags,
        params,
        response: { 200: projectDetailSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return getProject(request.ctx, { project_id: pathId(request, 'Project not found') });
    },
  );

  const awardSchema = {
    summary: 'Award the project to an invited supplier by hand',
    tags,
    params,
    body: awardBodySchema,
    response: { 200: awardResponseSchema },
  };
  app.post('/projects/:id/award', { schema: awardSchema }, async (request) => {
    const user = await requireRole(request, 'admin');
    const projectId = pathId(request, 'Project not found');
    const { supplier_id } = parseInput(awardBodySchema, request.body, 'body');
    return awardProjectManually(request.ctx, { project_id: projectId, supplier_id }, user.id);
  });

  /** Closes the quotes now: the auto-assign date moves to now and the award rule runs at once. */
  const closeSchema = {
    summary: 'Close the quotes now: the award rule runs at once',
    tags,
    params,
    response: { 200: awardResponseSchema },
  };
  app.post('/projects/:id/close-quotes', { schema: closeSchema }, async (request) => {
    const user = await requireRole(request, 'admin');
    return closeQuotesNow(request.ctx, { project_id: pathId(request, 'Project not found') }, user.id);
  });

  /** The booking's open project, else its latest; 404 when it has none yet. */
  const forBookingSchema = {
    summary: "The booking's open project, else its latest (404 when it has none)",
    tags,
    params,
    response: { 200: projectDetailSchema },
  };
  app.get('/bookings/:id/project', { schema: forBookingSchema }, async (request) => {
    await requireRole(request, 'admin');
    const project = await projectForBooking(request.ctx, { booking_id: pathId(request, BOOKING_NOT_FOUND) });
    if (!project) throw new AppError('NOT_FOUND', 'This booking has no project yet');
    return project;
  });
};
