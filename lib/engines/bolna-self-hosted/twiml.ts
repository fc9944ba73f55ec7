// The inline TwiML of a self-hosted Bolna call: Twilio connects the call's audio both ways to the
// Bolna server's websocket for the agent (docs/twilio.md, "TwiML"). Bolna reads the call's SID from
// the stream's start frame; the call's variables ride along as <Parameter>s, which Bolna's own
// server ignores and integrations/bolna-server reads. Twilio takes at most 4000 characters.

const MAX_TWIML = 4000;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The Bolna server's websocket origin: its base URL with https→wss, http→ws. */
export const streamOrigin = (baseUrl: string) => baseUrl.replace(/^http(s?):\/\//i, (_, s: string) => `ws${s}://`);

export function streamTwiml(baseUrl: string, remoteAgentId: string, variables?: Record<string, unknown>): string {
  const url = `${streamOrigin(baseUrl)}/chat/v1/${encodeURIComponent(remoteAgentId)}`;
  const params = Object.entries(variables ?? {}).map(([k, v]) => `<Parameter name="${escapeXml(k)}" value="${escapeXml(String(v))}"/>`);
  const bare = `<Response><Connect><Stream url="${escapeXml(url)}"/></Connect></Response>`;
  if (!params.length) return bare;
  const twiml = `<Response><Connect><Stream url="${escapeXml(url)}">${params.join("")}</Stream></Connect></Response>`;
  // Variables that do not fit are left out rather than the call refused: the agent still runs.
  return twiml.length > MAX_TWIML ? bare : twiml;
}
