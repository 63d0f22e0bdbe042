// Test helper: a local stand-in for the WhatsApp Business Cloud API. It implements the send endpoint
// (POST /{version}/{phone-number-id}/messages), can be scripted to fail for a while (429, 500 …), and
// posts real-shaped, signed webhook deliveries back to the app, as Meta does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../modules/whatsapp/whatsapp-signature.ts';

type SentRequest = { url: string; authorization: string | undefined; body: TemplateSend; answered: number };
type TemplateSend = {
  messaging_product: string;
  to: string;
  type: string;
  template: {
    name: string;
    language: { code: string };
    components: { type: string; sub_type?: string; index?: string; parameters: Record<string, unknown>[] }[];
  };
};

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;

export async function startFakeProvider(options: { appSecret: string }) {
  const requests: SentRequest[] = [];
  /** Answers used before the default success, one per request. */
  const script: { status: number; body: unknown }[] = [];
  /** Per-recipient scripted answers (digits-only number → answers), used before `script`. */
  const scriptFor = new Map<string, { status: number; body: unknown }[]>();
  let counter = 0;
  let appUrl = '';
  const pending = new Set<Promise<unknown>>();
  /** When true, every accepted send is followed by a "sent" status delivery (as Meta does). */
  let autoSentStatus = false;
  /** Runs after a send is accepted but before it is answered (webhooks overtaking the answer). */
  let beforeAnswer: ((to: string, id: string) => Promise<void>) | null = null;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as TemplateSend;
      const answer = scriptFor.get(body.to)?.shift() ?? script.shift();
      if (answer) {
        requests.push({
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body,
          answered: answer.status,
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
        return;
      }
      counter += 1;
      const id = `wamid.HBgM${body.to}FQIAERgS${String(counter).padStart(6, '0')}`;
      requests.push({ url: req.url ?? '', authorization: req.headers.authorization, body, answered: 200 });
      if (beforeAnswer) await beforeAnswer(body.to, id);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id }],
        }),
      );
      if (autoSentStatus) track(post(statusDelivery([{ id, status: 'sent', recipient: body.to }])));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function track(p: Promise<unknown>) {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  /** Posts a webhook body to the app, signed with the app secret (or a wrong one). */
  async function post(payload: unknown, sign: 'valid' | 'wrong' | 'none' = 'valid'): Promise<Response> {
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (sign === 'valid') headers['x-hub-signature-256'] = signBody(raw, options.appSecret);
    if (sign === 'wrong') headers['x-hub-signature-256'] = signBody(raw, 'not-the-secret');
    return fetch(`${appUrl}/api/webhook`, { method: 'POST', headers, body: raw });
  }

  return {
    baseUrl: `http://127.0.0.1:${port}/v23.0`,
    requests,
    script,
    scriptFor,
    setAppUrl(url: string) {
      appUrl = url;
    },
    setBeforeAnswer(hook: ((to: string, id: string) => Promise<void>) | null) {
      beforeAnswer = hook;
    },
    setAutoSentStatus(on: boolean) {
      autoSentStatus = on;
    },
    post,
    /** Waits for deliveries the provider started on its own. */
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const envelope = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '908505551234', phone_number_id: '1234567890' },
            ...value,
          },
        },
      ],
    },
  ],
});

let clock = 0;
/** Provider timestamps (unix seconds): never before now, and increasing by at least one per call. */
const nextTimestamp = () => String((clock = Math.max(clock + 1, Math.floor(Date.now() / 1000) + 1)));

export function statusDelivery(
  statuses: {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipient: string;
    timestamp?: string;
    errorCode?: number;
  }[],
) {
  return envelope({
    statuses: statuses.map((s) => ({
      id: s.id,
      status: s.status,
      timestamp: s.timestamp ?? nextTimestamp(),
      recipient_id: s.recipient,
      ...(s.status === 'failed'
        ? {
            errors: [
              {
                code: s.errorCode ?? 131026,
                title: 'Message undeliverable',
                message: 'Message undeliverable',
                error_data: { details: 'Message Undeliverable.' },
              },
            ],
          }
        : {
            conversation: { id: 'CONVERSATION_ID', origin: { type: 'marketing' } },
            pricing: { billable: true, pricing_model: 'CBP', category: 'marketing' },
          }),
    })),
  });
}

export function textReply(from: string, id: string, body: string, timestamp = nextTimestamp()) {
  return envelope({
    contacts: [{ profile: { name: 'Misafir' }, wa_id: from }],
    messages: [{ from, id, timestamp, type: 'text', text: { body } }],
  });
}

export function buttonReply(
  from: string,
  id: string,
  contextId: string,
  text: string,
  payload: string,
  timestamp = nextTimestamp(),
) {
  return envelope({
    contacts: [{ profile: { name: 'Misafir' }, wa_id: from }],
    messages: [
      {
        context: { from: '908505551234', id: contextId },
        from,
        id,
        timestamp,
        type: 'button',
        button: { payload, text },
      },
    ],
  });
}
