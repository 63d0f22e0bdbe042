import type { WhatsappConfig } from '../../config.ts';
import { rsvpPayloads } from '@ani/contract/whatsapp';

export type SendResult =
  | { ok: true; providerMessageId: string }
  /**
   * `retry`: worth trying again later (rate limit, outage, a connection that never opened); otherwise
   * permanent. `outcomeUnknown`: the request may have reached Meta and been accepted (a timeout or a
   * reset after the body went out), so sending again could deliver the invitation twice.
   */
  | { ok: false; retry: boolean; recipientProblem: boolean; outcomeUnknown: boolean; error: string };

export type InvitationTemplate = {
  /** Digits only, with country code (WhatsApp's wa_id form): 905321234567. */
  to: string;
  imageUrl: string | null;
  /** Body parameters {{1}}…{{5}}: guest name, couple, date, time, venue. */
  bodyParameters: string[];
};

// Graph API error codes that mean "slow down" or "try later", not "this will never work".
// 4/80007/130429/131048/131056: rate and throughput limits; 131000/131016: provider-side trouble.
const retryableCodes = new Set([4, 80007, 130429, 131048, 131056, 131000, 131016, 2]);
// Token or permission problems: our configuration, not the guest's number; retried until fixed.
const configurationCodes = new Set([0, 3, 10, 190, 200]);
// Connection errors raised before a byte of the request left: Meta cannot have seen the send.
// Besides a refused or unreachable host: a connect timeout (fetch's connector gave up on the TCP
// connect or the TLS handshake; the request is only written once the handshake completed) and a
// certificate or protocol refused during the handshake. Codes that can also arise on a connection
// already carrying the request (a reset, a headers or body timeout, a renegotiation, a bad record)
// are left out: after those the outcome is unknown.
const neverSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_CERT_ALTNAME_FORMAT',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'ERR_TLS_INVALID_PROTOCOL_VERSION',
  'ERR_TLS_PROTOCOL_VERSION_CONFLICT',
  'ERR_TLS_DH_PARAM_SIZE',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
  'ERR_SSL_UNSUPPORTED_PROTOCOL',
  // OpenSSL's verdicts on the server's certificate, given only during the handshake.
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'HOSTNAME_MISMATCH',
]);
// The number itself cannot receive: not on WhatsApp / undeliverable, not allowed, the sender itself.
const recipientCodes = new Set([131026, 131030, 131021, 131045]);

export type WhatsappClientOptions = {
  /** The whole request, Meta's answer included; past it the outcome is unknown. 30 s by default. */
  timeoutMs?: number;
};

/** The WhatsApp Business Cloud API, just the call this product makes. */
export function createWhatsappClient(
  config: WhatsappConfig,
  fetchImpl: typeof fetch = fetch,
  options: WhatsappClientOptions = {},
) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    get connected(): boolean {
      return Boolean(config.accessToken && config.phoneNumberId);
    },

    /**
     * Sends the approved invitation template: the invitation image as header and three quick-reply
     * buttons ("Katılacağım" / "Katılamayacağım" / "Henüz bilmiyorum", texts fixed in the template)
     * whose payloads say which button was pressed.
     */
    async sendInvitation(input: InvitationTemplate): Promise<SendResult> {
      const buttons = [rsvpPayloads.yes, rsvpPayloads.no, rsvpPayloads.maybe].map((payload, index) => ({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(index),
        parameters: [{ type: 'payload', payload }],
      }));
      const components = [
        ...(input.imageUrl
          ? [{ type: 'header', parameters: [{ type: 'image', image: { link: input.imageUrl } }] }]
          : []),
        { type: 'body', parameters: input.bodyParameters.map((text) => ({ type: 'text', text })) },
        ...buttons,
      ];
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: input.to,
        type: 'template',
        template: { name: config.templateName, language: { code: config.templateLanguage }, components },
      };
      let response: Response;
      try {
        response = await fetchImpl(`${config.apiBaseUrl}/${config.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
        const neverSent = typeof code === 'string' && neverSentCodes.has(code);
        return {
          ok: false,
          retry: neverSent,
          recipientProblem: false,
          outcomeUnknown: !neverSent,
          error: `network: ${(error as Error).message}${typeof code === 'string' ? ` (${code})` : ''}`,
        };
      }
      const text = await response.text().catch(() => '');
      let json: { messages?: { id?: string }[]; error?: { code?: number; message?: string } } = {};
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        // A proxy's HTML error page: classified by the status below.
      }
      const id = json.messages?.[0]?.id;
      if (response.ok && id) return { ok: true, providerMessageId: id };
      const code = json.error?.code;
      const error = `HTTP ${response.status}${code !== undefined ? ` code ${code}` : ''}: ${json.error?.message ?? text.slice(0, 200)}`;
      if (
        response.status === 429 ||
        response.status >= 500 ||
        (code !== undefined && retryableCodes.has(code))
      ) {
        return { ok: false, retry: true, recipientProblem: false, outcomeUnknown: false, error };
      }
      if (
        response.status === 401 ||
        response.status === 403 ||
        (code !== undefined && configurationCodes.has(code))
      ) {
        return { ok: false, retry: true, recipientProblem: false, outcomeUnknown: false, error };
      }
      // Anything else (a template mistake, say) is permanent, but says nothing about the guest.
      return {
        ok: false,
        retry: false,
        recipientProblem: code !== undefined && recipientCodes.has(code),
        outcomeUnknown: false,
        error,
      };
    },
  };
}

export type WhatsappClient = ReturnType<typeof createWhatsappClient>;
