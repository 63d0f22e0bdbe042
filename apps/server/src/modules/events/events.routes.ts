import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createEventInput,
  deleteEventResponse,
  eventIdParams,
  eventInfoResponse,
  eventListResponse,
  eventResponse,
  updateEventInput,
} from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { currentUser, requireUser } from '../../http/auth.ts';
import type { EventsService } from './events.service.ts';

const e = messages.events;

export const eventsRoutes: FastifyPluginAsync<{ service: EventsService }> = async (fastify, { service }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/events',
    { onRequest: requireUser, schema: { response: { 200: eventListResponse } } },
    async (request) => ({
      success: true as const,
      events: await service.list(currentUser(request)),
    }),
  );

  app.post(
    '/events',
    { onRequest: requireUser, schema: { body: createEventInput, response: { 201: eventResponse } } },
    async (request, reply) => {
      const event = await service.create(currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: e.created, event });
    },
  );

  app.post(
    '/events/update',
    { onRequest: requireUser, schema: { body: updateEventInput, response: { 200: eventResponse } } },
    async (request) => {
      const event = await service.update(currentUser(request), request.body);
      return { success: true as const, message: e.updated, event };
    },
  );

  app.get(
    '/events/:eventId',
    { onRequest: requireUser, schema: { params: eventIdParams, response: { 200: eventResponse } } },
    async (request) => ({
      success: true as const,
      event: await service.get(currentUser(request), request.params.eventId),
    }),
  );

  app.delete(
    '/events/:eventId',
    { onRequest: requireUser, schema: { params: eventIdParams, response: { 200: deleteEventResponse } } },
    async (request) => {
      await service.remove(currentUser(request), request.params.eventId);
      return { success: true as const, message: e.deleted };
    },
  );

  // Public: the guest upload page reads this without a token.
  app.get(
    '/events/:eventId/info',
    { schema: { params: eventIdParams, response: { 200: eventInfoResponse } } },
    async (request) => ({ success: true as const, event: await service.info(request.params.eventId) }),
  );
};
