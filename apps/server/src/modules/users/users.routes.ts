import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ani/contract/messages';
import {
  accountDeletionInput,
  accountLinkParam,
  authResponse,
  emailOnlyInput,
  loginInput,
  messageResponse,
  profileResponse,
  publicUser,
  registerInput,
  resetPasswordInput,
  updateProfileInput,
} from '@ani/contract/users';
import { currentUser, requireUser } from '../../http/auth.ts';
import type { AccountRightsService } from './account-rights.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { ProfileService } from './profile.service.ts';
import type { RegistrationService } from './registration.service.ts';
import type { UsersService } from './users.service.ts';

const a = messages.auth;
// A mangled link (cut, doubled, padded by a mail client) still lands on the page that says it is not
// valid, not on a validation error: any value that is no token is read as none.
const tokenQuery = z.object({ token: z.string().catch('') });

export const usersRoutes: FastifyPluginAsync<{
  sessions: UsersService;
  registration: RegistrationService;
  passwordReset: PasswordResetService;
  profile: ProfileService;
  emailChange: EmailChangeService;
  accountRights: AccountRightsService;
}> = async (fastify, { sessions, registration, passwordReset, profile, emailChange, accountRights }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/register',
    { schema: { body: registerInput, response: { 201: authResponse } } },
    async (request, reply) => {
      const result = await registration.register(request.body, request.ip);
      return reply.status(201).send({ success: true, ...result, message: a.registered });
    },
  );

  app.post(
    '/users/login',
    { schema: { body: loginInput, response: { 200: authResponse } } },
    async (request) => {
      const result = await sessions.login(request.body.email, request.body.password, request.ip);
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/users/logout',
    { onRequest: requireUser, schema: { response: { 200: messageResponse } } },
    async (request) => {
      await sessions.logout(currentUser(request));
      return { success: true as const, message: a.loggedOut };
    },
  );

  app.get(
    '/users/me',
    {
      onRequest: requireUser,
      schema: { response: { 200: z.object({ success: z.literal(true), user: publicUser }) } },
    },
    async (request) => ({ success: true as const, user: await profile.me(currentUser(request)) }),
  );

  app.put(
    '/users/profile/:userId',
    {
      onRequest: requireUser,
      schema: {
        params: z.object({ userId: z.string().max(100) }),
        body: updateProfileInput,
        response: { 200: profileResponse },
      },
    },
    async (request) => {
      const result = await profile.updateProfile(
        currentUser(request),
        request.params.userId,
        request.body,
        request.ip,
      );
      return { success: true as const, ...result };
    },
  );

  // E-mail links are plain GETs that land on the web app with a visible result.
  app.get('/users/activate', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const result = await registration.activate(request.query.token);
    return reply.redirect(`/?${accountLinkParam}=${result}`, 302);
  });

  app.get('/users/email/confirm', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const result = await emailChange.confirmEmailChange(request.query.token);
    return reply.redirect(`/?${accountLinkParam}=${result}`, 302);
  });

  app.post(
    '/users/me/export',
    { onRequest: requireUser, schema: { response: { 202: messageResponse } } },
    async (request, reply) => {
      await accountRights.requestDataExport(currentUser(request), request.ip);
      return reply.status(202).send({ success: true, message: a.exportRequested });
    },
  );

  // "Hesabımı Sil": the password here, then the e-mailed link confirms; the host may cancel for 7 days.
  app.post(
    '/users/me/deletion',
    { onRequest: requireUser, schema: { body: accountDeletionInput, response: { 202: messageResponse } } },
    async (request, reply) => {
      await accountRights.requestDeletion(currentUser(request), request.body.password, request.ip);
      return reply.status(202).send({ success: true, message: a.deletionRequested });
    },
  );

  app.get('/users/deletion/confirm', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const result = await accountRights.confirmDeletion(request.query.token);
    return reply.redirect(`/?${accountLinkParam}=${result}`, 302);
  });

  app.delete(
    '/users/me/deletion',
    { onRequest: requireUser, schema: { response: { 200: messageResponse } } },
    async (request) => {
      const cancelled = await accountRights.cancelDeletion(currentUser(request));
      return { success: true as const, message: cancelled ? a.deletionCancelled : a.deletionNotScheduled };
    },
  );

  app.get('/users/email/cancel', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const result = await emailChange.cancelEmailChange(request.query.token);
    return reply.redirect(`/?${accountLinkParam}=${result}`, 302);
  });

  app.post(
    '/users/activation/resend',
    { schema: { body: emailOnlyInput, response: { 200: messageResponse } } },
    async (request) => {
      await registration.resendActivation(request.body.email, request.ip);
      return { success: true as const, message: a.activationResent };
    },
  );

  app.post(
    '/users/password/forgot',
    { schema: { body: emailOnlyInput, response: { 200: messageResponse } } },
    async (request) => {
      await passwordReset.requestPasswordReset(request.body.email, request.ip);
      return { success: true as const, message: a.resetRequested };
    },
  );

  app.post(
    '/users/password/reset',
    { schema: { body: resetPasswordInput, response: { 200: messageResponse } } },
    async (request) => {
      await passwordReset.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: a.resetDone };
    },
  );
};
