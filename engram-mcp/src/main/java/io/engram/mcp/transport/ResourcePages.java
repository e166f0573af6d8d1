package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.config.McpSettings;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code resources/list}, answered from the store as it is now (whoever changed it), one page at a time by URI:
 * {@code mcp.pageSize} resources, then a {@code nextCursor} naming the last one ({@link PageCursor}), so a page
 * boundary holds while memories come and go.
 */
final class ResourcePages {
  private ResourcePages() {}

  /** The page {@code request} asks for (its {@code cursor}, else the first) of the resources of {@code server}. */
  static String answer(McpProtocol.Sdk server, JsonRpcMessage.Request request, Consumer<String> log) {
    Optional<String> after;
    try {
      after = Optional.ofNullable(request.params().map(p -> p.get("cursor")).filter(JsonNode::isTextual)
          .map(JsonNode::textValue).orElse(null)).map(PageCursor::position);
    } catch (IllegalArgumentException e) {
      return JsonRpcError.invalidParams(e.getMessage()).response(Optional.of(request.id()));
    }
    List<McpSchema.Resource> all;
    try {
      all = server.resources().list();
    } catch (IOException e) {
      log.accept("resources/list failed: " + e.getMessage());
      return JsonRpcError.internal().response(Optional.of(request.id()));
    }
    List<McpSchema.Resource> page = all.stream().sorted(Comparator.comparing(McpSchema.Resource::uri))
        .filter(r -> after.isEmpty() || r.uri().compareTo(after.get()) > 0)
        .limit(McpSettings.DEFAULTS.pageSize() + 1L).toList();
    String next = null;
    if (page.size() > McpSettings.DEFAULTS.pageSize()) {
      page = page.subList(0, McpSettings.DEFAULTS.pageSize());
      next = PageCursor.after(page.get(page.size() - 1).uri());
    }
    try {
      return request.result(server.json().writeValueAsString(new McpSchema.ListResourcesResult(page, next)));
    } catch (IOException e) {
      log.accept("resources/list failed: " + e);
      return JsonRpcError.internal().response(Optional.of(request.id()));
    }
  }
}
