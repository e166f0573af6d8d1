// Subscribes to one memory with the official MCP TypeScript SDK client over streamable HTTP, says "ready" on stdout,
// and reports (one JSON line) what the server told it while another surface of the server's process wrote.
//   node changes.mjs <url> <token> <memory name to subscribe to>
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

const [url, token, name] = process.argv.slice(2);
const t0 = Date.now();
const report = { notifications: [] };
const client = new Client({ name: "engram-node-changes", version: "1.0.0" });
client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
  report.notifications.push({ what: "list_changed", at: Date.now() - t0 }));
client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) =>
  report.notifications.push({ what: `updated ${n.params.uri}`, at: Date.now() - t0 }));
await client.connect(new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } } }));

const listed = [];
for (let cursor; ;) {
  const page = await client.listResources(cursor ? { cursor } : {});
  listed.push(...page.resources.map((r) => r.uri));
  cursor = page.nextCursor;
  if (!cursor) break;
}
report.uri = listed.find((u) => u.endsWith("/" + name));
await client.subscribeResource({ uri: report.uri });
// What the session start told is not what the write tells.
await new Promise((r) => setTimeout(r, 300));
report.notifications.length = 0;
report.readyAt = Date.now() - t0;
process.stdout.write("ready\n");

const told = (what) => report.notifications.some((n) => n.what === what);
while (!(told("list_changed") && told(`updated ${report.uri}`)) && Date.now() - t0 < report.readyAt + 15000) {
  await new Promise((r) => setTimeout(r, 50));
}
await client.close();
process.stdout.write(JSON.stringify(report) + "\n");
