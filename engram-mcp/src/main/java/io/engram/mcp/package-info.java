/**
 * Engram as an MCP server, on the official MCP Java SDK (2.2), so that any agent that speaks MCP gets the
 * project's memory.
 *
 * <p>{@link io.engram.mcp.EngramMcpServer} serves it over stdio ({@code serveStdio}) or over streamable
 * HTTP ({@code serveHttp}, with a bearer token, on engram-http's server; {@code ForProjects} is the handler the
 * resident service mounts for every project). The tools and resources are the SDK's stateless server; what
 * goes on the wire is {@link io.engram.mcp.transport}'s (stdio of Engram's own, for robustness, and a Jetty
 * handler for HTTP: that package-info says why). The project's {@link io.engram.Engram} is what it works on (its memory,
 * instruction files, settings, recall, model and home), built as every other surface builds it (on-disk index,
 * vectors, configured model); {@code engram mcp} builds it over stdio only once the first request needs it, so that {@code initialize} is answered
 * before the store and the tokenizer are loaded.
 *
 * <p>The tools and resources are defined once and registered on the SDK's stateless server ({@code SdkServer}),
 * which both transports share. A tool is a {@code ToolDef}: its name, a title, a description a model can act on, its effect
 * (read-only, destructive, idempotent: told to clients as {@code annotations}, {@code openWorldHint} false), the JSON
 * schema of its arguments with every argument described ({@code Schemas} holds the shared pieces: what user,
 * feedback, project and reference mean) and the schema of its structured result, which every answer validates
 * against (the SDK checks it, and so do the clients). {@code EngramTools} lists them, the one place a new tool is
 * added: {@code recall} (through {@link io.engram.recall.MemoryRecall}, with the session budgets when a session id
 * is given), {@code remember} (the memory records the agent it came from: the {@code ENGRAM_AGENT} the agent's MCP
 * entry sets, over stdio or passed on by the launcher's relay in {@code Engram-Agent}, else the name the client gave
 * in {@code initialize}, as {@link io.engram.transcript.CodingAgent#ofClient} reads it), {@code forget} (answering the trash entry's id), {@code restore} (by that id or by
 * name), {@code list} (a page of {@code mcp.pageSize} memories by name, then a {@code nextCursor}), {@code context},
 * {@code history}, {@code compact}, {@code dream} ({@code DreamTool}: {@link io.engram.dream.Dream} as
 * {@code engram dream} runs it, its phases as progress; cancelled while it plans it changes nothing, once it applies
 * it finishes) and {@code inbox} (the review inbox, {@code InboxTool}: list, show, accept with or without an edit,
 * reject, as {@code engram inbox} does). {@code context} with a {@code path} answers with the instruction files of
 * the subdirectories down to that file that the session has not had ({@code SubdirectoryInstructions}: per
 * session id under Engram's home, else per server connection). {@code CompactionTool} checks that the transcript is an absolute {@code
 * .jsonl} path and calls {@link io.engram.compaction.SessionCompaction} as {@code engram compact} does; its
 * structured content is the {@link io.engram.compaction.CompactionResult} in the JSON form {@code engram
 * compact --json} prints (empty optional fields left out), its text content the summary and its score. The SDK
 * validates arguments against the schema first; a bad argument, an unknown memory or an I/O failure is an {@code
 * isError} result naming the problem, never a protocol error. A tool receives a {@code ToolCall}: its arguments,
 * and the client it tells its stages to ({@code step}: progress when asked for, and the point where a cancelled
 * call stops). {@code compact} reports reading the transcript and then {@link io.engram.compaction.CompactionProgress}'s
 * stages.
 *
 * <p>{@code EngramPrompts} are the prompts clients offer as commands: {@code recall} (what Engram remembers for the
 * task given), {@code remember} (save this, with the type when given), {@code about} (a memory by name, else what
 * recall finds for the topic) and {@code compact} (compact this session now through the tool); and the completions
 * of {@code about}'s topic and the resource template's {@code name} (memory names, those starting with what was
 * typed first, of the scope given) and {@code scope}, and of {@code remember}'s type.
 *
 * <p>{@code MemoryResources} serves every memory as {@code memory://<project-key>/<name>} or {@code
 * memory://user/<name>} (template {@code memory://{scope}/{name}}), readable at any time; {@code resources/list} is
 * answered by the transport package from the store as it is, a page at a time.
 *
 * <p>The SDK brings Jackson 3 ({@code tools.jackson}, beside the core's Jackson 2, in other packages),
 * Reactor, a JSON-schema validator and SLF4J; the command line adds SLF4J's no-op provider, and in stdio
 * mode sends anything printed to {@code System.out} to stderr, so that stdout carries only protocol messages.
 * What reaches stderr is the transports' own log: one line per refused message or internal failure.
 *
 * <p>Where to start: {@link io.engram.mcp.EngramMcpServer#serveStdio}.
 */
package io.engram.mcp;
