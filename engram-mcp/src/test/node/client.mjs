// Drives Engram's MCP server with the official MCP TypeScript SDK client and prints what it saw as one
// JSON object on stdout; McpNodeClientTest asserts on it.
//   node client.mjs stdio <transcript> <command> [args...]
//   node client.mjs http <transcript> <url> <token>
// The client checks every structured result against the tool's output schema itself (callTool throws when one
// does not validate), so a call recorded without "thrown" passed that check.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ErrorCode,
  McpError,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

const [mode, transcript, ...rest] = process.argv.slice(2);
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

// One tool call as the report keeps it; "thrown" holds what the client threw (a protocol error, or a structured
// result that did not validate against the tool's output schema).
async function call(name, args) {
  try {
    const r = await client.callTool({ name, arguments: args });
    return { isError: r.isError ?? false, text: text(r), structured: r.structuredContent ?? null };
  } catch (e) {
    return { isError: true, thrown: String(e.message ?? e), code: e.code ?? null };
  }
}

await client.connect(transportFor(mode === "http" ? rest[1] : undefined));
report.server = client.getServerVersion()?.name;
report.serverVersion = client.getServerVersion()?.version;
report.resourcesCapability = client.getServerCapabilities()?.resources ?? {};
const tools = (await client.listTools()).tools;
report.tools = tools.map((t) => t.name).sort();
report.toolDetails = Object.fromEntries(tools.map((t) => [t.name, {
  title: t.title ?? null,
  annotations: t.annotations ?? null,
  outputSchema: t.outputSchema?.type ?? null,
  undescribed: Object.entries(t.inputSchema?.properties ?? {}).filter(([, p]) => !p.description).map(([k]) => k),
  typeDescription: t.inputSchema?.properties?.type?.description ?? null,
}]));
// A roots change announced by a client that never declared roots: the server must not ask for them.
await client.transport.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
report.rememberSchemaRequired = tools.find((t) => t.name === "remember")?.inputSchema?.required ?? [];

report.remember = await call("remember", {
  name: "tests-need-redis",
  description: "How to run the test suite",
  type: "project",
  body: "The integration tests need a Redis server on localhost:6379; start it with `docker run -p 6379:6379 redis`.",
});
report.toldRemembered = await told("list_changed");

const listed = await call("list", { type: "project" });
report.list = { ...listed, names: (listed.structured?.memories ?? []).map((m) => m.name) };

// The whole list a page at a time: the default page, then every page of two.
const firstPage = await call("list", {});
report.listDefaultPage = { count: firstPage.structured?.memories?.length, total: firstPage.structured?.total,
  nextCursor: firstPage.structured?.nextCursor ?? null, thrown: firstPage.thrown ?? null };
report.listPaged = [];
report.listPages = 0;
for (let cursor; report.listPages < 100;) {
  const page = await call("list", cursor ? { limit: 2, cursor } : { limit: 2 });
  report.listPages++;
  report.listPaged.push(...(page.structured?.memories ?? []).map((m) => m.name));
  cursor = page.structured?.nextCursor;
  if (!cursor) break;
}
report.badCursor = await call("list", { cursor: "not-a-cursor" });

const recalled = await call("recall", { query: "what do the tests need redis" });
report.recall = { ...recalled, names: (recalled.structured?.memories ?? []).map((m) => m.name) };

// resources/list a page at a time, as a client follows nextCursor.
report.resourcePages = 0;
report.resources = [];
for (let cursor; report.resourcePages < 100;) {
  const page = await client.listResources(cursor ? { cursor } : {});
  report.resourcePages++;
  report.resources.push(...page.resources.map((r) => r.uri));
  cursor = page.nextCursor;
  if (!cursor) break;
}
const uri = report.resources.find((u) => u.endsWith("/tests-need-redis"));
const read = await client.readResource({ uri });
report.read = { uri, text: read.contents.map((c) => c.text).join("") };
await client.subscribeResource({ uri });

report.context = await call("context", {});
report.history = await call("history", { query: "redis" });
report.compact = await call("compact", { transcript });
report.badInput = await call("remember", { name: "x", description: "d", type: "nonsense", body: "b" });
report.unknownTool = await call("no-such-tool", {});

report.forget = await call("forget", { name: "tests-need-redis" });
report.toldForgotten = await told(`updated ${uri}`);
report.forgetAgain = await call("forget", { name: "tests-need-redis" });
const after = await call("list", { type: "project" });
report.listAfterForget = (after.structured?.memories ?? []).map((m) => m.name);

// Two forgotten memories of one name: restore brings back the entry it is given, not the newest.
await call("remember", { name: "tests-need-redis", description: "second version", type: "project", body: "Redis 7 now." });
report.forgetSecond = await call("forget", { name: "tests-need-redis" });
report.restore = await call("restore", { trashId: report.forget.structured?.trashId });
report.restoreOverExisting = await call("restore", { name: "tests-need-redis" });
report.restoredText = (await client.readResource({ uri })).contents.map((c) => c.text).join("");
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
