package io.engram.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class McpProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AtomicInteger built = new AtomicInteger();
  private final List<String> log = new ArrayList<>();

  @Test
  void initializeAndPingAreAnsweredWithoutBuildingTheSdkServer() throws Exception {
    McpProtocol protocol = protocol(failingHandler());
    JsonNode init = answer(protocol, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
    assertThat(init.at("/result/protocolVersion").asText()).isEqualTo("2025-06-18");
    assertThat(init.at("/result/serverInfo/name").asText()).isEqualTo("engram");
    assertThat(init.at("/result/capabilities/tools").isObject()).isTrue();
    assertThat(init.at("/result/capabilities").has("roots")).isFalse();
    assertThat(answer(protocol, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}").get("result").isEmpty()).isTrue();
    assertThat(built).hasValue(0);
  }

  @Test
  void anUnknownProtocolVersionIsAnsweredWithTheLatestOneSpoken() throws Exception {
    JsonNode init = answer(protocol(failingHandler()), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
        + "\"params\":{\"protocolVersion\":\"2099-01-01\",\"capabilities\":{}}}");
    assertThat(init.at("/result/protocolVersion").asText()).isEqualTo(McpProtocol.VERSIONS.get(McpProtocol.VERSIONS.size() - 1));
  }

  @Test
  void theInitializedNotificationStartsBuildingTheSdkServer() throws Exception {
    McpProtocol protocol = protocol(failingHandler());
    protocol.notification(new JsonRpcMessage.Notification("notifications/initialized", java.util.Optional.empty()),
        java.util.Optional.empty());
    protocol.sdk();
    assertThat(built).hasValue(1);
  }

  @Test
  void aFailureInsideTheSdkIsAnInternalErrorWithoutItsText() throws Exception {
    McpProtocol protocol = protocol(failingHandler());
    JsonNode error = answer(protocol, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}");
    assertThat(error.at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(error.toString()).doesNotContain("secret", "IllegalStateException", "/home/");
    assertThat(String.join("\n", log)).contains("secret detail in /home/someone");
  }

  @Test
  void anSdkErrorAnswerWithInternalDetailIsReplacedButAProtocolErrorIsKept() throws Exception {
    McpStatelessServerHandler handler = handler(Mono.just(McpSchema.JSONRPCResponse.error(5,
        new McpSchema.JSONRPCResponse.JSONRPCError(-32603, "tools.jackson.databind.exc.Boom at Foo.java:12", "trace"))));
    JsonNode internal = answer(protocol(handler), "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}");
    assertThat(internal.toString()).doesNotContain("jackson", "Foo.java", "trace");
    McpStatelessServerHandler notFound = handler(Mono.just(McpSchema.JSONRPCResponse.error(6,
        new McpSchema.JSONRPCResponse.JSONRPCError(-32601, "Method not found: x/y", null))));
    JsonNode kept = answer(protocol(notFound), "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"x/y\"}");
    assertThat(kept.at("/error/code").asInt()).isEqualTo(-32601);
    assertThat(kept.at("/error/message").asText()).isEqualTo("Method not found: x/y");
  }

  @Test
  void aServerThatCannotStartAnswersInternalErrorAndTriesAgainNextTime() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    McpProtocol protocol = new McpProtocol(new McpProtocol.ServerIdentity("engram", "t", "i"), () -> {
      if (attempts.incrementAndGet() == 1) {
        throw new IllegalStateException("store locked");
      }
      return new McpProtocol.Sdk(handler(Mono.just(McpSchema.JSONRPCResponse.result(7, Map.of("tools", List.of())))),
          McpJsonDefaults.getMapper(), java.util.Set.of());
    }, log::add);
    String list = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}";
    assertThat(answer(protocol, list).at("/error/code").asInt()).isEqualTo(-32603);
    assertThat(answer(protocol, list).at("/result/tools").isArray()).isTrue();
    assertThat(String.join("\n", log)).contains("store locked");
  }

  @Test
  void theAnswerEchoesTheIdExactlyAsSent() throws Exception {
    McpStatelessServerHandler handler = handler(Mono.just(McpSchema.JSONRPCResponse.result("ignored", Map.of())));
    assertThat(answer(protocol(handler), "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,"
        + "\"method\":\"tools/list\"}").get("id").bigIntegerValue().toString()).isEqualTo("123456789012345678901234567890");
    assertThat(answer(protocol(handler), "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"method\":\"tools/list\"}")
        .get("id").asText()).isEqualTo("a\"b");
  }

  private McpProtocol protocol(McpStatelessServerHandler handler) {
    return new McpProtocol(new McpProtocol.ServerIdentity("engram", "test", "use it"), () -> {
      built.incrementAndGet();
      return new McpProtocol.Sdk(handler, McpJsonDefaults.getMapper(), java.util.Set.of());
    }, log::add);
  }

  private static McpStatelessServerHandler failingHandler() {
    return handler(Mono.error(new IllegalStateException("secret detail in /home/someone")));
  }

  private static McpStatelessServerHandler handler(Mono<McpSchema.JSONRPCResponse> answer) {
    return new McpStatelessServerHandler() {
      @Override
      public Mono<McpSchema.JSONRPCResponse> handleRequest(io.modelcontextprotocol.common.McpTransportContext c,
          McpSchema.JSONRPCRequest request) {
        return answer;
      }

      @Override
      public Mono<Void> handleNotification(io.modelcontextprotocol.common.McpTransportContext c,
          McpSchema.JSONRPCNotification notification) {
        return Mono.empty();
      }
    };
  }

  private static JsonNode answer(McpProtocol protocol, String request) throws Exception {
    return JSON.readTree(protocol.answer((JsonRpcMessage.Request) JsonRpcMessage.parse(request), Map.of()));
  }
}
