import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addGuestInput,
  approvalInput,
  approvalResponse,
  deleteGuestInput,
  guestIndexParams,
  guestListResponse,
  guestMessageResponse,
  guestResponse,
  statisticsResponse,
  updateGuestInput,
} from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';
import { weddingIdQuery } from '@ani/contract/weddings';
import { currentUser, requireUser } from '../../http/auth.ts';
import type { GuestsService } from './guests.service.ts';

const g = messages.guests;

export const guestsRoutes: FastifyPluginAsync<{ service: GuestsService }> = async (fastify, { service }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/guests',
    { onRequest: requireUser, schema: { body: addGuestInput, response: { 201: guestResponse } } },
    async (request, reply) => {
      const guest = await service.add(currentUser(request), request.body);
      return reply.status(201).send({ success: true, message: g.added, guest });
    },
  );

  app.get(
    '/guests',
    { onRequest: requireUser, schema: { querystring: weddingIdQuery, response: { 200: guestListResponse } } },
    async (request) => ({
      success: true as const,
      ...(await service.list(currentUser(request), request.query.weddingId)),
    }),
  );

  // Hosts print their lists: a CSV Excel opens with a double click (UTF-8 BOM, ";" columns).
  app.get(
    '/guests/export',
    { onRequest: requireUser, schema: { querystring: weddingIdQuery } },
    async (request, reply) => {
      const csv = await service.exportCsv(currentUser(request), request.query.weddingId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${g.csvFileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.delete(
    '/guests',
    { onRequest: requireUser, schema: { body: deleteGuestInput, response: { 200: guestMessageResponse } } },
    async (request) => {
      await service.remove(currentUser(request), request.body.weddingId, request.body.phone);
      return { success: true as const, message: g.deleted };
    },
  );

  app.put(
    '/guests/:index',
    {
      onRequest: requireUser,
      schema: { params: guestIndexParams, body: updateGuestInput, response: { 200: guestResponse } },
    },
    async (request) => {
      const guest = await service.update(currentUser(request), request.params.index, request.body);
      return { success: true as const, message: g.updated, guest };
    },
  );

  app.patch(
    '/guests/approval',
    { onRequest: requireUser, schema: { body: approvalInput, response: { 200: approvalResponse } } },
    async (request) => {
      const result = await service.setApproval(
        currentUser(request),
        request.body.weddingId,
        request.body.guestListApproved,
      );
      const message = result.guestListApproved
        ? g.approved.replace('{n}', String(result.guestTotal)).replace('{m}', String(result.peopleTotal))
        : g.notApproved;
      return { success: true as const, message, ...result };
    },
  );

  app.get(
    '/statistics',
    {
      onRequest: requireUser,
      schema: { querystring: weddingIdQuery, response: { 200: statisticsResponse } },
    },
    async (request) => ({
      success: true as const,
      ...(await service.statistics(currentUser(request), request.query.weddingId)),
    }),
  );
};
