// Drives the server's prompts, completions, logging, progress, cancellation and batches with the official MCP
// TypeScript SDK client, and prints what it saw as one JSON object on stdout; McpNodeClientTest asserts on it.
//   node features.mjs stdio <small transcript> <large transcript> <command> [args...]
//   node features.mjs http <small transcript> <large transcript> <url> <token>
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [mode, small, large, ...rest] = process.argv.slice(2);
const report = { mode };
const t0 = Date.now();
const at = () => Date.now() - t0;

function transport() {
  if (mode === "stdio") {
    return new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: "inherit" });
  }
  return new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers: { Authorization: `Bearer ${rest[1]}` } } });
}

const client = new Client({ name: "engram-node-features", version: "1.0.0" });
report.logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => report.logs.push({ at: at(), level: n.params.level, data: String(n.params.data) }));
// A response that arrives for a request the client no longer waits for (one it cancelled) shows up here.
report.clientErrors = [];
// The messages as they came, in order, and the requests as they went. The SDK hands a progress notification to the
// call's onprogress a microtask later but settles the call on its answer at once, so a progress notification that
// came in the same read as the answer, before it, finds the call gone: the SDK drops it and reports an unknown token.
// What a call was told is therefore read off the wire, in the order the server sent it.
const wire = [];
const sent = [];
client.onerror = (e) => {
  const text = String(e.message ?? e);
  if (text.startsWith("Received a progress notification for an unknown token") && cameBeforeItsAnswer(text)) {
    return; // on time on the wire (before the answer): the SDK's own order of delivery, not the server's
  }
  report.clientErrors.push(text);
};
const connected = transport();
await client.connect(connected);
const deliver = connected.onmessage;
connected.onmessage = (message, extra) => {
  wire.push(message);
  deliver?.(message, extra);
};
const send = connected.send.bind(connected);
connected.send = (message, options) => {
  sent.push(message);
  return send(message, options);
};
const isProgress = (m, token) => m.method === "notifications/progress" && m.params?.progressToken === token;
const isAnswer = (m, token) => m.method === undefined && m.id === token;
// Whether the progress notification in an SDK's "unknown token" error came on the wire before its call's answer.
function cameBeforeItsAnswer(text) {
  let n;
  try {
    n = JSON.parse(text.slice(text.indexOf("{")));
  } catch {
    return false;
  }
  const token = n.params?.progressToken;
  const at = wire.findIndex((m) => isProgress(m, token) && m.params.progress === n.params.progress);
  const answered = wire.findIndex((m) => isAnswer(m, token));
  return at >= 0 && answered > at;
}
// The progress the last call of tool `name` was told before its answer; any told after it goes to lateProgress.
report.lateProgress = [];
function progressOf(name) {
  const call = sent.findLast((m) => m.method === "tools/call" && m.params?.name === name);
  const token = call?.params?._meta?.progressToken;
  const answered = wire.findIndex((m) => isAnswer(m, token));
  const told = [];
  wire.forEach((m, i) => {
    if (isProgress(m, token)) {
      (answered < 0 || i < answered ? told : report.lateProgress).push(m.params);
    }
  });
  return told;
}
report.capabilities = client.getServerCapabilities();

// Prompts, as a client offers them for commands, and each one got.
const prompts = (await client.listPrompts()).prompts;
report.prompts = prompts.map((p) => ({ name: p.name, title: p.title, arguments: (p.arguments ?? []).map((a) => `${a.name}${a.required ? "*" : ""}`) }));
const got = async (name, args) => {
  try {
    const r = await client.getPrompt({ name, arguments: args });
    return { description: r.description, text: r.messages.map((m) => m.content.text).join("\n") };
  } catch (e) {
    return { thrown: String(e.message ?? e), code: e.code ?? null };
  }
};
report.promptRecall = await got("recall", { task: "make the integration tests pass with redis" });
report.promptRemember = await got("remember", { what: "the user prefers tabs", type: "user" });
report.promptAbout = await got("about", { topic: "seeded-07" });
report.promptCompact = await got("compact", { instructions: "keep the failing test" });
report.promptMissing = await got("about", {});

// Completions of a prompt's argument and of the resource template's.
const complete = async (ref, name, value, context) => {
  try {
    return (await client.complete({ ref, argument: { name, value }, ...(context ? { context: { arguments: context } } : {}) })).completion;
  } catch (e) {
    return { thrown: String(e.message ?? e) };
  }
};
report.completeTopic = await complete({ type: "ref/prompt", name: "about" }, "topic", "seeded-1");
report.completeType = await complete({ type: "ref/prompt", name: "remember" }, "type", "f");
report.completeUri = await complete({ type: "ref/resource", uri: "memory://{scope}/{name}" }, "name", "seeded-2");
report.completeUserScope = await complete({ type: "ref/resource", uri: "memory://{scope}/{name}" }, "name", "seeded", { scope: "user" });

// Logging: debug and up from now on; each tool call says how long it took.
await client.setLoggingLevel("debug");
await client.callTool({ name: "list", arguments: { limit: 1 } });

// Progress: a compaction and a dream preview tell each stage, each before the answer (read off the wire: above).
const compacted = await client.callTool({ name: "compact", arguments: { transcript: small } }, undefined,
  { onprogress: () => {} });
report.compactProgress = progressOf("compact");
report.compact = { isError: compacted.isError ?? false, score: compacted.structuredContent?.score?.total ?? null };
const dreamt = await client.callTool({ name: "dream", arguments: { dryRun: true, force: true } }, undefined,
  { onprogress: () => {} });
report.dreamProgress = progressOf("dream");
report.dream = { isError: dreamt.isError ?? false, text: (dreamt.content ?? []).map((c) => c.text).join("\n"), outcome: dreamt.structuredContent?.outcome ?? null };

// Cancellation: a compaction of a long session, cancelled at its first stage. The server stops at its next stage,
// says so in a log message, and sends no answer.
const controller = new AbortController();
report.cancelProgress = [];
let cancelledAt = null;
const cancelled = client.callTool({ name: "compact", arguments: { transcript: large } }, undefined, {
  signal: controller.signal, timeout: 120000,
  onprogress: (p) => {
    report.cancelProgress.push(p);
    if (cancelledAt === null) {
      cancelledAt = at();
      controller.abort("the user pressed escape");
    }
  },
});
try {
  await cancelled;
  report.cancelOutcome = "answered";
} catch (e) {
  report.cancelOutcome = "rejected: " + String(e.message ?? e);
}
const stopped = async () => {
  for (let i = 0; i < 600; i++) {
    const line = report.logs.find((l) => l.data.includes("compact stopped"));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
};
const stopLine = await stopped();
report.cancelledAt = cancelledAt;
report.stopLog = stopLine;
// Time for a late answer to arrive, were one sent; then the server still answers.
await new Promise((r) => setTimeout(r, 500));
report.pingAfterCancel = (await client.ping()) !== undefined;

// Batches through the SDK's own HTTP transport: answered under 2025-03-26, refused under 2025-06-18.
if (mode === "http") {
  for (const version of ["2025-03-26", "2025-06-18"]) {
    const raw = new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers: { Authorization: `Bearer ${rest[1]}` } } });
    const seen = [];
    raw.onmessage = (m) => seen.push(m);
    let error = null;
    raw.onerror = (e) => { error = String(e.message ?? e); };
    await raw.start();
    await raw.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "batch", version: "1" } } });
    raw.setProtocolVersion(version);
    await raw.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    try {
      await raw.send([
        { jsonrpc: "2.0", id: 2, method: "ping" },
        { jsonrpc: "2.0", id: 3, method: "tools/list" },
        { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
      ]);
    } catch (e) {
      error = String(e.message ?? e);
    }
    await new Promise((r) => setTimeout(r, 200));
    report["batch " + version] = { answered: seen.filter((m) => m.id === 2 || m.id === 3).map((m) => m.id).sort(), error };
    await raw.close();
  }
}
await client.close();
process.stdout.write(JSON.stringify(report) + "\n");
