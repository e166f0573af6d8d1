package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.McpSettings;
import io.engram.mcp.transport.CallControl;
import io.engram.mcp.transport.LogLevel;
import io.engram.mcp.transport.McpProtocol;
import io.engram.mcp.transport.SdkHandlerSlot;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.stream.Collectors;

/**
 * The MCP Java SDK's stateless server with Engram's tools ({@link EngramTools}), memory resources ({@link
 * MemoryResources}) and prompts ({@link EngramPrompts}) for one project, and what {@link McpProtocol} needs of it; every
 * tool answer, error message and resource text redacted on the way out ({@link RedactedValues}). Both transports of
 * {@link EngramMcpServer} build one when the first request needs the memory.
 *
 * @param server the SDK's server, closed with the transport
 * @param sdk its handler, JSON mapper, resources and tool names, as the protocol uses them
 */
record SdkServer(McpStatelessSyncServer server, McpProtocol.Sdk sdk) {
  private static final String NAME = "engram";

  /** Who the server says it is on {@code initialize}, answered before the SDK is loaded. */
  static McpProtocol.ServerIdentity identity(String version) {
    return new McpProtocol.ServerIdentity(NAME, version, INSTRUCTIONS);
  }

  /** The SDK's server with {@code engram}'s tools, resources and prompts, bounded by {@code limits}. */
  static SdkServer of(Engram engram, String version, McpSettings limits) {
    McpJsonMapper json = McpJsonDefaults.getMapper();
    SdkHandlerSlot slot = new SdkHandlerSlot();
    Features features = new Features(engram, limits);
    McpStatelessSyncServer server = McpServer.sync(slot)
        .serverInfo(NAME, version)
        .capabilities(capabilities())
        .instructions(INSTRUCTIONS)
        .tools(features.tools.stream().map(t -> new McpStatelessServerFeatures.SyncToolSpecification(
            tool(json, t), (context, request) -> features.call(t, request.arguments(), context))).toList())
        .resourceTemplates(new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
            template(), (context, request) -> features.read(request.uri())))
        .prompts(features.prompts.prompts())
        .completions(features.prompts.completions())
        .build();
    McpProtocol.Resources resources = new McpProtocol.Resources() {
      @Override
      public List<McpSchema.Resource> list() throws IOException {
        return features.resources.list();
      }

      @Override
      public Map<String, String> fingerprints() throws IOException {
        return features.resources.fingerprints();
      }

      @Override
      public void onChange(Runnable changed) {
        features.resources.onChange(changed);
      }
    };
    return new SdkServer(server, new McpProtocol.Sdk(slot.handler().orElseThrow(
        () -> new IllegalStateException("the SDK built its server without a handler")), json, resources,
        features.tools.stream().map(ToolDef::name).collect(Collectors.toCollection(TreeSet::new))));
  }

  private static final String INSTRUCTIONS = "Engram is this project's long-term memory. Call `recall` with what"
      + " you are working on before acting; call `remember` when the user states a preference, a correction or"
      + " a project fact worth keeping, and `forget` when one is wrong (`restore` brings it back); `list` pages"
      + " through them; `context` shows the instruction files and the memory index; `compact` summarises a session"
      + " transcript with its quality score; `dream` consolidates the memories; `history` searches what was said"
      + " and done in this project's past sessions, when you need it.";

  private static McpSchema.ServerCapabilities capabilities() {
    // What the SDK's handler answers; initialize tells the client (McpProtocol), with what its transport adds.
    return McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).prompts(false).completions()
        .logging().build();
  }

  private static McpSchema.Tool tool(McpJsonMapper json, ToolDef t) {
    ToolDef.Effect e = t.effect();
    return McpSchema.Tool.builder().name(t.name()).title(t.title()).description(t.description())
        .inputSchema(json, t.inputSchema()).outputSchema(json, t.outputSchema())
        .annotations(new McpSchema.ToolAnnotations(t.title(), e.readOnly(), e.readOnly() ? null : e.destructive(),
            e.idempotent(), false, null))
        .build();
  }

  private static McpSchema.ResourceTemplate template() {
    return McpSchema.ResourceTemplate.builder(MemoryResources.TEMPLATE, "memory")
        .description("One memory's topic file (Markdown with YAML frontmatter)")
        .mimeType(MemoryResources.MIME)
        .build();
  }

  /** The tools and resources, shared by both transports. */
  private static final class Features {
    final List<ToolDef> tools;
    final MemoryResources resources;
    final EngramPrompts prompts;

    Features(Engram engram, McpSettings limits) {
      this.tools = EngramTools.all(engram, limits);
      this.resources = new MemoryResources(engram);
      this.prompts = new EngramPrompts(engram);
    }

    McpSchema.CallToolResult call(ToolDef tool, Map<String, Object> arguments, McpTransportContext context) {
      CallControl control = context.get(CallControl.KEY) instanceof CallControl c ? c : CallControl.none();
      ToolCall call = new ToolCall(new Arguments(arguments), control);
      long started = System.nanoTime();
      try {
        // Every answer leaves the process: memories a person edited by hand, transcripts and summaries
        // may hold secrets that no write removed.
        ToolDef.ToolAnswer answer = tool.action().run(call);
        control.log(LogLevel.DEBUG, tool.name() + " answered in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        return McpSchema.CallToolResult.builder().addTextContent(RedactedValues.text(answer.text()))
            .structuredContent(RedactedValues.of(answer.structured())).isError(false).build();
      } catch (ToolInputException | IOException | UncheckedIOException | IllegalArgumentException e) {
        String message = RedactedValues.text(tool.name() + ": " + e.getMessage());
        control.log(LogLevel.WARNING, message);
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
      } catch (CancellationException e) {
        control.log(LogLevel.INFO, tool.name() + " stopped" + (call.stage().isEmpty() ? "" : " at " + call.stage())
            + ": cancelled by the client after " + (System.nanoTime() - started) / 1_000_000 + " ms");
        return McpSchema.CallToolResult.builder().addTextContent(tool.name() + ": cancelled").isError(true).build();
      }
    }

    McpSchema.ReadResourceResult read(String uri) {
      try {
        McpSchema.ReadResourceResult read = resources.read(uri);
        return new McpSchema.ReadResourceResult(read.contents().stream().map(c -> c instanceof McpSchema.TextResourceContents t
            ? new McpSchema.TextResourceContents(t.uri(), t.mimeType(), RedactedValues.text(t.text()))
            : c).toList());
      } catch (ToolInputException e) {
        throw McpError.RESOURCE_NOT_FOUND.apply(uri);
      } catch (IOException e) {
        throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message("cannot read " + uri + ": "
            + e.getMessage()).build();
      }
    }
  }
}
