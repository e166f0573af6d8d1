// Drives Engram's MCP server with the official MCP TypeScript SDK client and prints what it saw as one
// JSON object on stdout; McpNodeClientTest asserts on it.
//   node client.mjs stdio <command> [args...]
//   node client.mjs http <url> <token>
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ErrorCode,
  McpError,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

const [mode, ...rest] = process.argv.slice(2);
const report = { mode };

function transportFor(token) {
  if (mode === "stdio") {
    return new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: "inherit" });
  }
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  return new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers } });
}

function text(result) {
  return (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

const client = new Client({ name: "engram-node-test", version: "1.0.0" });
// Records any request the server sends; this client declares no capabilities, so it answers each with
// "method not found", as the SDK's client does by default.
report.serverRequests = [];
client.fallbackRequestHandler = async (request) => {
  report.serverRequests.push(request.method);
  throw new McpError(ErrorCode.MethodNotFound, "Method not found");
};
// What the server tells: a memory came or went (list_changed), a subscribed one changed (updated).
report.notifications = [];
client.setNotificationHandler(ResourceListChangedNotificationSchema, () => report.notifications.push("list_changed"));
client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => report.notifications.push(`updated ${n.params.uri}`));
async function told(what, ms = 10000) {
  const t0 = Date.now();
  while (!report.notifications.includes(what) && Date.now() - t0 < ms) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return report.notifications.includes(what);
}
await client.connect(transportFor(mode === "http" ? rest[1] : undefined));
report.server = client.getServerVersion()?.name;
report.resourcesCapability = client.getServerCapabilities()?.resources ?? {};
report.tools = (await client.listTools()).tools.map((t) => t.name).sort();
// A roots change announced by a client that never declared roots: the server must not ask for them.
await client.transport.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
report.rememberSchemaRequired = (await client.listTools()).tools.find((t) => t.name === "remember")?.inputSchema?.required ?? [];

const remembered = await client.callTool({
  name: "remember",
  arguments: {
    name: "tests-need-redis",
    description: "How to run the test suite",
    type: "project",
    body: "The integration tests need a Redis server on localhost:6379; start it with `docker run -p 6379:6379 redis`.",
  },
});
report.remember = { isError: remembered.isError ?? false, text: text(remembered) };
report.toldRemembered = await told("list_changed");

const listed = await client.callTool({ name: "list", arguments: {} });
report.list = { isError: listed.isError ?? false, names: (listed.structuredContent?.memories ?? []).map((m) => m.name) };

const recalled = await client.callTool({ name: "recall", arguments: { query: "what do the tests need redis" } });
report.recall = { isError: recalled.isError ?? false, names: (recalled.structuredContent?.memories ?? []).map((m) => m.name), text: text(recalled) };

const resources = await client.listResources();
report.resources = resources.resources.map((r) => r.uri);
const uri = resources.resources.find((r) => r.name === "tests-need-redis")?.uri
  ?? recalled.structuredContent?.memories?.[0]?.uri;
const read = await client.readResource({ uri });
report.read = { uri, text: read.contents.map((c) => c.text).join("") };
await client.subscribeResource({ uri });

const context = await client.callTool({ name: "context", arguments: {} });
report.context = { isError: context.isError ?? false, text: text(context) };

let bad;
try {
  bad = await client.callTool({ name: "remember", arguments: { name: "x", description: "d", type: "nonsense", body: "b" } });
  report.badInput = { isError: bad.isError ?? false, text: text(bad) };
} catch (e) {
  report.badInput = { isError: true, text: String(e.message ?? e), thrown: true };
}

const forgotten = await client.callTool({ name: "forget", arguments: { name: "tests-need-redis" } });
report.forget = { isError: forgotten.isError ?? false, text: text(forgotten) };
report.toldForgotten = await told(`updated ${uri}`);
const forgottenAgain = await client.callTool({ name: "forget", arguments: { name: "tests-need-redis" } });
report.forgetAgain = { isError: forgottenAgain.isError ?? false, text: text(forgottenAgain) };
const after = await client.callTool({ name: "list", arguments: {} });
report.listAfterForget = (after.structuredContent?.memories ?? []).map((m) => m.name);
await client.close();

if (mode === "http") {
  for (const [label, token] of [["wrongToken", "not-the-token"], ["noToken", undefined]]) {
    const other = new Client({ name: "engram-node-test-intruder", version: "1.0.0" });
    try {
      await other.connect(transportFor(token));
      report[label] = "accepted";
      await other.close();
    } catch (e) {
      report[label] = String(e.message ?? e);
    }
  }
  const raw = await fetch(rest[0], { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: "Bearer wrong" }, body: "{}" });
  report.wrongTokenStatus = raw.status;
}

process.stdout.write(JSON.stringify(report) + "\n");
