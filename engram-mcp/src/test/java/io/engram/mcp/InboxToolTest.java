package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.Engram;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.review.Proposal;
import io.engram.review.ProposedChange;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The review round trip over MCP with the SDK's own Java client: list, show, accept with an edit, reject. */
class InboxToolTest {
  @TempDir Path home;
  @TempDir Path project;

  private static String propose(Engram engram, String name, String body) throws Exception {
    Memory m = Memory.builder(name, MemoryType.FEEDBACK).description("About " + name).body(body)
        .source(MemorySource.USER).session("s9").build();
    return engram.inbox().propose(Proposal.Origin.EXTRACTION, Optional.of("s9"), "create feedback memory '" + name
        + "'", "the user said: \"" + body.strip() + "\"", List.of(new ProposedChange.Write(name, Optional.empty(),
        MemoryFormat.format(m)))).orElseThrow().id();
  }

  private static String text(McpSchema.CallToolResult r) {
    return ((McpSchema.TextContent) r.content().get(0)).text();
  }

  @Test
  void anAgentListsShowsAcceptsWithAnEditAndRejectsProposals() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    String keep = propose(engram, "offline-tests", "Run the tests offline with ./mvnw -o.\n");
    String drop = propose(engram, "use-yarn", "Use yarn.\n");
    try (EngramMcpServer.Http server = EngramMcpServer.serveHttp(engram, new InetSocketAddress("127.0.0.1", 0),
        TestServerMain.TOKEN, "test")) {
      McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
          .builder("http://127.0.0.1:" + server.address().getPort()).endpoint(server.endpoint())
          .httpRequestCustomizer((request, method, uri, body, context) ->
              request.header("Authorization", "Bearer " + TestServerMain.TOKEN))
          .build()).requestTimeout(Duration.ofSeconds(20)).build();
      try {
        client.initialize();
        McpSchema.CallToolResult listed = client.callTool(new McpSchema.CallToolRequest("inbox",
            Map.of("action", "list")));
        assertThat(text(listed)).contains(keep, drop, "extraction: create feedback memory 'offline-tests'");

        McpSchema.CallToolResult shown = client.callTool(new McpSchema.CallToolRequest("inbox",
            Map.of("action", "show", "id", keep.substring(0, 6))));
        assertThat(text(shown)).contains("why: the user said", "./mvnw -o", "session: s9");

        String edited = "---\nname: offline-tests\ndescription: Tests run offline\ntype: feedback\n---\n"
            + "Run the tests offline with ./mvnw -o; the full build downloads too much.\n";
        McpSchema.CallToolResult accepted = client.callTool(new McpSchema.CallToolRequest("inbox",
            Map.of("action", "accept", "id", keep, "edited", edited)));
        assertThat(accepted.isError()).as(text(accepted)).isFalse();
        assertThat(engram.memory().read("offline-tests").orElseThrow().memory().body())
            .contains("downloads too much");
        assertThat(engram.memory().read("offline-tests").orElseThrow().memory().session()).contains("s9");

        assertThat(client.callTool(new McpSchema.CallToolRequest("inbox", Map.of("action", "reject", "id", drop)))
            .isError()).isFalse();
        assertThat(engram.memory().read("use-yarn")).isEmpty();
        assertThat(text(client.callTool(new McpSchema.CallToolRequest("inbox", Map.of("action", "list")))))
            .isEqualTo("The review inbox is empty.");

        McpSchema.CallToolResult unknown = client.callTool(new McpSchema.CallToolRequest("inbox",
            Map.of("action", "accept", "id", "ffffff")));
        assertThat(unknown.isError()).isTrue();
        assertThat(text(unknown)).contains("no proposal 'ffffff'");
      } finally {
        client.closeGracefully();
      }
    }
  }
}
