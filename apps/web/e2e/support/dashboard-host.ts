import { createHmac } from 'node:crypto';

/** Same value as WHATSAPP_APP_SECRET in global-setup.ts: the journey signs webhook deliveries like Meta does. */
const whatsappAppSecret = 'e2e-whatsapp-app-secret';

/** A delivery as Meta's Cloud API sends it, signed with X-Hub-Signature-256. */
export async function postWebhook(baseURL: string, value: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'e2e', changes: [{ field: 'messages', value }] }],
  });
  const signature = `sha256=${createHmac('sha256', whatsappAppSecret).update(body).digest('hex')}`;
  const response = await fetch(`${baseURL}/api/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (!response.ok) throw new Error(`webhook: ${response.status} ${await response.text()}`);
}
