// Shared by playwright.config.ts (which passes them to lib/testing/fake-bolna-server.ts) and the specs.
export const FAKE_BOLNA_KEY = "bn-e2e-fake-engine-key";
/** Next to the app's port, so parallel e2e runs on different E2E_PORTs do not collide. */
export const fakeBolnaPort = (appPort: number) => Number(process.env.FAKE_BOLNA_PORT ?? appPort + 1000);
/** The app's METRICS_TOKEN under test: specs read a background loop's ticks from GET /metrics. */
export const METRICS_TOKEN = "e2e-metrics-token-0123456789";
/** The self-hosted engine's fakes (lib/testing/fake-self-hosted-server.ts): the Bolna server and Twilio. */
export const fakeOssPort = (appPort: number) => appPort + 1001;
export const fakeTwilioPort = (appPort: number) => appPort + 1002;
export const FAKE_TWILIO_SID = "AC" + "0e2e".repeat(8);
export const FAKE_TWILIO_TOKEN = "e2e-twilio-auth-token-0123456789ab";
