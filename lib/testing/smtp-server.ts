// A real SMTP server (the smtp-server package) on 127.0.0.1 for tests of mail we send: it accepts
// any sender without TLS or auth and keeps every message it receives, in order.
import type net from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail { from: string; to: string[]; data: string }

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/** `refuse`: while it answers true, every recipient is refused with a 451 (a mail server that is down for a while). */
export async function startSmtpServer(opts: { refuse?: () => boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false,
    onRcptTo(_address, _session, done) {
      if (opts.refuse?.()) return done(Object.assign(new Error("Try again later"), { responseCode: 451 }));
      done();
    },
    onData(stream, session, done) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
